import Foundation

/// One PEM block (RFC 7468): a label such as `CERTIFICATE` or `PRIVATE KEY` around base64 DER.
struct PEMDocument: Sendable {
    /// Why text is not the expected PEM block.
    struct FormatError: Error, CustomStringConvertible {
        let description: String
    }

    /// The label between `-----BEGIN ` and `-----`.
    let label: String
    /// The decoded body.
    let der: Data

    init(label: String, der: Data) {
        self.label = label
        self.der = der
    }

    /// Parses exactly one PEM block with the expected label; surrounding whitespace is allowed, anything else
    /// (a second block, text before the block, explanatory headers) is not.
    init(parsing text: String, expectedLabel: String) throws(FormatError) {
        let lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
        let begin = "-----BEGIN \(expectedLabel)-----"
        let end = "-----END \(expectedLabel)-----"
        guard let first = lines.first, first == begin else {
            throw FormatError(description: "expected the PEM text to start with \(begin)")
        }
        guard lines.count >= 2, lines.last == end else {
            throw FormatError(description: "expected the PEM text to end with \(end)")
        }
        let body = lines.dropFirst().dropLast().joined()
        do {
            der = try StrictBase64.decode(body)
        } catch {
            throw FormatError(description: "the PEM body is not valid base64: \(error)")
        }
        guard !der.isEmpty else { throw FormatError(description: "the PEM body is empty") }
        label = expectedLabel
    }

    /// The block with 64-character lines and a final newline.
    var pemString: String {
        let body = StrictBase64.encode(der)
        var text = "-----BEGIN \(label)-----\n"
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.index(start, offsetBy: 64, limitedBy: body.endIndex) ?? body.endIndex
            text += body[start..<end]
            text += "\n"
            start = end
        }
        text += "-----END \(label)-----\n"
        return text
    }
}
