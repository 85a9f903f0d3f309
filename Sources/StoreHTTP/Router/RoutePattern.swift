import Glibc

/// A path pattern such as `/inApps/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}`: literal
/// segments that must match exactly, and `{name}` segments that match any one non-empty segment.
struct RoutePattern: Sendable, CustomStringConvertible {
    enum Segment: Sendable, Equatable {
        case literal(String)
        case parameter(String)
    }

    let segments: [Segment]

    /// Parses a pattern; a malformed one is a programming error.
    init(_ pattern: String) {
        precondition(pattern.hasPrefix("/"), "route pattern \"\(pattern)\" must start with \"/\"")
        segments = pattern.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map { segment in
            guard segment.hasPrefix("{") && segment.hasSuffix("}") && segment.count > 2 else {
                precondition(!segment.contains("{") && !segment.contains("}"), "malformed segment \"\(segment)\" in \"\(pattern)\"")
                return .literal(String(segment))
            }
            return .parameter(String(segment.dropFirst().dropLast()))
        }
        let names = segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
        precondition(Set(names).count == names.count, "route pattern \"\(pattern)\" repeats a parameter name")
    }

    /// The raw segments of a request path (`/a/b` gives `a` and `b`), split on the byte `/`.
    static func segments(of rawPath: Substring) -> [Substring] {
        let bytes = rawPath.utf8
        guard !bytes.isEmpty else { return [""] }
        var segments: [Substring] = []
        segments.reserveCapacity(8)
        var start = bytes.index(after: bytes.startIndex)
        var index = start
        while index != bytes.endIndex {
            if bytes[index] == UInt8(ascii: "/") {
                segments.append(rawPath[start..<index])
                start = bytes.index(after: index)
            }
            index = bytes.index(after: index)
        }
        segments.append(rawPath[start..<bytes.endIndex])
        return segments
    }

    /// Matches the raw (still percent-encoded) segments of a request path.
    ///
    /// - Returns: The decoded parameters, or `nil` when the path does not match.
    /// - Throws: ``HTTPRequestError`` when a parameter segment is not valid percent-encoded UTF-8.
    func match(_ rawSegments: [Substring]) throws(HTTPRequestError) -> RouteParameters? {
        guard rawSegments.count == segments.count else { return nil }
        var parameters: [(name: String, value: String)] = []
        for position in segments.indices {
            let raw = rawSegments[position]
            switch segments[position] {
            case .literal(let literal):
                // Compared as bytes: a path segment is the literal only when it is spelled the same, or
                // percent-encodes the same bytes.
                guard Self.sameBytes(raw, literal)
                    || (raw.utf8.contains(UInt8(ascii: "%"))
                        && PercentDecoding.decode(raw, plusIsSpace: false).map { Self.sameBytes($0[...], literal) } == true)
                else {
                    return nil
                }
            case .parameter(let name):
                guard !raw.isEmpty else { return nil }
                guard let value = PercentDecoding.decode(raw, plusIsSpace: false) else { throw .malformedPath(raw) }
                parameters.append((name, value))
            }
        }
        return RouteParameters(parameters)
    }

    /// Whether `raw` has exactly the UTF-8 bytes of `literal`: lengths first, then the bytes.
    private static func sameBytes(_ raw: Substring, _ literal: String) -> Bool {
        let rawBytes = raw.utf8
        let literalBytes = literal.utf8
        guard rawBytes.count == literalBytes.count else { return false }
        let compared = rawBytes.withContiguousStorageIfAvailable { rawBuffer in
            literalBytes.withContiguousStorageIfAvailable { literalBuffer in
                rawBuffer.count == 0 || memcmp(rawBuffer.baseAddress!, literalBuffer.baseAddress!, rawBuffer.count) == 0
            }
        }
        return (compared ?? nil) ?? rawBytes.elementsEqual(literalBytes)
    }

    /// Whether this pattern should be tried before `other`: at the first position where one has a literal and the
    /// other a parameter, the literal wins.
    func precedes(_ other: RoutePattern) -> Bool {
        for (mine, theirs) in zip(segments, other.segments) {
            switch (mine, theirs) {
            case (.literal, .parameter): return true
            case (.parameter, .literal): return false
            default: continue
            }
        }
        return false
    }

    /// Whether both patterns match exactly the same paths.
    func isEquivalent(to other: RoutePattern) -> Bool {
        segments.count == other.segments.count
            && zip(segments, other.segments).allSatisfy { mine, theirs in
                switch (mine, theirs) {
                case (.literal(let left), .literal(let right)): left == right
                case (.parameter, .parameter): true
                default: false
                }
            }
    }

    /// The pattern as written.
    var description: String {
        "/"
            + segments.map { segment in
                switch segment {
                case .literal(let literal): literal
                case .parameter(let name): "{\(name)}"
                }
            }.joined(separator: "/")
    }
}
