import CLibPQ

/// Sending statements in libpq's pipeline mode: every statement of a list goes out before any result is read, and
/// the server answers them all after one synchronization point, so the list costs one round trip. Single
/// statements travel the same way, as a pipeline of one, which lets them use prepared statements without an
/// extra round trip to prepare them.
extension PostgreSQLConnection {
    /// What one statement of a pipeline returned, with the command tag that `COMMIT` needs.
    struct Outcome {
        var result: SQLStatementResult
        var commandTag: String
    }

    /// One message sent in the pipeline, whose result comes back in the same order.
    private enum Step {
        /// A statement the connection sends ahead of the caller's: `DEALLOCATE ALL` when the statement cache was full,
        /// or the `BEGIN` of a transaction (``PostgreSQLConnection/pendingBegin``).
        case prefix(sql: String)
        /// Preparing statement `index` as `name`.
        case prepare(index: Int, name: String, types: [Oid])
        /// Running statement `index`.
        case run(index: Int)
    }

    /// A statement laid out for sending.
    private struct Outgoing {
        let statement: SQLStatement
        let entry: PostgreSQLStatementCache.Entry
        let values: PostgreSQLParameters
    }

    /// Runs `statements` in one round trip and returns their results. When one fails, the server skips the rest
    /// (up to the synchronization point), and its error is thrown.
    func send(_ statements: [SQLStatement]) throws(StorageError) -> [Outcome] {
        guard let firstSQL = statements.first?.sql else { return [] }
        guard let handle else { throw lostEarlier(sql: firstSQL) }
        let outgoing = try layOut(statements)

        guard PQenterPipelineMode(handle) == 1 else { throw broken(handle, sql: firstSQL, doing: "entering pipeline mode") }
        var steps: [Step] = []
        var sent = true
        var prefixes: [String] = []
        // Not in a failed transaction, where the server refuses everything but ROLLBACK; the next pipeline does it.
        if statementCache.needsReset, PQtransactionStatus(handle) != PQTRANS_INERROR {
            if statementCache.hasPrepared { prefixes.append("DEALLOCATE ALL") }
            statementCache.forgetAll()
        }
        if let begin = pendingBegin {
            prefixes.append(begin)
            pendingBegin = nil
        }
        for sql in prefixes where sent {
            sent = PQsendQueryParams(handle, sql, 0, nil, nil, nil, nil, 0) == 1
            steps.append(.prefix(sql: sql))
        }
        for (index, item) in outgoing.enumerated() where sent {
            sent = send(item, index: index, on: handle, steps: &steps)
        }
        guard sent, PQpipelineSync(handle) == 1 else { throw broken(handle, sql: firstSQL, doing: "sending the statements") }

        var outcomes: [Outcome] = []
        outcomes.reserveCapacity(statements.count)
        var failure: StorageError?
        for step in steps {
            let sql = sql(of: step, in: statements)
            guard let result = PQgetResult(handle) else { throw broken(handle, sql: sql, doing: "reading a result") }
            guard PQstatus(handle) == CONNECTION_OK else {
                PQclear(result)
                throw broken(handle, sql: sql, doing: "reading a result")
            }
            let status = PQresultStatus(result)
            switch (status, step) {
            case (PGRES_COMMAND_OK, .prepare(let index, let name, let types)):
                statementCache.remember(name, for: statements[index].sql, types: types)
            case (PGRES_COMMAND_OK, .run), (PGRES_TUPLES_OK, .run):
                let read = PostgreSQLResult(pointer: result)
                outcomes.append(
                    Outcome(
                        result: SQLStatementResult(rows: read.rows(database: databaseDescription), changedRowCount: read.changedRowCount),
                        commandTag: read.commandTag))
            case (PGRES_COMMAND_OK, .prefix), (PGRES_PIPELINE_ABORTED, _):
                break
            case (_, .prefix):
                failure = failure ?? PostgreSQLFailure.error(in: result, sql: sql, database: databaseDescription)
            case (PGRES_EMPTY_QUERY, _):
                failure = failure ?? StorageError(
                    .invalidStatement, reason: "The SQL holds no statement. Pass one statement per call.",
                    database: databaseDescription, sql: sql
                ).inPipeline(at: index(of: step), of: statements.count)
            default:
                var error = PostgreSQLFailure.error(in: result, sql: sql, database: databaseDescription)
                if PostgreSQLFailure.isStalePreparedStatement(result) {
                    statementCache.markStale()
                    error = PostgreSQLFailure.stalePreparedStatement(error)
                }
                failure = failure ?? error.inPipeline(at: index(of: step), of: statements.count)
            }
            PQclear(result)
            // Each message's results end with a null result.
            if let extra = PQgetResult(handle) {
                PQclear(extra)
                throw broken(handle, sql: sql, doing: "reading the end of a result")
            }
        }
        guard let sync = PQgetResult(handle) else { throw broken(handle, sql: firstSQL, doing: "reading the synchronization point") }
        let synchronized = PQresultStatus(sync) == PGRES_PIPELINE_SYNC
        PQclear(sync)
        guard synchronized, PQexitPipelineMode(handle) == 1 else {
            throw broken(handle, sql: firstSQL, doing: "leaving pipeline mode")
        }
        if let failure { throw failure }
        return outcomes
    }

