import Foundation
import StoreModel
import TiendaTestSupport

/// A realistic stream of signed notifications for many accounts: subscription chains that renew, fail into
/// grace or billing retry, recover, are cancelled, expire or are refunded; lifetime purchases; consumable
/// purchases, some refunded. Every notification is signed once, so runs compare the same bytes.
struct NotificationStream {
    /// One signed notification body, with what it says for checks.
    struct Item: Sendable {
        var uuid: String
        var body: Data
        var type: NotificationTypeV2
        var chain: String
    }

    var items: [Item] = []
    var accounts: [String] = []
    /// The total a correct ledger holds per account (credits minus refunds).
    var expectedCoins: [String: Int64] = [:]

    /// Generates at least `count` notifications from `seed`.
    static func generate(seed: UInt64, count: Int, store: TestAppStore = TestAppStore()) -> NotificationStream {
        var random = SeededRandom(seed: seed)
        var stream = NotificationStream()
        var nextId = Int64(2_000_000_000_000_000) + Int64(seed % 1000) * 10_000_000
        func newId() -> String {
            nextId += 1
            return String(nextId)
        }
        while stream.items.count < count {
            let token = UUID(uuid: Self.uuidBytes(&random))
            let account = token.uuidString.lowercased()
            stream.accounts.append(account)
            let start = Timestamp.day(Double(random.next(upperBound: UInt64(60))))
            switch random.next(upperBound: UInt64(10)) {
            case 0..<6: stream.subscription(store: store, token: token, start: start, random: &random, newId: newId)
            case 6..<8:
                let id = newId()
                let purchase = store.transaction(id: id, product: "notes.lifetime", type: .nonConsumable, purchase: start, token: token)
                stream.add(store, .oneTimeCharge, nil, at: start, purchase, nil, nil, &random)
                if random.next(upperBound: UInt64(4)) == 0 {
                    var refunded = purchase
                    refunded.revocationDate = start.adding(milliseconds: 86_400_000)
                    stream.add(store, .refund, nil, at: start.adding(milliseconds: 86_400_000), refunded, nil, nil, &random)
                }
            default:
                for purchaseIndex in 0..<Int(1 + random.next(upperBound: UInt64(4))) {
                    let id = newId()
                    let quantity = Int32(1 + random.next(upperBound: UInt64(3)))
                    let date = start.adding(milliseconds: Int64(purchaseIndex) * 3_600_000)
                    let coins = store.transaction(
                        id: id, product: "notes.coins.100", type: .consumable, purchase: date, quantity: quantity, token: token)
                    stream.add(store, .oneTimeCharge, nil, at: date, coins, nil, nil, &random)
                    stream.expectedCoins[account, default: 0] += Int64(quantity) * 100
                    if random.next(upperBound: UInt64(5)) == 0 {
                        var refunded = coins
                        refunded.revocationDate = date.adding(milliseconds: 7_200_000)
                        stream.add(store, .refund, nil, at: date.adding(milliseconds: 7_200_000), refunded, nil, nil, &random)
                        stream.expectedCoins[account, default: 0] -= Int64(quantity) * 100
                    }
                }
            }
        }
        return stream
    }

    private mutating func subscription(
        store: TestAppStore, token: UUID, start: Timestamp, random: inout SeededRandom, newId: () -> String
    ) {
        let product = random.next(upperBound: UInt64(2)) == 0 ? "notes.pro.monthly" : "notes.pro.yearly"
        let period: Int64 = product == "notes.pro.monthly" ? 30 * 86_400_000 : 365 * 86_400_000
        let original = newId()
        var purchase = start
        var transaction = store.transaction(
            id: original, product: product, type: .autoRenewable, purchase: purchase,
            expires: purchase.adding(milliseconds: period), token: token)
        let renewal = { (autoRenew: Bool, retry: Bool, grace: Timestamp?) in
            store.renewal(original: original, product: product, autoRenew: autoRenew, billingRetry: retry, grace: grace, token: token)
        }
        add(store, .subscribed, .initialBuy, at: purchase, transaction, renewal(true, false, nil), .active, &random)
        for _ in 0..<Int(random.next(upperBound: UInt64(6))) {
            let due = purchase.adding(milliseconds: period)
            switch random.next(upperBound: UInt64(8)) {
            case 0:
                add(store, .didFailToRenew, .gracePeriod, at: due, transaction, renewal(true, true, due.adding(milliseconds: 16 * 86_400_000)),
                    .billingGracePeriod, &random)
                purchase = due.adding(milliseconds: 3 * 86_400_000)
                transaction = store.transaction(
                    id: newId(), original: original, product: product, type: .autoRenewable, purchase: purchase,
                    expires: purchase.adding(milliseconds: period), token: token)
                add(store, .didRenew, .billingRecovery, at: purchase, transaction, renewal(true, false, nil), .active, &random)
            case 1:
                add(store, .didFailToRenew, nil, at: due, transaction, renewal(true, true, nil), .billingRetry, &random)
                add(store, .expired, .billingRetry, at: due.adding(milliseconds: 60 * 86_400_000), transaction,
                    renewal(false, false, nil), .expired, &random)
                return
            case 2:
                add(store, .didChangeRenewalStatus, .autoRenewDisabled, at: due.adding(milliseconds: -86_400_000), transaction,
                    renewal(false, false, nil), .active, &random)
                add(store, .expired, .voluntary, at: due, transaction, renewal(false, false, nil), .expired, &random)
                return
            case 3:
                var refunded = transaction
                refunded.revocationDate = due.adding(milliseconds: -86_400_000)
                add(store, .refund, nil, at: due.adding(milliseconds: -86_400_000), refunded, renewal(false, false, nil), .revoked, &random)
                return
            default:
                purchase = due
                transaction = store.transaction(
                    id: newId(), original: original, product: product, type: .autoRenewable, purchase: purchase,
                    expires: purchase.adding(milliseconds: period), token: token)
                add(store, .didRenew, nil, at: purchase, transaction, renewal(true, false, nil), .active, &random)
            }
        }
    }

    private mutating func add(
        _ store: TestAppStore, _ type: NotificationTypeV2, _ subtype: Subtype?, at date: Timestamp,
        _ transaction: JWSTransactionDecodedPayload, _ renewal: JWSRenewalInfoDecodedPayload?, _ status: Status?,
        _ random: inout SeededRandom
    ) {
        let uuid = UUID(uuid: Self.uuidBytes(&random)).uuidString.lowercased()
        let body = store.notificationBody(
            type, subtype: subtype, uuid: uuid, signedDate: date, transaction: transaction, renewal: renewal, status: status)
        items.append(Item(uuid: uuid, body: body, type: type, chain: transaction.originalTransactionId ?? ""))
    }

    private static func uuidBytes(_ random: inout SeededRandom) -> uuid_t {
        let high = random.next()
        let low = random.next()
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { buffer in
            withUnsafeBytes(of: high) { buffer.copyMemory(from: $0) }
            withUnsafeBytes(of: low) { UnsafeMutableRawBufferPointer(rebasing: buffer[8...]).copyMemory(from: $0) }
            buffer[6] = (buffer[6] & 0x0F) | 0x40
            buffer[8] = (buffer[8] & 0x3F) | 0x80
        }
        return bytes
    }
}
