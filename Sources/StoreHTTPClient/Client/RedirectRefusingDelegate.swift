import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A URLSession delegate that declines every redirect, so the caller sees the 3xx response itself.
final class RedirectRefusingDelegate: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
