/// A plain-text table with left-aligned columns separated by two spaces, for terminal summaries.
struct TextTable {
    /// The column titles, printed in upper case.
    var headers: [String]
    /// The rows; a row shorter than the headers is padded with empty cells.
    var rows: [[String]] = []

    /// The table as lines, each prefixed with `indent`.
    func render(indent: String = "  ") -> [String] {
        let all = [headers.map { $0.uppercased() }] + rows
        let widths = headers.indices.map { column in
            all.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0
        }
        return all.map { row in
            let cells = headers.indices.map { column -> String in
                let cell = column < row.count ? row[column] : ""
                let isLast = column == headers.count - 1
                return isLast ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
            }
            let line = indent + cells.joined(separator: "  ")
            return String(line.reversed().drop { $0 == " " }.reversed())
        }
    }
}
