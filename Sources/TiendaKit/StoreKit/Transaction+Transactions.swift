import Foundation

extension Transaction {
    /// An asynchronous sequence of verified transactions (`Transaction.Transactions`).
    ///
    /// ``Transaction/currentEntitlements``, ``Transaction/all`` and ``Transaction/unfinished`` are finite: they
    /// read the store once, when iteration starts. ``Transaction/updates`` never ends unless its task is
    /// cancelled. Store failures end a finite sequence early, as StoreKit's do.
    public struct Transactions: AsyncSequence, Sendable {
        /// A verified or unverified transaction.
        public typealias Element = VerificationResult<Transaction>
        /// The sequences never throw.
        public typealias Failure = Never

        /// Reads the next batch after a position; `nil` ends the sequence.
        let nextBatch: @Sendable (Position) async -> (batch: [Element], next: Position)?

        /// Where a reader stands.
        enum Position: Sendable {
            /// Before the first read.
            case start
            /// After the updates feed's entry at this cursor, skipping the feed's copies of the unfinished
            /// transactions already delivered (by transaction identifier and revocation).
            case feed(Int64, delivered: Set<String>)
            /// After the last batch of a finite sequence.
            case end
        }

        /// Creates an iterator.
        public func makeAsyncIterator() -> AsyncIterator {
            AsyncIterator(nextBatch: nextBatch)
        }

        /// Reads transactions one at a time.
        public struct AsyncIterator: AsyncIteratorProtocol {
            let nextBatch: @Sendable (Position) async -> (batch: [Element], next: Position)?
            var buffer: [Element] = []
            var position = Position.start

            /// The next transaction, or `nil` at the end.
            public mutating func next() async -> Element? {
                while buffer.isEmpty {
                    if case .end = position { return nil }
                    guard let (batch, next) = await nextBatch(position) else {
                        position = .end
                        return nil
                    }
                    buffer = batch
                    position = next
                }
                return buffer.removeFirst()
            }
        }
    }
}

extension Transaction.Transactions {
    /// A finite sequence read with one call to the store; a failure yields nothing.
    static func once(
        _ client: StoreClient?, _ read: @escaping @Sendable (StoreClient) async throws(StoreKitError) -> [String]
    ) -> Transaction.Transactions {
        Transaction.Transactions { position in
            guard case .start = position, let client = try? StoreClient.resolve(client) else { return nil }
            guard let signed = try? await read(client) else { return nil }
            let simulated = await client.backend.simulatedVerificationError()
            return (client.verifyTransactions(signed, simulated: simulated), .end)
        }
    }

    /// `Transaction.updates` for a client: the launch's unfinished transactions first (for the launch's first
    /// listener only), then every entry of the updates feed after the launch.
    static func updates(_ client: StoreClient?) -> Transaction.Transactions {
        Transaction.Transactions { position in
            guard let client = try? StoreClient.resolve(client) else { return nil }
            switch position {
            case .start:
                guard let cursor = await retrying({ () async throws(StoreKitError) in try await client.launchCursor() })
                else { return nil }
                guard client.claimUnfinishedDelivery() else { return ([], .feed(cursor, delivered: [])) }
                let unfinished = (try? await client.backend.unfinishedTransactions()) ?? []
                let simulated = await client.backend.simulatedVerificationError()
                let batch = client.verifyTransactions(unfinished, simulated: simulated)
                return (batch, .feed(cursor, delivered: Set(batch.map(\.deliveryKey))))
            case .feed(let cursor, let delivered):
                guard let page = await retrying({ () async throws(StoreKitError) in
                    try await client.backend.transactionUpdates(after: cursor)
                }), !Task.isCancelled else { return nil }
                let simulated = await client.backend.simulatedVerificationError()
                let batch = client.verifyTransactions(page.transactions, simulated: simulated)
                return (batch.filter { !delivered.contains($0.deliveryKey) }, .feed(page.cursor, delivered: delivered))
            case .end:
                return nil
            }
        }
    }

    /// Runs `read` until it succeeds, waiting a little longer after each failure (the store may be offline);
    /// `nil` once the task is cancelled.
    private static func retrying<T: Sendable>(_ read: () async throws(StoreKitError) -> T) async -> T? {
        var delay = Duration.milliseconds(100)
        while !Task.isCancelled {
            if let value = try? await read() { return value }
            try? await Task.sleep(for: delay)
            delay = Swift.min(delay * 2, .seconds(30))
        }
        return nil
    }
}

extension VerificationResult where SignedType == Transaction {
    /// What makes two deliveries of a transaction the same update: its identifier and its revocation.
    var deliveryKey: String {
        let transaction = unsafePayloadValue
        return "\(transaction.id)/\(transaction.revocationDate?.timeIntervalSince1970 ?? 0)"
    }
}