    /// Rewrites placeholders and lays out parameters for every statement, so a malformed one fails before anything
    /// is sent.
    private func layOut(_ statements: [SQLStatement]) throws(StorageError) -> [Outgoing] {
        var outgoing: [Outgoing] = []
        outgoing.reserveCapacity(statements.count)
        for (index, statement) in statements.enumerated() {
            let entry = statementCache.entry(for: statement.sql)
            guard entry.placeholders.count == statement.parameters.count else {
                throw StorageError(
                    .invalidStatement,
                    reason: "The statement has \(entry.placeholders.count) placeholder(s) but \(statement.parameters.count) "
                        + "parameter(s) were given. Pass one value per ?.",
                    database: databaseDescription, sql: statement.sql
                ).inPipeline(at: index, of: statements.count)
            }
            do {
                let values = try PostgreSQLParameters(statement.parameters, sql: statement.sql, database: databaseDescription)
                outgoing.append(Outgoing(statement: statement, entry: entry, values: values))
            } catch {
                throw error.inPipeline(at: index, of: statements.count)
            }
        }
        return outgoing
    }

    /// Queues one statement: prepared (preparing it first if this connection has not), or unnamed.
    private func send(_ item: Outgoing, index: Int, on handle: OpaquePointer, steps: inout [Step]) -> Bool {
        let values = item.values
        let count = Int32(item.statement.parameters.count)
        guard item.entry.isPreparable else {
            steps.append(.run(index: index))
            return values.withValuePointers { pointers in
                PQsendQueryParams(handle, item.entry.placeholders.sql, count, values.types, pointers, values.lengths, values.formats, 0)
            } == 1
        }
        var name = statementCache.preparedName(for: item.statement.sql, types: values.types)
        if name == nil {
            let newName = statementCache.newName()
            steps.append(.prepare(index: index, name: newName, types: values.types))
            guard PQsendPrepare(handle, newName, item.entry.placeholders.sql, count, values.types) == 1 else { return false }
            name = newName
        }
        steps.append(.run(index: index))
        return values.withValuePointers { pointers in
            PQsendQueryPrepared(handle, name, count, pointers, values.lengths, values.formats, 0)
        } == 1
    }

    private func index(of step: Step) -> Int {
        switch step {
        case .prefix: 0
        case .prepare(let index, _, _), .run(let index): index
        }
    }

    private func sql(of step: Step, in statements: [SQLStatement]) -> String {
        switch step {
        case .prefix(let sql): sql
        case .prepare(let index, _, _), .run(let index): statements[index].sql
        }
    }

    /// The connection failed or libpq lost track of the pipeline: it is closed, and replaced on next use.
    private func broken(_ handle: OpaquePointer, sql: String, doing step: String) -> StorageError {
        let error = PostgreSQLFailure.connectionLost(handle, sql: sql, database: databaseDescription, step: step)
        disconnect()
        return error
    }

    private func lostEarlier(sql: String) -> StorageError {
        StorageError(
            .connectionLost, reason: "The connection to PostgreSQL broke earlier in this operation.",
            database: databaseDescription, sql: sql)
    }
}
