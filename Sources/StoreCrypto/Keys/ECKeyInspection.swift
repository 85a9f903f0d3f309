import COpenSSL

/// Reads the type and curve of an `EVP_PKEY`, to accept P-256 keys only and to name what was found otherwise.
enum ECKeyInspection {
    /// Whether the key is an EC key on the NIST P-256 curve (`prime256v1`, `secp256r1`).
    static func isP256(_ key: OpaquePointer) -> Bool {
        EVP_PKEY_get_base_id(key) == EVP_PKEY_EC && curveName(of: key) == "prime256v1"
    }

    /// A short description such as "an EC key on secp384r1" or "a key of type RSA".
    static func describe(_ key: OpaquePointer) -> String {
        if EVP_PKEY_get_base_id(key) == EVP_PKEY_EC {
            return "an EC key on \(curveName(of: key) ?? "an unnamed curve")"
        }
        let type = EVP_PKEY_get0_type_name(key).map { String(cString: $0) } ?? "unknown"
        return "a key of type \(type)"
    }

    private static func curveName(of key: OpaquePointer) -> String? {
        var buffer = [CChar](repeating: 0, count: 64)
        var length = 0
        guard EVP_PKEY_get_group_name(key, &buffer, buffer.count, &length) == 1 else {
            _ = OpenSSLErrorQueue.drain()
            return nil
        }
        return String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
