// tienda-storage-crash-probe DATABASE COUNT [full|normal]
//
// Commits COUNT rows one transaction at a time, then COUNT more through a WriteBatcher from concurrent tasks,
// printing `acknowledged N` as each write returns, then 500 rows of 1 KB in one transaction (`bulk 500`). Then it
// inserts row -1 in a transaction that never ends and prints `holding`. StoreStorageTests kills it there with
// SIGKILL and checks that every acknowledged row and the bulk rows survived and row -1 did not. With the
// `normal` durability nothing syncs the log at commits, so only the VFS writing each commit's frames by the time
// it returns keeps the last ones.
import Foundation
import StoreStorage

func report(_ line: String) {
    FileHandle.standardOutput.write(Data("\(line)\n".utf8))
}

let arguments = CommandLine.arguments
let durabilities: [String: SQLiteDatabase.Durability] = ["full": .full, "normal": .normal]
guard (3...4).contains(arguments.count), let count = Int(arguments[2]), count > 0,
    let durability = arguments.count == 4 ? durabilities[arguments[3]] : .full
else {
    FileHandle.standardError.write(Data("usage: tienda-storage-crash-probe DATABASE COUNT [full|normal]\n".utf8))
    exit(64)
}
let database = try SQLiteDatabase(path: arguments[1], configuration: .init(durability: durability))
try await database.execute("CREATE TABLE IF NOT EXISTS acknowledged (sequence BIGINT PRIMARY KEY)")

for sequence in 1...count {
    try await database.transaction { transaction in
        try transaction.execute("INSERT INTO acknowledged (sequence) VALUES (?)", [SQLValue(sequence)])
    }
    report("acknowledged \(sequence)")
}

let batcher = WriteBatcher(database: database)
try await withThrowingTaskGroup(of: Void.self) { group in
    for sequence in count + 1...2 * count {
        group.addTask {
            try await batcher.write { transaction in
                try transaction.execute("INSERT INTO acknowledged (sequence) VALUES (?)", [SQLValue(sequence)])
            }
            report("acknowledged \(sequence)")
        }
    }
    try await group.waitForAll()
}

// One commit of about 500 KB: many log frames written by a single transaction.
try await database.execute("CREATE TABLE IF NOT EXISTS bulk (id INTEGER PRIMARY KEY, body BLOB NOT NULL)")
try await database.transaction { transaction in
    try transaction.execute(
        "WITH RECURSIVE n(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM n WHERE x < 500) "
            + "INSERT INTO bulk (body) SELECT randomblob(1000) FROM n")
}
report("bulk 500")

// Nothing is written between the last commit and the kill, so the log's last frames are those of the commits
// acknowledged last.
try await database.transaction { transaction in
    try transaction.execute("INSERT INTO acknowledged (sequence) VALUES (-1)")
    report("holding")
    while true { sleep(60) }
}
