/// Small text helpers for messages and summaries.
enum ScenarioText {
    /// A string in double quotes with JSON escapes, cut to 80 characters.
    static func quoted(_ text: String) -> String {
        var shown = text
        if shown.count > 80 { shown = String(shown.prefix(80)) + "…" }
        var quoted = "\""
        for scalar in shown.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case "\n": quoted += "\\n"
            case "\t": quoted += "\\t"
            case _ where scalar.value < 0x20: quoted += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

extension String {
    /// The string with `character` added in front until it has `width` characters.
    func leftPadded(to width: Int, with character: Character = "0") -> String {
        count >= width ? self : String(repeating: character, count: width - count) + self
    }
}
