import CLibPQ

/// The PostgreSQL type OIDs Tienda reads and writes (from the server's `pg_type` catalog; they never change).
enum PostgreSQLTypeOID {
    static let bool: Oid = 16
    static let bytea: Oid = 17
    static let int8: Oid = 20
    static let int2: Oid = 21
    static let int4: Oid = 23
    static let oid: Oid = 26
    static let float4: Oid = 700
    static let float8: Oid = 701
    static let numeric: Oid = 1700
}
