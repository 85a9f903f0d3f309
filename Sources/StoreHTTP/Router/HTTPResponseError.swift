/// An error that knows the response it should become, for example an App Store Server API error with its
/// `errorCode` body. A route handler that throws one answers with ``response``.
public protocol HTTPResponseError: Error {
    /// The response to send for this error.
    var response: HTTPResponse { get }
}
