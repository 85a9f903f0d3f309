import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreModel
import Testing

/// What the developer's server does becomes Apple's `sendAttemptResult`.
@Suite struct SendAttemptClassificationTests {
    typealias H = DeliveryHarness

    /// The recorded result and status of one attempt against a receiver answering `reply`.
    private func outcome(of reply: NotificationReceiver.Reply, timeout: Duration = .seconds(60)) async throws -> DeliverySend {
        let h = try await H.make(receivers: [[reply]], timeout: timeout)
        try await h.raiseTestNotifications()
        let send = try #require(try await h.deliverer.deliverDue().sends.first)
        await h.shutdown()
        return send
    }

    @Test("200 through 206 succeed; every other status fails", arguments: [
        (200, SendAttemptResult.success), (201, .success), (204, .success), (206, .success),
        (207, .unsuccessfulHTTPResponseCode), (400, .unsuccessfulHTTPResponseCode), (404, .unsuccessfulHTTPResponseCode),
        (500, .unsuccessfulHTTPResponseCode), (503, .unsuccessfulHTTPResponseCode),
    ])
    func statusCodes(code: Int, expected: SendAttemptResult) async throws {
        let send = try await outcome(of: .status(code))
        #expect(send.result == expected && send.statusCode == code)
    }

    @Test func aRedirectBackToTheSameURLIsCircularAndAnyOtherRedirectUnsuccessful() async throws {
        #expect(try await outcome(of: .redirectToItself(302)).result == .circularRedirect)
        #expect(try await outcome(of: .status(307, location: "http://127.0.0.1:1/elsewhere")).result == .unsuccessfulHTTPResponseCode)
    }

    @Test func aReceiverSlowerThanTheTimeoutTimesOut() async throws {
        let send = try await outcome(of: .stall(.seconds(1)), timeout: .milliseconds(200))
        #expect(send.result == .timedOut && send.statusCode == nil)
    }

    @Test func aRefusedConnectionIsASocketIssue() async throws {
        // Bound but not listening: connections are refused, and no other test can take the port meanwhile.
        let refusing = try LoopbackSocket(listening: false)
        defer { refusing.close() }
        let h = try await H.make(receivers: [], extraURLs: [URL(string: "http://127.0.0.1:\(refusing.port)/notifications")!])
        try await h.raiseTestNotifications()
        let send = try #require(try await h.deliverer.deliverDue().sends.first)
        #expect(send.result == .socketIssue && send.statusCode == nil)
        await h.shutdown()
    }

    @Test func aConnectionClosedWithoutAResponseIsAPrematureClose() async throws {
        let listener = try ClosingListener()
        let h = try await H.make(receivers: [], extraURLs: [URL(string: "http://127.0.0.1:\(listener.port)/notifications")!])
        try await h.raiseTestNotifications()
        let send = try #require(try await h.deliverer.deliverDue().sends.first)
        #expect(send.result == .prematureClose)
        await h.shutdown()
        listener.close()
    }
}
