import Foundation

/// A minimal DER writer for the few structures this module builds by hand: certificate extension values and
/// key identifiers (RFC 5280), with definite lengths only.
struct DERWriter {
    /// ASN.1 tags used by the extension values we write.
    enum Tag: UInt8 {
        case boolean = 0x01
        case integer = 0x02
        case bitString = 0x03
        case octetString = 0x04
        case null = 0x05
        case objectIdentifier = 0x06
        case sequence = 0x30
        /// `[0] IMPLICIT` primitive (for example `keyIdentifier` in AuthorityKeyIdentifier).
        case contextPrimitive0 = 0x80
        /// `[6] IMPLICIT` primitive (`uniformResourceIdentifier` in GeneralName).
        case contextPrimitive6 = 0x86
    }

    private(set) var bytes: [UInt8] = []

    /// Appends one tag-length-value element.
    mutating func append(_ tag: Tag, contents: some Collection<UInt8>) {
        bytes.append(tag.rawValue)
        appendLength(contents.count)
        bytes.append(contentsOf: contents)
    }

    /// Appends a constructed element whose contents another writer produces.
    mutating func append(_ tag: Tag, building build: (inout DERWriter) -> Void) {
        var inner = DERWriter()
        build(&inner)
        append(tag, contents: inner.bytes)
    }

    /// Appends a non-negative INTEGER in minimal two's-complement form.
    mutating func appendInteger(_ value: Int) {
        precondition(value >= 0, "only non-negative integers are written")
        var magnitude: [UInt8] = []
        var remaining = value
        repeat {
            magnitude.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        } while remaining > 0
        if magnitude[0] & 0x80 != 0 { magnitude.insert(0, at: 0) }
        append(.integer, contents: magnitude)
    }

    /// Appends a dotted-decimal OBJECT IDENTIFIER (`"1.3.6.1.5.5.7.48.1"`).
    mutating func appendObjectIdentifier(_ dotted: String) {
        let arcs = dotted.split(separator: ".").compactMap { UInt64($0) }
        precondition(arcs.count >= 2 && arcs[0] <= 2, "malformed OID \(dotted)")
        var contents: [UInt8] = []
        for arc in [arcs[0] * 40 + arcs[1]] + arcs.dropFirst(2) {
            var groups: [UInt8] = [UInt8(arc & 0x7F)]
            var remaining = arc >> 7
            while remaining > 0 {
                groups.insert(UInt8(remaining & 0x7F) | 0x80, at: 0)
                remaining >>= 7
            }
            contents.append(contentsOf: groups)
        }
        append(.objectIdentifier, contents: contents)
    }

    private mutating func appendLength(_ length: Int) {
        if length < 0x80 {
            bytes.append(UInt8(length))
            return
        }
        var octets: [UInt8] = []
        var remaining = length
        while remaining > 0 {
            octets.insert(UInt8(remaining & 0xFF), at: 0)
            remaining >>= 8
        }
        bytes.append(0x80 | UInt8(octets.count))
        bytes.append(contentsOf: octets)
    }
}
