import AppStoreEngine
import Foundation
import StoreModel

/// The subscribers' year, driven through the engine's public API: accounts, purchases spread over the first
/// month, then each month refunds (and resubscriptions) for one share of the subscribers, billing failures for
/// another (recovered at the month's end), and one advance of the virtual clock that renews everyone due.
final class EngineWorkload {
    static let bundleId = "com.tienda.example"
    static let product = "com.tienda.example.pro.monthly"
    /// Purchases in the first month happen in this many batches, one virtual instant each.
    static let purchaseBatches = 100

    let engine: AppStoreEngine
    let clock: VirtualClock
    let census: OutboxCensus
    let start: Timestamp
    private(set) var accounts: [String] = []
    /// Each subscriber's original transaction ID, by position.
    private(set) var originals: [Int64] = []
    private var random: SplitMix
    /// The calls measured since the last ``takeCalls()``.
    private var calls: [CallKind: CallTally] = [:]

    init(engine: AppStoreEngine, clock: VirtualClock, census: OutboxCensus, seed: UInt64) {
        self.engine = engine
        self.clock = clock
        self.census = census
        start = clock.now
        random = SplitMix(seed: seed)
    }

    /// Creates `count` accounts (no signing; not part of the ratio).
    func createAccounts(_ count: Int) async throws {
        accounts = (0..<count).map { "subscriber-\($0)" }
        for (index, account) in accounts.enumerated() {
            try await engine.createAccount(Account(
                id: account, deviceVerificationId: "00000000-0000-4000-8000-" + String(index, radix: 16).leftPadded(to: 12)))
        }
    }

    /// The kinds of calls the workload makes to the engine, measured apart so that the report can say what one
    /// item of each costs (its signing included): a refund costs more than a renewal, and the month's mix decides
    /// how much that weighs.
    enum CallKind: String, Sendable, CaseIterable, Codable, CodingKeyRepresentable {
        /// Advances of the clock, counted by the due events they fire.
        case dueEvents
        case purchases
        case refunds
        case resubscriptions
        case billingFailures
        case recoveries

        /// The kind's name in the text report.
        var label: String {
            switch self {
            case .dueEvents: "due events"
            case .billingFailures: "billing failures"
            default: rawValue
            }
        }
    }

    /// What the calls of one kind handled (due events, purchases, refunds…) and the time they took.
    struct CallTally: Sendable, Codable {
        var items = 0
        var span = Span.zero

        static func + (lhs: CallTally, rhs: CallTally) -> CallTally {
            CallTally(items: lhs.items + rhs.items, span: lhs.span + rhs.span)
        }
    }

    /// The calls measured since this was last asked, by kind; the tally then starts again empty.
    func takeCalls() -> [CallKind: CallTally] {
        defer { calls = [:] }
        return calls
    }

    /// Runs one call to the engine, counting its items (what it returns, through `items`) and its time under `kind`.
    @discardableResult
    private func measured<T>(_ kind: CallKind, items: (T) -> Int, _ call: () async throws -> T) async rethrows -> T {
        let (value, span) = try await Span.measure(call)
        calls[kind, default: CallTally()] = calls[kind, default: CallTally()] + CallTally(items: items(value), span: span)
        return value
    }

    /// One measured part of a phase: what it runs, and how many purchases (each answered with a signed transaction)
    /// it makes.
    struct Step {
        var purchases: Int
        var run: () async throws -> (operations: Int, dueEvents: Int)
    }

    /// Every account buys the monthly subscription at full price, in batches spread over the first month; each
    /// batch goes to the engine as ``AppStoreEngine/purchase(batch:)`` calls of at most ``purchasesPerCall``.
    /// - Returns: The number of purchases.
    func purchaseAll() async throws -> Int {
        try await purchase(batches: 0..<Self.purchaseBatches)
    }

    /// The first month's purchases in `parts` steps of consecutive batches.
    func purchaseSteps(parts: Int) -> [Step] {
        let parts = max(1, min(parts, Self.purchaseBatches))
        return (0..<parts).map { part in
            let batches = (part * Self.purchaseBatches / parts)..<((part + 1) * Self.purchaseBatches / parts)
            return Step(purchases: accounts(in: batches).count) { [self] in (try await purchase(batches: batches), 0) }
        }
    }

    /// The accounts that buy in `batches`, by position.
    private func accounts(in batches: Range<Int>) -> Range<Int> {
        let perBatch = (accounts.count + Self.purchaseBatches - 1) / Self.purchaseBatches
        return min(batches.lowerBound * perBatch, accounts.count)..<min(batches.upperBound * perBatch, accounts.count)
    }

