import StoreHTTP
import Synchronization

/// A responder whose routes are installed after the server is created: ``EmulatorServer`` binds its port first
/// (the certificates' OCSP URLs contain it), then builds the routes. Until then it answers 503.
final class InstallableResponder: HTTPResponder {
    private let installed = Mutex<(any HTTPResponder)?>(nil)

    /// Starts answering with `responder`.
    func install(_ responder: some HTTPResponder) {
        installed.withLock { $0 = responder }
    }

    func respond(to request: HTTPRequest) -> HTTPResponderResult {
        guard let responder = installed.withLock({ $0 }) else {
            return .immediate(.error(.serviceUnavailable, message: "The emulator is starting; try again in a moment."))
        }
        return responder.respond(to: request)
    }
}
