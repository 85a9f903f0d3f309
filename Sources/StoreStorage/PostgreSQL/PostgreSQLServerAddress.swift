import CLibPQ

/// Where a connection string points, for messages: host, port, database and user, never the password.
struct PostgreSQLServerAddress: Sendable, CustomStringConvertible {
    let host: String?
    let port: String?
    let database: String?
    let user: String?

    /// Parses `connectionString` (a `postgresql://` URI or `key=value` pairs) with libpq's own parser.
    /// - Throws: ``StorageError/Code/invalidConfiguration`` when libpq cannot parse it.
    init(connectionString: String) throws(StorageError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(connectionString, &errorMessage) else {
            let message = errorMessage.map { String(cString: $0).trimmingTrailingNewlines } ?? "out of memory"
            PQfreemem(errorMessage)
            throw StorageError(
                .invalidConfiguration,
                reason: "The PostgreSQL connection string is not valid: \(message). Use a URI such as "
                    + "postgresql://user@host:5432/database, or key=value pairs such as host=… port=… dbname=….",
                database: "PostgreSQL")
        }
        defer { PQconninfoFree(options) }
        var values: [String: String] = [:]
        var option = options
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val { values[String(cString: keyword)] = String(cString: value) }
            option += 1
        }
        host = values["host"] ?? values["hostaddr"]
        port = values["port"]
        database = values["dbname"]
        user = values["user"]
    }

    /// For example `PostgreSQL at 127.0.0.1:5432, database tienda, user postgres`.
    var description: String {
        let location = "\(host ?? "the default host"):\(port ?? "5432")"
        let database = database.map { ", database \($0)" } ?? ""
        let user = user.map { ", user \($0)" } ?? ""
        return "PostgreSQL at \(location)\(database)\(user)"
    }
}
