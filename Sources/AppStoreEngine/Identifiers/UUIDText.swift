/// The 36-character lowercase text of a UUID given as two 64-bit words (`high` the first eight bytes).
enum UUIDText {
    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)

    /// `xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx` in lowercase hexadecimal, `high` then `low`, most significant first.
    static func lowercase(high: UInt64, low: UInt64) -> String {
        String(unsafeUninitializedCapacity: 36) { buffer in
            var position = 0
            for word in [high, low] {
                for nibble in 0..<16 {
                    if position == 8 || position == 13 || position == 18 || position == 23 {
                        buffer[position] = UInt8(ascii: "-")
                        position += 1
                    }
                    buffer[position] = hexDigits[Int((word >> UInt64(60 - 4 * nibble)) & 0xF)]
                    position += 1
                }
            }
            return position
        }
    }
}
