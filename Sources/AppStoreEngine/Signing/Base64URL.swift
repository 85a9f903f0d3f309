import Foundation

/// Unpadded base64url (RFC 4648 §5), as JWS segments use it.
enum Base64URL {
    private static let alphabet: [UInt8] = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// The length of the encoding of `count` bytes.
    static func encodedLength(of count: Int) -> Int { (count * 4 + 2) / 3 }

    /// Encodes bytes.
    static func encode(_ bytes: some Collection<UInt8>) -> String {
        let input = Array(bytes)
        let length = encodedLength(of: input.count)
        return String(unsafeUninitializedCapacity: length) { output in
            var out = 0
            var index = 0
            while index + 3 <= input.count {
                let value = UInt32(input[index]) << 16 | UInt32(input[index + 1]) << 8 | UInt32(input[index + 2])
                output[out] = alphabet[Int(value >> 18 & 63)]
                output[out + 1] = alphabet[Int(value >> 12 & 63)]
                output[out + 2] = alphabet[Int(value >> 6 & 63)]
                output[out + 3] = alphabet[Int(value & 63)]
                out += 4
                index += 3
            }
            let rest = input.count - index
            if rest > 0 {
                let value = UInt32(input[index]) << 16 | (rest == 2 ? UInt32(input[index + 1]) << 8 : 0)
                output[out] = alphabet[Int(value >> 18 & 63)]
                output[out + 1] = alphabet[Int(value >> 12 & 63)]
                out += 2
                if rest == 2 {
                    output[out] = alphabet[Int(value >> 6 & 63)]
                    out += 1
                }
            }
            return out
        }
    }

    /// Decodes base64url text (padding optional); `nil` when it is not base64url.
    static func decode(_ text: some StringProtocol) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
