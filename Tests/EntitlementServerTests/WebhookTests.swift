@testable import EntitlementServer
import Foundation
import StoreModel
import StoreStorage
import Synchronization
import Testing

@Suite struct WebhookTests {
    /// Records deliveries and answers each event's first `failures` attempts with 500.
    final class Receiver: WebhookTransport {
        struct Delivery: Sendable {
            var body: Data
            var headers: [String: String]
        }

        private let state = Mutex<(deliveries: [Delivery], attempts: [String: Int])>(([], [:]))
        let failures: Int

        init(failures: Int) {
            self.failures = failures
        }

        func post(_ body: Data, to url: URL, headers: [String: String]) async -> Int? {
            state.withLock { state in
                let id = headers["Tienda-Event-Id"] ?? ""
                state.attempts[id, default: 0] += 1
                guard state.attempts[id]! > failures else { return 500 }
                state.deliveries.append(Delivery(body: body, headers: headers))
                return 200
            }
        }

        var deliveries: [Delivery] { state.withLock { $0.deliveries } }
        var attempts: [String: Int] { state.withLock { $0.attempts } }
    }

    static let endpoint = WebhookEndpoint(name: "backend", url: URL(string: "http://127.0.0.1:1/hooks")!, secret: "0123456789abcdef-secret")

    @Test func `HMAC-SHA256 matches RFC 4231 test case 2`() {
        let mac = HMACSHA256.hex(for: Data("what do ya want for nothing?".utf8), key: Data("Jefe".utf8))
        #expect(mac == "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
    }

    @Test(arguments: [(1, Int64(10_000)), (2, 20_000), (3, 40_000), (9, 2_560_000), (10, 3_600_000), (19, 3_600_000)])
    func `retries back off exponentially up to an hour`(attempts: Int, delay: Int64) {
        #expect(WebhookDeliverer.backoffMilliseconds(afterAttempts: attempts) == delay)
    }

    @Test(arguments: Backend.all)
    func `events are delivered signed, retried with backoff until 2xx, and never twice, across a restart`(backend: Backend) async throws {
        let configuration = TestAppStore.configuration(webhooks: [Self.endpoint])
        try await Harness.run(on: backend, configuration: configuration) { harness in
            let store = harness.store
            let token = UUID()
            try await harness.post(
                .subscribed, subtype: .initialBuy, at: .day(0),
                transaction: store.transaction(id: "9500", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0),
                                               expires: .day(30), token: token), status: .active)
            let coins = store.transaction(id: "9501", product: "notes.coins.100", type: .consumable, purchase: .day(0), token: token)
            try await harness.post(.oneTimeCharge, at: .day(0), transaction: coins)
            let receiver = Receiver(failures: 2)
            let deliverer = {
                WebhookDeliverer(database: harness.database, endpoints: [Self.endpoint], transport: receiver, currentTime: harness.clock.source)
            }
            var report = try await deliverer().deliverDue()
            #expect(report.failed == 2 && report.delivered == 0)
            report = try await deliverer().deliverDue()
            #expect(report.failed == 0 && report.delivered == 0, "not due before the backoff")
            harness.clock.advance(days: 10.0 / 86_400)
            report = try await deliverer().deliverDue()
            #expect(report.failed == 2)
            harness.clock.advance(days: 20.0 / 86_400)
            report = try await deliverer().deliverDue()
            #expect(report.delivered == 2)
            harness.clock.advance(days: 1)
            report = try await deliverer().deliverDue()
            #expect(report.delivered == 0 && report.failed == 0)
            let deliveries = receiver.deliveries
            #expect(Set(deliveries.map { $0.headers["Tienda-Event-Id"] ?? "" }) == ["capability_granted:9500", "consumable_credited:9501"])
            for delivery in deliveries {
                let header = try #require(delivery.headers[WebhookSignature.headerName])
                #expect(WebhookSignature.isValid(header: header, body: delivery.body, secret: Self.endpoint.secret))
                #expect(!WebhookSignature.isValid(header: header, body: delivery.body + Data(" ".utf8), secret: Self.endpoint.secret))
                let event = try JSONDecoder().decode(NormalizedEvent.self, from: delivery.body)
                #expect(event.accountIds == [token.uuidString.lowercased()] && event.id == delivery.headers["Tienda-Event-Id"])
            }
            #expect(receiver.attempts.values.allSatisfy { $0 == 3 })
        }
    }
}