    /// The purchases of `batches` (of ``purchaseBatches``), each batch at its own instant of the first month.
    /// - Returns: The number of purchases.
    private func purchase(batches: Range<Int>) async throws -> Int {
        let month = SubscriptionPeriod.oneMonth.advance(start.date).timeIntervalSince(start.date)
        for batch in batches {
            let positions = accounts(in: batch..<(batch + 1))
            if positions.isEmpty { break }
            if batch > 0 {
                let instant = start.adding(milliseconds: Int64(month * 1000 * Double(batch) / Double(Self.purchaseBatches)))
                try await measured(.dueEvents, items: { $0 }) { try await engine.advance(to: instant) }
            }
            for chunk in Array(positions).chunked(Self.purchasesPerCall) {
                originals += try await measured(.purchases, items: \.count) { try await buy(chunk.map { accounts[$0] }) }
            }
        }
        return accounts(in: batches).count
    }

    /// The most purchases (or refunds, billing failures, recoveries) one batch call makes (one storage transaction).
    static let purchasesPerCall = 256

    /// The choices for one month: who gets a refund of the latest transaction (then subscribes again) and whose
    /// next renewal fails; disjoint, drawn before the month is measured.
    func choose(refundShare: Double, failureShare: Double) async throws -> (refunds: [(Int, Int64)], failures: [Int]) {
        var positions = Array(accounts.indices)
        positions.shuffle(using: &random)
        let refunds = Array(positions.prefix(Int((Double(accounts.count) * refundShare).rounded())))
        let failures = Array(positions.dropFirst(refunds.count).prefix(Int((Double(accounts.count) * failureShare).rounded())))
        let latest = try await census.latestTransactions(of: refunds.map { originals[$0] })
        return (Array(zip(refunds, latest)), failures)
    }

    /// Month `number` (counted from the first purchase) in `parts` steps. The first makes the refunds and
    /// resubscriptions and the billing failures; each advances the clock by a `parts`-th of the month, the last to
    /// the month's end; the last then makes the recoveries. Refunds, resubscriptions, failures and recoveries go to
    /// the engine in batch calls of at most ``purchasesPerCall`` (one storage transaction each).
    func monthSteps(_ number: Int, refunds: [(Int, Int64)], failures: [Int], parts: Int) -> [Step] {
        let parts = max(1, parts)
        let monthStart = Timestamp(SubscriptionPeriod(value: number, unit: .month).advance(start.date))
        let end = Timestamp(SubscriptionPeriod(value: number + 1, unit: .month).advance(start.date))
        let failing = failures.map { String(originals[$0]) }
        return (0..<parts).map { part in
            let target = part == parts - 1
                ? end
                : monthStart.adding(milliseconds: (end.milliseconds - monthStart.milliseconds) * Int64(part + 1) / Int64(parts))
            return Step(purchases: part == 0 ? refunds.count : 0) { [self] in
                var operations = 1
                if part == 0 {
                    for chunk in refunds.chunked(Self.purchasesPerCall) {
                        try await measured(.refunds, items: { chunk.count }) {
                            try await engine.refund(batch: chunk.map { String($0.1) })
                        }
                        _ = try await measured(.resubscriptions, items: \.count) { try await buy(chunk.map { accounts[$0.0] }) }
                        operations += 2
                    }
                    for chunk in failing.chunked(Self.purchasesPerCall) {
                        try await measured(.billingFailures, items: { chunk.count }) {
                            try await engine.setBillingIssue(originalTransactionIds: chunk)
                        }
                        operations += 1
                    }
                }
                let fired = try await measured(.dueEvents, items: { $0 }) { try await engine.advance(to: target) }
                if part == parts - 1 {
                    for chunk in failing.chunked(Self.purchasesPerCall) {
                        try await measured(.recoveries, items: { chunk.count }) {
                            try await engine.resolveBillingIssue(originalTransactionIds: chunk)
                        }
                        operations += 1
                    }
                }
                return (operations, fired)
            }
        }
    }

    /// One batch of purchases; the original transaction ID of each.
    private func buy(_ accounts: [String]) async throws -> [Int64] {
        let results = try await engine.purchase(batch: accounts.map {
            PurchaseRequest(bundleId: Self.bundleId, accountId: $0, productId: Self.product, introductoryOfferEligibility: false)
        })
        return try zip(accounts, results).map { account, result in
            guard let original = result.transaction?.payload.originalTransactionId.flatMap({ Int64($0) }) else {
                throw BenchmarkError("the purchase for \(account) returned no transaction")
            }
            return original
        }
    }
}

extension Array {
    /// The elements in consecutive slices of at most `size`.
    func chunked(_ size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}

extension String {
    /// The string with zeros in front until it has `width` characters.
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
