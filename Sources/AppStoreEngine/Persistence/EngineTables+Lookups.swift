import StoreStorage

/// Lookups of many rows by key, in chunked `IN (…)` lists.
extension EngineTables {
    /// How many keys one `IN (…)` lookup binds; a batch reads in chunks of at most this many.
    static let lookupChunk = 256

    /// `keys` cut into chunks of at most ``lookupChunk``, each with its placeholder list (`?, ?, …`) and its values,
    /// padded with the chunk's last key up to the next power of two, so that lookups of any size use one of a few
    /// statements (each distinct text takes a place in the connection's statement cache).
    static func lookupChunks(_ keys: [SQLValue]) -> [(placeholders: String, values: [SQLValue])] {
        var chunks: [(placeholders: String, values: [SQLValue])] = []
        var start = keys.startIndex
        while start < keys.endIndex {
            let chunk = keys[start..<min(start + lookupChunk, keys.endIndex)]
            var size = 1
            while size < chunk.count { size *= 2 }
            let values = Array(chunk) + repeatElement(chunk.last!, count: size - chunk.count)
            chunks.append((Array(repeating: "?", count: size).joined(separator: ", "), values))
            start = chunk.endIndex
        }
        return chunks
    }

    /// The rows of `sql` (ending in `IN`, after `parameters`) for `ids`, one query per chunk of ``lookupChunks(_:)``.
    func rows(_ sql: String, _ parameters: [SQLValue] = [], ids: [String]) throws(AppStoreEngineError) -> [SQLRow] {
        var rows: [SQLRow] = []
        for chunk in Self.lookupChunks(ids.map { .text($0) }) {
            rows += try query("\(sql) (\(chunk.placeholders))", parameters + chunk.values)
        }
        return rows
    }
}
