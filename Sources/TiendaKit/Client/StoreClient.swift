import Foundation
import StoreCrypto
import StoreModel
import Synchronization

/// One launch of the app against a backend: the verifier (built once from the backend's root) and whether a
/// listener already received the launch's unfinished transactions.
///
/// Every ``TiendaKit/withBackend(_:isolation:operation:)`` scope and every ``TiendaKit/configure(_:)`` is one
/// launch. Products and transactions remember the client they came through.
final class StoreClient: Sendable {
    /// The backend.
    let backend: any StoreBackend
    private let state = Mutex(State())

    private struct State {
        var verifier: Result<SignedDataVerifier, VerificationError>?
        var deliveredUnfinished = false
        var launchCursor: Int64?
    }

    /// A launch against `backend`.
    init(backend: any StoreBackend) {
        self.backend = backend
    }

    /// `client` when given, else the task's backend, else the process's.
    /// - Throws: ``StoreKitError/systemError(_:)`` with ``TiendaKitError/noBackend`` when none is chosen.
    static func resolve(_ client: StoreClient?) throws(StoreKitError) -> StoreClient {
        if let client { return client }
        guard let current = TiendaKit.currentClient else { throw .systemError(TiendaKitError.noBackend) }
        return current
    }

    /// The position of the updates feed when the app launched: every listener delivers the feed's entries after
    /// it, so nothing that happens between the launch and the start of a listener is lost. Read from the backend
    /// on first need.
    func launchCursor() async throws(StoreKitError) -> Int64 {
        if let cursor = state.withLock({ $0.launchCursor }) { return cursor }
        let read = try await backend.updatesCursor()
        return state.withLock { state in
            if let cursor = state.launchCursor { return cursor }
            state.launchCursor = read
            return read
        }
    }

    /// Whether this call is the launch's first listener, which receives the unfinished transactions once.
    func claimUnfinishedDelivery() -> Bool {
        state.withLock { state in
            defer { state.deliveredUnfinished = true }
            return !state.deliveredUnfinished
        }
    }

    /// The verifier for the backend's identity, built on first use.
    func verifier() -> Result<SignedDataVerifier, VerificationError> {
        state.withLock { state in
            if let verifier = state.verifier { return verifier }
            let identity = backend.identity
            let built: Result<SignedDataVerifier, VerificationError>
            do {
                built = .success(try SignedDataVerifier(
                    rootCertificates: [identity.rootCertificate], bundleId: identity.bundleID,
                    appAppleId: identity.appAppleID, environment: AppStoreEnvironment(rawValue: identity.environment.rawValue),
                    decodeOnlyEnvironmentsAllowed: true, currentTime: SignedDataVerifier.systemTime))
            } catch {
                built = .failure(.invalidCertificateChain)
            }
            state.verifier = built
            return built
        }
    }
}
