/// The emulator's order IDs: every transaction the store creates has one, ten characters like Apple's
/// (`M` and nine letters or digits, e.g. `MK5TTTDCGN`), shown to testers by the control API and accepted by
/// Look Up Order ID.
///
/// The ID is the transaction ID's offset from the first one, scrambled by an odd multiplier modulo 2⁴⁵ (a
/// bijection) and written in Crockford's base 32; so it needs no storage and decodes back exactly.
public enum OrderIdentifier {
    private static let alphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ".utf8)
    private static let modulus: UInt64 = 1 << 45
    private static let multiplier: UInt64 = 0x1_5A4E_35A7_9B3D & (modulus - 1) | 1
    private static let base: UInt64 = 2_000_000_000_000_000

    /// The order ID of a transaction, or `nil` for an identifier the store did not generate.
    public static func orderId(ofTransaction transactionId: String) -> String? {
        guard let id = UInt64(transactionId), id > base, id - base < modulus else { return nil }
        var value = ((id - base) &* multiplier) & (modulus - 1)
        var characters = [UInt8](repeating: 0, count: 9)
        for index in stride(from: 8, through: 0, by: -1) {
            characters[index] = alphabet[Int(value & 31)]
            value >>= 5
        }
        return "M" + String(decoding: characters, as: UTF8.self)
    }

    /// The transaction an order ID names, or `nil` when it is not one of the emulator's order IDs.
    public static func transactionId(of orderId: String) -> String? {
        let bytes = Array(orderId.uppercased().utf8)
        guard bytes.count == 10, bytes[0] == UInt8(ascii: "M") else { return nil }
        var value: UInt64 = 0
        for byte in bytes.dropFirst() {
            guard let digit = alphabet.firstIndex(of: byte) else { return nil }
            value = value << 5 | UInt64(digit)
        }
        let offset = (value &* inverse) & (modulus - 1)
        guard offset > 0 else { return nil }
        return String(base + offset)
    }

    /// The multiplier's inverse modulo 2⁴⁵ (Newton's iteration doubles the correct low bits each step).
    private static let inverse: UInt64 = {
        var inverse = multiplier
        for _ in 0..<6 { inverse = inverse &* (2 &- multiplier &* inverse) }
        return inverse & (modulus - 1)
    }()
}
