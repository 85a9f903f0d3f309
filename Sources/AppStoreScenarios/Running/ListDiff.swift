/// A line diff of two lists by their longest common subsequence: `  kept` (as expected), `- expected only`,
/// `+ actual only`.
enum ListDiff {
    static func lines<Expected, Actual>(
        expected: [Expected], actual: [Actual], matches: (Expected, Actual) -> Bool,
        expectedText: (Expected) -> String, actualText: (Actual) -> String
    ) -> [String] {
        let rows = expected.count
        let columns = actual.count
        var length = Array(repeating: Array(repeating: 0, count: columns + 1), count: rows + 1)
        for row in stride(from: rows - 1, through: 0, by: -1) {
            for column in stride(from: columns - 1, through: 0, by: -1) {
                length[row][column] = matches(expected[row], actual[column])
                    ? length[row + 1][column + 1] + 1 : max(length[row + 1][column], length[row][column + 1])
            }
        }
        var result: [String] = []
        var row = 0
        var column = 0
        while row < rows || column < columns {
            if row < rows, column < columns, matches(expected[row], actual[column]) {
                result.append("  " + expectedText(expected[row]))
                row += 1
                column += 1
            } else if column < columns, row == rows || length[row][column + 1] >= length[row + 1][column] {
                result.append("+ " + actualText(actual[column]))
                column += 1
            } else {
                result.append("- " + expectedText(expected[row]))
                row += 1
            }
        }
        return result
    }
}
