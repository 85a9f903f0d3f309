import StoreHTTP
import Synchronization

/// A responder whose router is set after the server starts: the OCSP URL in the certificates needs the server's
/// port, and the responder needs the certificates.
final class SwappableResponder: HTTPResponder {
    private let router = Mutex<Router?>(nil)

    /// Answers with `router` from now on.
    func install(_ router: Router) {
        self.router.withLock { $0 = router }
    }

    func respond(to request: HTTPRequest) -> HTTPResponderResult {
        guard let router = router.withLock({ $0 }) else {
            return .immediate(.error(.serviceUnavailable, message: "No router installed yet."))
        }
        return router.respond(to: request)
    }
}
