/// A statement with its `?` placeholders rewritten as PostgreSQL's `$1`, `$2`, …
///
/// A `?` inside a string literal (`'…'`, `E'…'`, `$tag$…$tag$`), a quoted identifier (`"…"`) or a comment
/// (`-- …`, `/* … */`) is text, not a placeholder, and is left alone. PostgreSQL's JSON operators spelled with
/// `?` are therefore unavailable; use the `jsonb_exists` family of functions instead.
struct PostgreSQLPlaceholders {
    /// The statement with numbered placeholders.
    let sql: String
    /// How many placeholders it has.
    let count: Int

    /// Rewrites `statement`.
    init(rewriting statement: String) {
        let input = Array(statement.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count + 16)
        var count = 0
        var index = 0
        while index < input.count {
            let end = Self.endOfLiteralOrComment(in: input, at: index)
            if end > index {
                output.append(contentsOf: input[index..<end])
                index = end
            } else if input[index] == UInt8(ascii: "?") {
                count += 1
                output.append(contentsOf: "$\(count)".utf8)
                index += 1
            } else {
                output.append(input[index])
                index += 1
            }
        }
        self.sql = String(decoding: output, as: UTF8.self)
        self.count = count
    }

    /// Where the literal, quoted identifier or comment starting at `start` ends, or `start` if none starts there.
    private static func endOfLiteralOrComment(in text: [UInt8], at start: Int) -> Int {
        let next = start + 1 < text.count ? text[start + 1] : 0
        switch text[start] {
        case UInt8(ascii: "'"):
            let isEscapeString =
                start > 0 && (text[start - 1] == UInt8(ascii: "E") || text[start - 1] == UInt8(ascii: "e"))
                && (start == 1 || !isIdentifierCharacter(text[start - 2]))
            return endOfQuoted(in: text, at: start, backslashEscapes: isEscapeString)
        case UInt8(ascii: "\""):
            return endOfQuoted(in: text, at: start, backslashEscapes: false)
        case UInt8(ascii: "-") where next == UInt8(ascii: "-"):
            return text[start...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? text.count
        case UInt8(ascii: "/") where next == UInt8(ascii: "*"):
            return endOfBlockComment(in: text, at: start)
        case UInt8(ascii: "$") where start == 0 || !isIdentifierCharacter(text[start - 1]):
            return endOfDollarQuoted(in: text, at: start)
        default:
            return start
        }
    }

    /// The end of a `'…'` or `"…"` run, where a doubled quote is an escaped quote.
    private static func endOfQuoted(in text: [UInt8], at start: Int, backslashEscapes: Bool) -> Int {
        let quote = text[start]
        var index = start + 1
        while index < text.count {
            if backslashEscapes && text[index] == UInt8(ascii: "\\") {
                index += 2
            } else if text[index] == quote {
                if index + 1 < text.count && text[index + 1] == quote { index += 2 } else { return index + 1 }
            } else {
                index += 1
            }
        }
        return text.count
    }

    /// The end of a `/* … */` comment; PostgreSQL lets these nest.
    private static func endOfBlockComment(in text: [UInt8], at start: Int) -> Int {
        var depth = 0
        var index = start
        while index + 1 < text.count {
            if text[index] == UInt8(ascii: "/") && text[index + 1] == UInt8(ascii: "*") {
                depth += 1
                index += 2
            } else if text[index] == UInt8(ascii: "*") && text[index + 1] == UInt8(ascii: "/") {
                depth -= 1
                index += 2
                if depth == 0 { return index }
            } else {
                index += 1
            }
        }
        return text.count
    }

    /// The end of a `$$…$$` or `$tag$…$tag$` string, or `start` when the `$` opens none (as in `$1`).
    private static func endOfDollarQuoted(in text: [UInt8], at start: Int) -> Int {
        var tagEnd = start + 1
        while tagEnd < text.count && text[tagEnd] != UInt8(ascii: "$") {
            let isDigit = text[tagEnd] >= UInt8(ascii: "0") && text[tagEnd] <= UInt8(ascii: "9")
            guard isIdentifierCharacter(text[tagEnd]), !(isDigit && tagEnd == start + 1) else { return start }
            tagEnd += 1
        }
        guard tagEnd < text.count else { return start }
        let tag = text[start...tagEnd]
        var index = tagEnd + 1
        while index + tag.count <= text.count {
            if text[index..<index + tag.count].elementsEqual(tag) { return index + tag.count }
            index += 1
        }
        return text.count
    }

    private static func isIdentifierCharacter(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...:
            true
        default:
            false
        }
    }
}
