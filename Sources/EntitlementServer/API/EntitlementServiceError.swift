/// A request the service cannot carry out, with the HTTP status and stable code the API answers with.
public struct EntitlementServiceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The HTTP status to answer with.
    public let httpStatus: Int
    /// A stable machine-readable code, such as `invalid_request`.
    public let code: String
    /// What is wrong and how to fix it.
    public let message: String

    /// Creates an error.
    public init(httpStatus: Int, code: String, message: String) {
        self.httpStatus = httpStatus
        self.code = code
        self.message = message
    }

    /// A malformed request (400).
    public static func invalidRequest(_ message: String) -> EntitlementServiceError {
        EntitlementServiceError(httpStatus: 400, code: "invalid_request", message: message)
    }

    /// Something that does not exist (404).
    public static func notFound(_ message: String) -> EntitlementServiceError {
        EntitlementServiceError(httpStatus: 404, code: "not_found", message: message)
    }

    /// A request that conflicts with the state (409).
    public static func conflict(_ message: String) -> EntitlementServiceError {
        EntitlementServiceError(httpStatus: 409, code: "conflict", message: message)
    }

    /// Signed data the server refused (4xx per the rejection).
    public static func rejected(_ rejection: IngestRejection) -> EntitlementServiceError {
        EntitlementServiceError(httpStatus: rejection.httpStatus, code: rejection.code, message: rejection.message)
    }

    /// A storage failure (503: try again).
    public static func unavailable(_ message: String) -> EntitlementServiceError {
        EntitlementServiceError(httpStatus: 503, code: "storage_unavailable", message: message)
    }

    /// `code: message`
    public var description: String { "\(code): \(message)" }
}
