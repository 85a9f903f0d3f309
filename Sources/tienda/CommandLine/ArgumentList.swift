/// The arguments of one command, consumed piece by piece: options (`--kind transaction`, `--kind=transaction`),
/// flags (`--json`) and positional values. Anything left unconsumed is reported as a usage error.
struct ArgumentList {
    private var remaining: [String]

    init(_ arguments: [String]) {
        self.remaining = arguments
    }

    /// Whether `--help` or `-h` was given.
    mutating func wantsHelp() -> Bool {
        flag("--help") || flag("-h")
    }

    /// Removes a flag if present and says whether it was.
    mutating func flag(_ name: String) -> Bool {
        guard let index = optionIndex(of: name) else { return false }
        remaining.remove(at: index)
        return true
    }

    /// Removes `name value` or `name=value` and returns the value, or nil when the option is absent.
    mutating func option(_ name: String) throws(CommandFailure) -> String? {
        if let index = remaining.firstIndex(where: { $0.hasPrefix(name + "=") }) {
            let value = String(remaining.remove(at: index).dropFirst(name.count + 1))
            return value
        }
        guard let index = optionIndex(of: name) else { return nil }
        guard index + 1 < remaining.count, !remaining[index + 1].hasPrefix("--") else {
            throw .usage("\(name) needs a value.")
        }
        let value = remaining[index + 1]
        remaining.removeSubrange(index...(index + 1))
        return value
    }

    /// Removes every occurrence of a repeatable option and returns their values in order.
    mutating func options(_ name: String) throws(CommandFailure) -> [String] {
        var values: [String] = []
        while let value = try option(name) { values.append(value) }
        return values
    }

    /// Removes and returns the next positional value, or nil when there is none.
    mutating func positional() -> String? {
        guard let index = remaining.firstIndex(where: { !isOption($0) }) else { return nil }
        return remaining.remove(at: index)
    }

    /// Removes and returns a required positional value.
    mutating func requiredPositional(_ what: String) throws(CommandFailure) -> String {
        guard let value = positional() else { throw .usage("Missing \(what).") }
        return value
    }

    /// Removes and returns every remaining positional value.
    mutating func allPositionals() -> [String] {
        var values: [String] = []
        while let value = positional() { values.append(value) }
        return values
    }

    /// Fails with a usage error naming whatever was not understood.
    func finish() throws(CommandFailure) {
        let unknown = remaining.filter { $0 != "--" }
        guard unknown.isEmpty else {
            let list = unknown.map { "'\($0)'" }.joined(separator: ", ")
            throw .usage("Unexpected argument\(unknown.count == 1 ? "" : "s"): \(list).")
        }
    }

    private func isOption(_ argument: String) -> Bool {
        guard argument.hasPrefix("-"), argument != "-" else { return false }
        if let separator = remaining.firstIndex(of: "--"), let position = remaining.firstIndex(of: argument),
            position > separator
        {
            return false
        }
        return true
    }

    private func optionIndex(of name: String) -> Int? {
        let end = remaining.firstIndex(of: "--") ?? remaining.endIndex
        return remaining[..<end].firstIndex(of: name)
    }
}
