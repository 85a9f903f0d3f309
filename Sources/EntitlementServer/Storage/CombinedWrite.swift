import StoreModel
import StoreStorage

/// Several data-modifying statements sent to PostgreSQL as one: each becomes a query of one `WITH`, so the server
/// parses, plans and runs one statement where it would run several, and the client sends and reads one.
///
/// PostgreSQL runs every data-modifying query of a `WITH` exactly once, whether or not the final `SELECT` reads it,
/// and all of them see the same snapshot: none sees another's changes. So only statements that touch different rows
/// and do not read each other's writes may be combined — as a write's changes are, once its ``ChainSnapshot``
/// decided them. SQLite has no data-modifying `WITH`; there the statements run one by one.
struct CombinedWrite {
    private var queries: [String] = []
    private var parameters: [SQLValue] = []
    private var reported: [String] = []

    /// Whether nothing was added.
    var isEmpty: Bool { queries.isEmpty }

    /// Adds a statement whose result is not needed.
    mutating func add(_ statement: SQLStatement) {
        _ = append(statement)
    }

    /// Adds an `INSERT … RETURNING` whose new rows are reported, and returns the label they carry in the `part`
    /// column of the result.
    mutating func addReporting(_ statement: SQLStatement) -> String {
        let name = append(statement)
        reported.append("SELECT '\(name)' AS part FROM \(name)")
        return name
    }

    /// Adds storing `event` once and, only when it is new, queueing it for each endpoint; returns the label of the
    /// row that reports it new.
    mutating func addEvent(_ event: NormalizedEvent, endpoints: [String], now: Timestamp) -> String {
        let stored = addReporting(EventWriter.inserting(event))
        if !endpoints.isEmpty {
            let names = Array(repeating: "(?)", count: endpoints.count).joined(separator: ", ")
            add(SQLStatement(
                """
                INSERT INTO ent_outbox (event_id, endpoint, next_attempt_at, attempts)
                SELECT \(stored).event_id, endpoint.name, ?, 0 FROM \(stored) CROSS JOIN (VALUES \(names)) AS endpoint (name)
                """, [.integer(now.milliseconds)] + endpoints.map(SQLValue.text)))
        }
        return stored
    }

    /// The one statement: it returns a row per reported new row, whose `part` is the label of its query.
    var statement: SQLStatement {
        let select = reported.isEmpty ? "SELECT '' AS part WHERE FALSE" : reported.joined(separator: "\nUNION ALL ")
        return SQLStatement("WITH " + queries.joined(separator: ",\n") + "\n" + select, parameters)
    }

    /// The labels of the queries that reported rows, in `rows` of ``statement``.
    static func reportedLabels(in rows: [SQLRow]) throws -> Set<String> {
        Set(try rows.map { try $0.string("part") })
    }

    private mutating func append(_ statement: SQLStatement) -> String {
        let name = "part\(queries.count + 1)"
        queries.append("\(name) AS (\(statement.sql))")
        parameters += statement.parameters
        return name
    }
}
