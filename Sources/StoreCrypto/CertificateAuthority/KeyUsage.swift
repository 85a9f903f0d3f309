/// The X.509 keyUsage bits (RFC 5280 §4.2.1.3).
public struct KeyUsage: OptionSet, Hashable, Sendable {
    public let rawValue: UInt16

    /// Creates a set from bits numbered as in RFC 5280 (bit 0 = digitalSignature).
    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// Bit 0: verifying signatures other than on certificates and CRLs (ES256 JWS).
    public static let digitalSignature = KeyUsage(rawValue: 1 << 0)
    /// Bit 1: non-repudiation (content commitment).
    public static let nonRepudiation = KeyUsage(rawValue: 1 << 1)
    /// Bit 2: key encipherment.
    public static let keyEncipherment = KeyUsage(rawValue: 1 << 2)
    /// Bit 3: data encipherment.
    public static let dataEncipherment = KeyUsage(rawValue: 1 << 3)
    /// Bit 4: key agreement.
    public static let keyAgreement = KeyUsage(rawValue: 1 << 4)
    /// Bit 5: signing certificates (CAs).
    public static let keyCertSign = KeyUsage(rawValue: 1 << 5)
    /// Bit 6: signing CRLs (CAs).
    public static let cRLSign = KeyUsage(rawValue: 1 << 6)

    /// The DER BIT STRING: bit 0 is the most significant bit of the first byte; trailing zero bits are unused.
    var derBitString: [UInt8] {
        var bytes: [UInt8] = [0, 0]
        for bit in 0..<9 where rawValue & (1 << bit) != 0 {
            bytes[bit / 8] |= 0x80 >> UInt8(bit % 8)
        }
        while bytes.count > 1, bytes.last == 0 { bytes.removeLast() }
        let unusedBits = bytes.last == 0 ? 0 : UInt8(bytes.last!.trailingZeroBitCount)
        return [unusedBits] + bytes
    }
}
