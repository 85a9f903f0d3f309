/// The outcome of an OCSP request as a whole (RFC 6960 §4.2.1 `OCSPResponseStatus`); only ``successful``
/// responses carry certificate statuses.
public struct OCSPResponseStatus: Hashable, Sendable, CustomStringConvertible {
    /// The ENUMERATED value.
    public let rawValue: Int

    /// Creates a status from its wire value.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// 0: the response holds signed certificate statuses.
    public static let successful = OCSPResponseStatus(rawValue: 0)
    /// 1: the request did not parse.
    public static let malformedRequest = OCSPResponseStatus(rawValue: 1)
    /// 2: the responder failed.
    public static let internalError = OCSPResponseStatus(rawValue: 2)
    /// 3: try again later.
    public static let tryLater = OCSPResponseStatus(rawValue: 3)
    /// 5: the request must be signed.
    public static let signatureRequired = OCSPResponseStatus(rawValue: 5)
    /// 6: the responder does not answer for these certificates.
    public static let unauthorized = OCSPResponseStatus(rawValue: 6)

    /// The RFC 6960 name for known values, the number otherwise.
    public var description: String {
        let names = [
            0: "successful", 1: "malformedRequest", 2: "internalError", 3: "tryLater", 5: "sigRequired", 6: "unauthorized",
        ]
        return names[rawValue] ?? String(rawValue)
    }
}
