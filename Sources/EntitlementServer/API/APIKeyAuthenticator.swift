import StoreCrypto
import StoreHTTP

/// Checks `Authorization: Bearer <key>` against the configured keys, which are stored as SHA-256 hashes.
struct APIKeyAuthenticator: Sendable {
    private let hashes: [String: String]

    init(keys: [APIKeyEntry]) {
        var hashes: [String: String] = [:]
        for key in keys { hashes[key.sha256] = key.name }
        self.hashes = hashes
    }

    /// The name of the key the request carries.
    /// - Throws: ``EntitlementServiceError`` 401 without a key, with a malformed header or with an unknown key.
    func authenticate(_ request: HTTPRequest) throws(EntitlementServiceError) -> String {
        guard let header = request.headers["Authorization"] else {
            throw Self.unauthorized("This route needs an API key: send Authorization: Bearer <key>.")
        }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, parts[0].lowercased() == "bearer", !parts[1].isEmpty else {
            throw Self.unauthorized("The Authorization header must be \"Bearer <key>\".")
        }
        guard let name = hashes[SHA256.hash(Array(parts[1].utf8)).description] else {
            throw Self.unauthorized("The API key is not one of the configured keys (apiKeys in the configuration file).")
        }
        return name
    }

    private static func unauthorized(_ message: String) -> EntitlementServiceError {
        EntitlementServiceError(httpStatus: 401, code: "unauthorized", message: message)
    }
}
