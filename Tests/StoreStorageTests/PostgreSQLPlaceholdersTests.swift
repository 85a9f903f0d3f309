import Testing

@testable import StoreStorage

@Suite struct PostgreSQLPlaceholdersTests {
    @Test(arguments: [
        ("SELECT ?", "SELECT $1", 1),
        ("INSERT INTO t (a, b, c) VALUES (?, ?,?)", "INSERT INTO t (a, b, c) VALUES ($1, $2,$3)", 3),
        ("SELECT '?' , ?", "SELECT '?' , $1", 1),
        ("SELECT 'it''s ?', ?", "SELECT 'it''s ?', $1", 1),
        (#"SELECT E'\' ?', ?"#, #"SELECT E'\' ?', $1"#, 1),
        (#"SELECT '\', ?"#, #"SELECT '\', $1"#, 1),
        (#"SELECT "odd?name", ?"#, #"SELECT "odd?name", $1"#, 1),
        ("SELECT ? -- why?\n, ?", "SELECT $1 -- why?\n, $2", 2),
        ("SELECT /* a /* nested ? */ comment ? */ ?", "SELECT /* a /* nested ? */ comment ? */ $1", 1),
        ("SELECT $$ ? $$, $tag$ it's ? $tag$, ?", "SELECT $$ ? $$, $tag$ it's ? $tag$, $1", 1),
        ("SELECT 'unterminated ?", "SELECT 'unterminated ?", 0),
        ("SELECT '日本語 ?', ?", "SELECT '日本語 ?', $1", 1),
    ])
    func questionMarksOutsideQuotesAndCommentsBecomeNumberedPlaceholders(sql: String, expected: String, count: Int) {
        let rewritten = PostgreSQLPlaceholders(rewriting: sql)
        #expect(rewritten.sql == expected)
        #expect(rewritten.count == count)
    }

    @Test func numbersReachTwoDigits() {
        let rewritten = PostgreSQLPlaceholders(rewriting: Array(repeating: "?", count: 12).joined(separator: ","))
        #expect(rewritten.sql.hasSuffix("$11,$12"))
        #expect(rewritten.count == 12)
    }
}
