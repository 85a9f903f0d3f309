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

    /// Every account buys the monthly subscription at full price, in batches spread over the first month; each
    /// batch goes to the engine as ``AppStoreEngine/purchase(batch:)`` calls of at most ``purchasesPerCall``.
    /// - Returns: The number of purchases.
    func purchaseAll() async throws -> Int {
        let month = SubscriptionPeriod.oneMonth.advance(start.date).timeIntervalSince(start.date)
        let perBatch = (accounts.count + Self.purchaseBatches - 1) / Self.purchaseBatches
        var index = 0
        while index < accounts.count {
            if index > 0 {
                let batch = Double(index / perBatch)
                try await engine.advance(to: start.adding(milliseconds: Int64(month * 1000 * batch / Double(Self.purchaseBatches))))
            }
            let batchEnd = min(index + perBatch, accounts.count)
            while index < batchEnd {
                let end = min(index + Self.purchasesPerCall, batchEnd)
                originals += try await buy(Array(accounts[index..<end]))
                index = end
            }
        }
        return accounts.count
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

    /// One month: refunds and resubscriptions, billing failures, the advance to the end of month `number`
    /// (counted from the first purchase), and the recoveries. Refunds, resubscriptions, failures and recoveries go
    /// to the engine in batch calls of at most ``purchasesPerCall`` (one storage transaction each).
    /// - Returns: The number of operations and of due events fired.
    func runMonth(_ number: Int, refunds: [(Int, Int64)], failures: [Int]) async throws -> (operations: Int, dueEvents: Int) {
        for chunk in refunds.chunked(Self.purchasesPerCall) {
            try await engine.refund(batch: chunk.map { String($0.1) })
            _ = try await buy(chunk.map { accounts[$0.0] })
        }
        let failing = failures.map { String(originals[$0]) }
        for chunk in failing.chunked(Self.purchasesPerCall) {
            try await engine.setBillingIssue(originalTransactionIds: chunk)
        }
        let end = Timestamp(SubscriptionPeriod(value: number + 1, unit: .month).advance(start.date))
        let fired = try await engine.advance(to: end)
        for chunk in failing.chunked(Self.purchasesPerCall) {
            try await engine.resolveBillingIssue(originalTransactionIds: chunk)
        }
        let calls = (refunds.count + Self.purchasesPerCall - 1) / Self.purchasesPerCall
        let failureCalls = (failures.count + Self.purchasesPerCall - 1) / Self.purchasesPerCall
        return (2 * calls + 2 * failureCalls + 1, fired)
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
