/// An API key the server accepts, stored as the SHA-256 of the key so the file never holds the key itself.
public struct APIKeyEntry: Hashable, Sendable {
    /// A name for logs, for example `backend`.
    public var name: String
    /// The lowercase hexadecimal SHA-256 of the key's UTF-8 bytes (`printf %s "$KEY" | sha256sum`).
    public var sha256: String

    /// Creates an entry.
    public init(name: String, sha256: String) {
        self.name = name
        self.sha256 = sha256.lowercased()
    }
}
