import Foundation
import StoreModel

/// Reads the payload of a compact JWS the engine signed, without checking the signature: the timeline only
/// reports what the engine wrote (the engine's own tests verify its signatures).
enum JWSPayload {
    /// The decoded payload segment of `jws`, or `nil` when it is not a compact JWS of that type.
    static func decode<Payload: Decodable>(_ type: Payload.Type, from jws: String) -> Payload? {
        let bytes = Array(jws.utf8)
        guard let first = bytes.firstIndex(of: UInt8(ascii: ".")),
            let last = bytes.lastIndex(of: UInt8(ascii: ".")), first < last,
            let data = base64URLDecoded(bytes[(first + 1)..<last])
        else { return nil }
        return try? AppleJSON.decode(type, from: data)
    }

    private static let values: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, character) in "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8.enumerated() {
            table[Int(character)] = UInt8(index)
        }
        return table
    }()

    /// Unpadded base64url to bytes; `nil` for a character outside the alphabet or an impossible length.
    static func base64URLDecoded(_ text: ArraySlice<UInt8>) -> Data? {
        guard text.count % 4 != 1 else { return nil }
        var output = [UInt8](repeating: 0, count: text.count * 3 / 4)
        let decoded = values.withUnsafeBufferPointer { table in
            output.withUnsafeMutableBufferPointer { buffer in
                text.withUnsafeBufferPointer { input -> Bool in
                    var accumulator: UInt32 = 0
                    var bits: UInt32 = 0
                    var written = 0
                    for character in input {
                        let value = table[Int(character)]
                        guard value != 0xFF else { return false }
                        accumulator = (accumulator << 6) | UInt32(value)
                        bits += 6
                        if bits >= 8 {
                            bits -= 8
                            buffer[written] = UInt8(truncatingIfNeeded: accumulator >> bits)
                            written += 1
                        }
                    }
                    return true
                }
            }
        }
        return decoded ? Data(output) : nil
    }
}
