import AppStoreEmulator
import AppStoreEngine
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

/// Apple's Python `SignedDataVerifier` with online checks on (strict X.509, Sandbox), rooted at the emulator's
/// root, verifies what the engine signs when the chain's AIA points at the live responder; revocation and outages
/// fail the way Apple's library reports them.
@Suite(.enabled(if: PythonOracle.isAvailable, "needs Apple's Python library: make venv"), .serialized)
struct AppleOnlineCheckTests {
    /// A live responder on a loopback port, an engine whose authority points at it, and what it signed.
    struct Setup {
        let server: HTTPServer
        let responder: OCSPResponder
        let engine: AppStoreEngine
        let items: [(kind: String, jws: String)]

        static func make(signingMode: OCSPSigningMode = .issuer) async throws -> Setup {
            let swappable = SwappableResponder()
            let server = HTTPServer(responder: swappable)
            let port = try await server.start()
            let authority = try CertificateAuthority.generate(
                configuration: .init(ocspBaseURL: "http://127.0.0.1:\(port)/ocsp"))
            let responder = try OCSPResponder(authority: authority, signingMode: signingMode)
            var router = Router()
            responder.register(on: &router)
            swappable.install(router)
            let engine = try await AppStoreEngine(configuration: .init(
                storage: .inMemory, clock: VirtualClock(), certificateAuthority: authority))
            try await engine.registerApp(AppRegistration(
                bundleId: DeliveryHarness.bundleId, catalogFile: DeliveryHarness.catalogURL))
            try await engine.createAccount(Account(id: "alice"))
            let purchase = try await engine.purchase(PurchaseRequest(
                bundleId: DeliveryHarness.bundleId, accountId: "alice", productId: DeliveryHarness.coins))
            let transaction = try #require(purchase.transaction)
            let notification = try #require(try await engine.pendingNotifications().first)
            return Setup(
                server: server, responder: responder, engine: engine,
                items: [("transaction", transaction.jws), ("notification", notification.signedPayload)])
        }

        /// Apple's verdict on every item, online.
        func statuses(online: Bool = true) async throws -> [String] {
            try await PythonOracle.verify(
                items, root: engine.rootCertificateDER, bundleId: DeliveryHarness.bundleId, online: online
            ).map(\.status)
        }

        func shutdown() async {
            await server.shutdown()
            await engine.close()
        }
    }

    @Test(arguments: OCSPSigningMode.allCases)
    func theChainPassesOnlineChecksThroughTheLiveResponder(signingMode: OCSPSigningMode) async throws {
        let setup = try await Setup.make(signingMode: signingMode)
        #expect(try await setup.statuses() == ["OK", "OK"])
        await setup.shutdown()
    }

    @Test(arguments: OCSPResponderSubject.allCases)
    func aRevokedCertificateFailsVerification(subject: OCSPResponderSubject) async throws {
        let setup = try await Setup.make()
        setup.responder.revoke(subject, reason: .keyCompromise)
        #expect(try await setup.statuses() == ["VERIFICATION_FAILURE", "VERIFICATION_FAILURE"])
        #expect(try await setup.statuses(online: false) == ["OK", "OK"])
        await setup.shutdown()
    }

    @Test func anUnavailableResponderIsARetryableFailureAndTryLaterAFailure() async throws {
        let setup = try await Setup.make()
        setup.responder.fault = .unavailable
        #expect(try await setup.statuses() == ["RETRYABLE_VERIFICATION_FAILURE", "RETRYABLE_VERIFICATION_FAILURE"])
        setup.responder.fault = .tryLater
        #expect(try await setup.statuses() == ["VERIFICATION_FAILURE", "VERIFICATION_FAILURE"])
        await setup.shutdown()
    }

    @Test func anUnreachableResponderIsARetryableFailure() async throws {
        let setup = try await Setup.make()
        await setup.server.shutdown()
        #expect(try await setup.statuses() == ["RETRYABLE_VERIFICATION_FAILURE", "RETRYABLE_VERIFICATION_FAILURE"])
        await setup.engine.close()
    }
}
