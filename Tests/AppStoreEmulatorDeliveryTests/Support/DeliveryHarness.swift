import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreCrypto
import StoreModel
import Testing

/// An engine on a virtual clock with the example app, receivers on loopback ports, and a deliverer between them.
struct DeliveryHarness: Sendable {
    static let bundleId = "com.tienda.example"
    static let appAppleId: Int64 = 1_234_567_890
    static let coins = "com.tienda.example.coins.100"
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    /// `Examples/Tienda.storekit` (real time).
    static let catalogURL = packageRoot.appendingPathComponent("Examples/Tienda.storekit")

    let engine: AppStoreEngine
    let clock: VirtualClock
    let receivers: [NotificationReceiver]
    let deliverer: NotificationDeliverer
    let environment: AppStoreEnvironment

    /// A harness whose deliverer posts to one receiver per reply script.
    static func make(
        environment: AppStoreEnvironment = .sandbox, receivers scripts: [[NotificationReceiver.Reply]] = [[]],
        schedule: DeliverySchedule = .apple(), faults: DeliveryFaults = .none, timeRate: TimeRate? = nil,
        timeout: Duration = .seconds(60), extraURLs: [URL] = []
    ) async throws -> DeliveryHarness {
        let clock = VirtualClock()
        let engine = try await AppStoreEngine(configuration: .init(storage: .inMemory, clock: clock))
        try await engine.registerApp(AppRegistration(
            bundleId: bundleId, appAppleId: appAppleId, environment: environment, catalogFile: catalogURL))
        if let timeRate {
            try await engine.updateSettings(bundleId: bundleId) { $0.timeRate = timeRate.rawValue }
        }
        try await engine.createAccount(Account(id: "alice"))
        var receivers: [NotificationReceiver] = []
        for script in scripts { receivers.append(try await NotificationReceiver(replies: script)) }
        let deliverer = NotificationDeliverer(
            engine: engine, urls: receivers.map(\.url) + extraURLs, schedule: schedule, faults: faults, timeout: timeout)
        return DeliveryHarness(
            engine: engine, clock: clock, receivers: receivers, deliverer: deliverer, environment: environment)
    }

    /// The first receiver.
    var receiver: NotificationReceiver { receivers[0] }

    /// Raises `count` TEST notifications and returns their UUIDs in the order raised.
    @discardableResult
    func raiseTestNotifications(_ count: Int = 1) async throws -> [String] {
        for _ in 0..<count { try await engine.requestTestNotification(bundleId: Self.bundleId) }
        return try await engine.notificationHistory(NotificationHistoryQuery(limit: 1000)).map(\.notificationUUID)
    }

    /// Buys the consumable, raising `ONE_TIME_CHARGE`; returns the notification.
    func buyCoins() async throws -> OutboxNotification {
        _ = try await engine.purchase(PurchaseRequest(bundleId: Self.bundleId, accountId: "alice", productId: Self.coins))
        return try #require(try await engine.notificationHistory(NotificationHistoryQuery(limit: 1000)).last)
    }

    /// Verifies a received `signedPayload` against the engine's root (Tienda's verifier) and decodes it.
    func verify(_ signedPayload: String) throws -> ResponseBodyV2DecodedPayload {
        let verifier = try SignedDataVerifier(
            rootCertificates: [engine.rootCertificateDER], bundleId: Self.bundleId, appAppleId: Self.appAppleId,
            environment: environment, strictX509: true, currentTime: { Timestamp.referenceDate })
        guard case .verified(let payload) = verifier.verify(signedPayload, as: ResponseBodyV2DecodedPayload.self) else {
            throw HarnessError.unverified
        }
        return payload
    }

    /// Moves the clock to `date` (engine due events included).
    func advance(to date: Timestamp) async throws {
        try await engine.advance(to: date)
    }

    /// Stops the receivers.
    func shutdown() async {
        await deliverer.stop()
        for receiver in receivers { await receiver.shutdown() }
        await engine.close()
    }

    enum HarnessError: Error {
        case unverified
    }
}
