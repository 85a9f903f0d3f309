import Foundation
import StoreCrypto

/// HMAC-SHA256 (RFC 2104) over StoreCrypto's SHA-256: signs webhook bodies.
enum HMACSHA256 {
    private static let blockSize = 64

    /// The 32-byte MAC of `message` under `key`.
    static func authenticationCode(for message: some DataProtocol, key: some DataProtocol) -> Data {
        var block = Data(key)
        if block.count > blockSize { block = SHA256.hash(block).bytes }
        block.append(Data(repeating: 0, count: blockSize - block.count))
        let inner = Data(block.map { $0 ^ 0x36 }) + Data(message)
        let outer = Data(block.map { $0 ^ 0x5C }) + SHA256.hash(inner).bytes
        return SHA256.hash(outer).bytes
    }

    /// The MAC in lowercase hexadecimal.
    static func hex(for message: some DataProtocol, key: some DataProtocol) -> String {
        authenticationCode(for: message, key: key).map { String(format: "%02x", $0) }.joined()
    }
}
