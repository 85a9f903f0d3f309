import Foundation

/// An `appAccountToken` as the server stores it: the UUID's text in lower case.
enum AccountToken {
    /// `UUID(uuidString: text)?.uuidString.lowercased()`. A token in the usual 36-character form (hex digits and
    /// hyphens in place) is only lower-cased, without parsing and formatting the UUID, which goes through C's
    /// `sscanf` and `sprintf`; anything else takes Foundation's path, which accepts more (such as shorter groups).
    static func canonical(_ text: String?) -> String? {
        guard let text else { return nil }
        return lowercasedIfStandard(text) ?? UUID(uuidString: text)?.uuidString.lowercased()
    }

    /// The text in lower case when it is a UUID in the standard form, else `nil`.
    private static func lowercasedIfStandard(_ text: String) -> String? {
        let utf8 = text.utf8
        guard utf8.count == 36 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(36)
        var lowered = false
        for (offset, byte) in utf8.enumerated() {
            switch (offset, byte) {
            case (8, UInt8(ascii: "-")), (13, UInt8(ascii: "-")), (18, UInt8(ascii: "-")), (23, UInt8(ascii: "-")):
                bytes.append(byte)
            case (8, _), (13, _), (18, _), (23, _):
                return nil
            case (_, UInt8(ascii: "0")...UInt8(ascii: "9")), (_, UInt8(ascii: "a")...UInt8(ascii: "f")):
                bytes.append(byte)
            case (_, UInt8(ascii: "A")...UInt8(ascii: "F")):
                bytes.append(byte + 0x20)
                lowered = true
            default:
                return nil
            }
        }
        return lowered ? String(decoding: bytes, as: UTF8.self) : text
    }
}
