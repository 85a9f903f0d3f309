#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sqlite3.h>

/// Turns off SQLite's memory statistics, which take a process-wide mutex around every allocation SQLite makes.
/// Effective only before SQLite initialises (the first connection opened), and returns `SQLITE_MISUSE` after.
/// `sqlite3_config` is variadic, which Swift cannot call directly.
static inline int tienda_sqlite3_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
