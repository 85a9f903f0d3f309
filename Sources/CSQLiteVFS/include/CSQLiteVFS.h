#pragma once

/// The name of the VFS that ``tienda_sqlite3_register_coalescing_vfs`` registers.
extern const char *const tienda_sqlite3_coalescing_vfs_name;

/// Registers, once per process, a SQLite VFS over the default one that gathers runs of contiguous writes into
/// one system call: the frames a transaction appends to its write-ahead log (SQLite writes each with two, its
/// 24-byte header then its page), handed to the file when the commit frame is complete; and the pages a
/// checkpoint copies into the database file, handed over before the checkpoint records its progress. Every
/// other call on a file (a read, a sync, a lock, a size, a file control, closing it) first writes what is
/// gathered, so SQLite sees the file as if each write had been made at once. Not the default VFS: a connection
/// asks for it by name.
/// - Returns: `SQLITE_OK`, or the error of the registration.
int tienda_sqlite3_register_coalescing_vfs(void);
