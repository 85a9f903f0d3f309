import Foundation

/// The table-driven encoder and strict decoder behind ``Base64URL`` and ``StrictBase64``.
struct Base64Codec: Sendable {
    /// The 64 characters, in value order.
    private let alphabet: [UInt8]
    /// Character → value, 0xFF for bytes outside the alphabet.
    private let values: [UInt8]
    /// Four tables of 256 entries: character → value shifted to its place in a group's 24 bits (left by 18, 12,
    /// 6 and 0), or 0xFF00_0000 for bytes outside the alphabet, so that a group decodes with four loads and
    /// three ORs, and one test of the top byte finds any invalid character.
    private let placedValues: [UInt32]
    /// Whether encoded text carries `=` padding (standard base64) or never does (base64url).
    let padded: Bool

    static let url = Base64Codec(
        alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", padded: false)
    static let standard = Base64Codec(
        alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/", padded: true)

    private init(alphabet: String, padded: Bool) {
        self.alphabet = Array(alphabet.utf8)
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (value, character) in self.alphabet.enumerated() {
            values[Int(character)] = UInt8(value)
        }
        self.values = values
        var placedValues = [UInt32](repeating: 0xFF00_0000, count: 4 * 256)
        for (character, value) in values.enumerated() where value != 0xFF {
            for place in 0..<4 { placedValues[place * 256 + character] = UInt32(value) << (18 - 6 * place) }
        }
        self.placedValues = placedValues
        self.padded = padded
    }

    /// The number of characters encoding `byteCount` bytes.
    func encodedLength(of byteCount: Int) -> Int {
        padded ? (byteCount + 2) / 3 * 4 : (byteCount * 4 + 2) / 3
    }

    /// Encodes `input` into `output`, which must hold ``encodedLength(of:)`` bytes; returns the count written.
    func encode(_ input: UnsafeRawBufferPointer, into output: UnsafeMutableBufferPointer<UInt8>) -> Int {
        alphabet.withUnsafeBufferPointer { alphabet in
            var read = 0
            var written = 0
            let count = input.count
            while count - read >= 3 {
                let value = UInt32(input[read]) << 16 | UInt32(input[read + 1]) << 8 | UInt32(input[read + 2])
                output[written] = alphabet[Int(value >> 18)]
                output[written + 1] = alphabet[Int(value >> 12 & 0x3F)]
                output[written + 2] = alphabet[Int(value >> 6 & 0x3F)]
                output[written + 3] = alphabet[Int(value & 0x3F)]
                read += 3
                written += 4
            }
            let remaining = count - read
            if remaining > 0 {
                let second = remaining == 2 ? UInt32(input[read + 1]) : 0
                let value = UInt32(input[read]) << 16 | second << 8
                output[written] = alphabet[Int(value >> 18)]
                output[written + 1] = alphabet[Int(value >> 12 & 0x3F)]
                written += 2
                if remaining == 2 {
                    output[written] = alphabet[Int(value >> 6 & 0x3F)]
                    written += 1
                }
                if padded {
                    for _ in remaining..<3 {
                        output[written] = UInt8(ascii: "=")
                        written += 1
                    }
                }
            }
            return written
        }
    }

    /// Encodes bytes into a `String`.
    func encode(_ data: some DataProtocol) -> String {
        let contiguous = Data(data)
        let length = encodedLength(of: contiguous.count)
        return contiguous.withUnsafeBytes { input in
            String(unsafeUninitializedCapacity: length) { output in encode(input, into: output) }
        }
    }

    /// Decodes `input` strictly: alphabet only, padding exactly as the variant requires, canonical final bits.
    /// The first character outside the alphabet is reported in preference to a length or padding problem.
    func decode(_ input: UnsafeBufferPointer<UInt8>) throws(Base64DecodingError) -> Data {
        var significant = input.count
        if padded {
            guard input.count % 4 == 0 else {
                throw firstInvalidCharacter(in: input)
                    ?? (input.contains(UInt8(ascii: "=")) ? .invalidLength(input.count) : .missingPadding)
            }
            if significant > 0, input[significant - 1] == UInt8(ascii: "=") { significant -= 1 }
            if significant > 0, input[significant - 1] == UInt8(ascii: "=") { significant -= 1 }
        }
        let remainder = significant % 4
        guard remainder != 1 else { throw refine(.invalidLength(input.count), in: input) }
        let byteCount = significant / 4 * 3 + (remainder == 0 ? 0 : remainder - 1)
        var output = Data(count: byteCount)
        let failure: Base64DecodingError? = output.withUnsafeMutableBytes { output in
            values.withUnsafeBufferPointer { values in
                placedValues.withUnsafeBufferPointer { placed in
                    decodeGroups(input, significant: significant, values: values, placed: placed, into: output)
                }
            }
        }
        if let failure { throw refine(failure, in: input) }
        return output
    }

    /// Error path only: reports the first character outside the alphabet, and trailing `=` in base64url as
    /// forbidden padding, in preference to the problem the decoding loop stopped at.
    private func refine(_ failure: Base64DecodingError, in input: UnsafeBufferPointer<UInt8>) -> Base64DecodingError {
        if let invalid = firstInvalidCharacter(in: input) { return invalid }
        guard !padded, let padding = input.firstIndex(of: UInt8(ascii: "=")) else { return failure }
        return input[padding...].allSatisfy { $0 == UInt8(ascii: "=") } ? .paddingNotAllowed
            : .invalidCharacter(offset: padding)
    }

    /// The offset of the first byte that is neither in the alphabet nor `=` (error path only).
    private func firstInvalidCharacter(in input: UnsafeBufferPointer<UInt8>) -> Base64DecodingError? {
        input.firstIndex { values[Int($0)] == 0xFF && $0 != UInt8(ascii: "=") }.map { .invalidCharacter(offset: $0) }
    }

    /// Decodes a `String`'s UTF-8 strictly.
    func decode(_ string: some StringProtocol) throws(Base64DecodingError) -> Data {
        var utf8 = String(string)
        return try utf8.withUTF8 { bytes in Result { () throws(Base64DecodingError) in try decode(bytes) } }.get()
    }

    private func decodeGroups(
        _ input: UnsafeBufferPointer<UInt8>, significant: Int, values: UnsafeBufferPointer<UInt8>,
        placed: UnsafeBufferPointer<UInt32>, into output: UnsafeMutableRawBufferPointer
    ) -> Base64DecodingError? {
        guard significant > 0, let source = input.baseAddress, let table = values.baseAddress,
            let placed = placed.baseAddress, let destination = output.baseAddress?.assumingMemoryBound(to: UInt8.self)
        else { return nil }
        let wholeGroups = significant / 4
        // Whole groups of four characters: four lookups in the placed tables, one validity test, three bytes
        // out. Offsets stay below `significant`, so wrapping arithmetic cannot wrap.
        for group in 0..<wholeGroups {
            let read = source + group &* 4
            let bits =
                placed[Int(read[0])] | placed[256 &+ Int(read[1])] | placed[512 &+ Int(read[2])]
                | placed[768 &+ Int(read[3])]
            if bits & 0xFF00_0000 != 0 {
                let bad = (0..<4).first { table[Int(read[$0])] == 0xFF } ?? 0
                return .invalidCharacter(offset: group * 4 + bad)
            }
            let write = destination + group &* 3
            write[0] = UInt8(truncatingIfNeeded: bits &>> 16)
            write[1] = UInt8(truncatingIfNeeded: bits &>> 8)
            write[2] = UInt8(truncatingIfNeeded: bits)
        }
        let read = wholeGroups * 4
        let written = wholeGroups * 3
        var accumulator: UInt32 = 0
        let pending = significant - read
        for offset in read..<significant {
            let value = table[Int(source[offset])]
            if value == 0xFF { return .invalidCharacter(offset: offset) }
            accumulator = accumulator << 6 | UInt32(value)
        }
        switch pending {
        case 2:
            guard accumulator & 0xF == 0 else { return .nonCanonicalEncoding }
            destination[written] = UInt8(truncatingIfNeeded: accumulator >> 4)
        case 3:
            guard accumulator & 0x3 == 0 else { return .nonCanonicalEncoding }
            destination[written] = UInt8(truncatingIfNeeded: accumulator >> 10)
            destination[written + 1] = UInt8(truncatingIfNeeded: accumulator >> 2)
        default:
            break
        }
        return nil
    }
}
