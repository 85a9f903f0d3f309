// A VFS over SQLite's default one that gathers contiguous writes into one system call. See CSQLiteVFS.h.
//
// The write-ahead log: SQLite appends each frame as two writes, its 24-byte header then its page. Frames are
// gathered while they follow each other; the run is written when the frame whose header marks a commit (a
// non-zero database size, bytes 4 to 7, in the log's documented format) has its page, before SQLite publishes
// the commit in the shared-memory index, so another connection never finds a committed frame missing from the
// file. Frames of a transaction not committed yet may wait in the run: they are not visible to anyone, and a
// crash loses them as it would lose the transaction.
//
// The database file: between SQLITE_FCNTL_CKPT_START and SQLITE_FCNTL_CKPT_DONE a checkpoint copies pages
// from the log into the file in page order; runs of consecutive pages are gathered and written at the latest
// at CKPT_DONE, which SQLite sends before it records in the shared memory that the pages were copied.
//
// Any other call on either file writes the gathered run first.

#include "CSQLiteVFS.h"

#include <sqlite3.h>
#include <string.h>

const char *const tienda_sqlite3_coalescing_vfs_name = "tienda-coalescing";

/// The most bytes gathered before they are written: the most the default VFS on Unix writes in one call (it
/// masks each write's length to 17 bits, as SQLite's own writes never exceed the largest page, 64 KiB).
enum { CoalescingCapacity = 0x1ffff };
/// The size of a write-ahead log frame header.
enum { FrameHeaderSize = 24 };

typedef struct CoalescingFile {
    sqlite3_file base;
    /// The default VFS's file, allocated right after this structure.
    sqlite3_file *real;
    int isLog;
    int isDatabase;
    /// The database file is inside a checkpoint's copy.
    int isCheckpointing;
    /// The log's last gathered write was a frame header; `commitsAfterPage` when it marks a commit.
    int awaitsPage;
    int commitsAfterPage;
    /// The size of the log's last frame page (0 before the first), so that a frame starts a new run when its
    /// page would not fit in the current one.
    int pageSize;
    unsigned char *run;
    int runLength;
    sqlite3_int64 runStart;
} CoalescingFile;

static sqlite3_vfs coalescingVFS;
static sqlite3_io_methods coalescingMethods;

static sqlite3_vfs *underlying(void) { return (sqlite3_vfs *)coalescingVFS.pAppData; }

static int writeRun(CoalescingFile *file) {
    if (file->runLength == 0) return SQLITE_OK;
    int length = file->runLength;
    file->runLength = 0;
    return file->real->pMethods->xWrite(file->real, file->run, length, file->runStart);
}

/// Appends to the run, starting one (and its buffer) when there is none. The caller checked that it fits.
static int gather(CoalescingFile *file, const void *bytes, int amount, sqlite3_int64 offset) {
    if (file->run == NULL) {
        file->run = sqlite3_malloc(CoalescingCapacity);
        if (file->run == NULL) return SQLITE_IOERR_NOMEM;
    }
    if (file->runLength == 0) file->runStart = offset;
    memcpy(file->run + file->runLength, bytes, (size_t)amount);
    file->runLength += amount;
    return SQLITE_OK;
}

static int continuesRun(CoalescingFile *file, int amount, sqlite3_int64 offset) {
    return file->runLength > 0 && offset == file->runStart + file->runLength
        && file->runLength + amount <= CoalescingCapacity;
}

static int writeLog(CoalescingFile *file, const void *bytes, int amount, sqlite3_int64 offset) {
    int rc;
    if (amount == FrameHeaderSize) {
        if (!continuesRun(file, amount + file->pageSize, offset) && (rc = writeRun(file)) != SQLITE_OK) return rc;
        const unsigned char *header = bytes;
        file->awaitsPage = 1;
        file->commitsAfterPage = (header[4] | header[5] | header[6] | header[7]) != 0;
        return gather(file, bytes, amount, offset);
    }
    if (file->awaitsPage && continuesRun(file, amount, offset)) {
        file->awaitsPage = 0;
        file->pageSize = amount;
        if ((rc = gather(file, bytes, amount, offset)) != SQLITE_OK) return rc;
        return file->commitsAfterPage ? writeRun(file) : SQLITE_OK;
    }
    file->awaitsPage = 0;
    if ((rc = writeRun(file)) != SQLITE_OK) return rc;
    return file->real->pMethods->xWrite(file->real, bytes, amount, offset);
}

static int writeDatabase(CoalescingFile *file, const void *bytes, int amount, sqlite3_int64 offset) {
    int rc;
    if (!continuesRun(file, amount, offset) && (rc = writeRun(file)) != SQLITE_OK) return rc;
    if (amount > CoalescingCapacity / 4) return file->real->pMethods->xWrite(file->real, bytes, amount, offset);
    return gather(file, bytes, amount, offset);
}

static int coalescingWrite(sqlite3_file *base, const void *bytes, int amount, sqlite3_int64 offset) {
    CoalescingFile *file = (CoalescingFile *)base;
    if (file->isLog) return writeLog(file, bytes, amount, offset);
    if (file->isDatabase && file->isCheckpointing) return writeDatabase(file, bytes, amount, offset);
    int rc = writeRun(file);
    return rc != SQLITE_OK ? rc : file->real->pMethods->xWrite(file->real, bytes, amount, offset);
}

/// Writes the run, then forwards a call (`call` being an expression of `real`).
#define FORWARD(base, call)                                     \
    do {                                                        \
        CoalescingFile *file = (CoalescingFile *)(base);        \
        int rc = writeRun(file);                                \
        if (rc != SQLITE_OK) return rc;                         \
        sqlite3_file *real = file->real;                        \
        return call;                                            \
    } while (0)

static int coalescingClose(sqlite3_file *base) {
    CoalescingFile *file = (CoalescingFile *)base;
    int written = writeRun(file);
    int closed = file->real->pMethods ? file->real->pMethods->xClose(file->real) : SQLITE_OK;
    sqlite3_free(file->run);
    file->run = NULL;
    return written != SQLITE_OK ? written : closed;
}

static int coalescingRead(sqlite3_file *base, void *bytes, int amount, sqlite3_int64 offset) {
    FORWARD(base, real->pMethods->xRead(real, bytes, amount, offset));
}
static int coalescingTruncate(sqlite3_file *base, sqlite3_int64 size) {
    FORWARD(base, real->pMethods->xTruncate(real, size));
}
static int coalescingSync(sqlite3_file *base, int flags) { FORWARD(base, real->pMethods->xSync(real, flags)); }
static int coalescingFileSize(sqlite3_file *base, sqlite3_int64 *size) {
    FORWARD(base, real->pMethods->xFileSize(real, size));
}
static int coalescingLock(sqlite3_file *base, int level) { FORWARD(base, real->pMethods->xLock(real, level)); }
static int coalescingUnlock(sqlite3_file *base, int level) { FORWARD(base, real->pMethods->xUnlock(real, level)); }
static int coalescingCheckReservedLock(sqlite3_file *base, int *result) {
    FORWARD(base, real->pMethods->xCheckReservedLock(real, result));
}

static int coalescingFileControl(sqlite3_file *base, int operation, void *argument) {
    CoalescingFile *file = (CoalescingFile *)base;
    int rc = writeRun(file);
    if (rc != SQLITE_OK) return rc;
    if (operation == SQLITE_FCNTL_CKPT_START) file->isCheckpointing = 1;
    if (operation == SQLITE_FCNTL_CKPT_DONE) file->isCheckpointing = 0;
    if (operation == SQLITE_FCNTL_VFSNAME) {
        // Names this VFS in front of the default one's, as a wrapping VFS should.
        rc = file->real->pMethods->xFileControl(file->real, operation, argument);
        char *below = rc == SQLITE_OK ? *(char **)argument : NULL;
        *(char **)argument = below ? sqlite3_mprintf("%s/%z", coalescingVFS.zName, below)
                                   : sqlite3_mprintf("%s/%s", coalescingVFS.zName, underlying()->zName);
        return SQLITE_OK;
    }
    return file->real->pMethods->xFileControl(file->real, operation, argument);
}

static int coalescingSectorSize(sqlite3_file *base) {
    sqlite3_file *real = ((CoalescingFile *)base)->real;
    return real->pMethods->xSectorSize(real);
}
static int coalescingDeviceCharacteristics(sqlite3_file *base) {
    sqlite3_file *real = ((CoalescingFile *)base)->real;
    return real->pMethods->xDeviceCharacteristics(real);
}

static int coalescingShmMap(sqlite3_file *base, int region, int size, int extend, void volatile **mapped) {
    FORWARD(base, real->pMethods->iVersion < 2 ? SQLITE_IOERR_SHMMAP
                                                : real->pMethods->xShmMap(real, region, size, extend, mapped));
}
static int coalescingShmLock(sqlite3_file *base, int offset, int count, int flags) {
    FORWARD(base, real->pMethods->iVersion < 2 ? SQLITE_IOERR_SHMLOCK
                                                : real->pMethods->xShmLock(real, offset, count, flags));
}
static void coalescingShmBarrier(sqlite3_file *base) {
    CoalescingFile *file = (CoalescingFile *)base;
    // A barrier cannot report a failed write; the run is then written, or its error reported, by the next call.
    if (writeRun(file) == SQLITE_OK && file->real->pMethods->iVersion >= 2) file->real->pMethods->xShmBarrier(file->real);
}
static int coalescingShmUnmap(sqlite3_file *base, int deleteFlag) {
    FORWARD(base, real->pMethods->iVersion < 2 ? SQLITE_OK : real->pMethods->xShmUnmap(real, deleteFlag));
}
static int coalescingFetch(sqlite3_file *base, sqlite3_int64 offset, int amount, void **pointer) {
    *pointer = NULL;
    FORWARD(base, real->pMethods->iVersion < 3 ? SQLITE_OK : real->pMethods->xFetch(real, offset, amount, pointer));
}
static int coalescingUnfetch(sqlite3_file *base, sqlite3_int64 offset, void *pointer) {
    FORWARD(base, real->pMethods->iVersion < 3 ? SQLITE_OK : real->pMethods->xUnfetch(real, offset, pointer));
}

static int coalescingOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *base, int flags, int *outFlags) {
    (void)vfs;
    CoalescingFile *file = (CoalescingFile *)base;
    memset(file, 0, sizeof(*file));
    file->real = (sqlite3_file *)&file[1];
    int rc = underlying()->xOpen(underlying(), name, file->real, flags, outFlags);
    // A file the default VFS did not open has no methods, and SQLite closes nothing.
    if (file->real->pMethods == NULL) {
        file->base.pMethods = NULL;
        return rc;
    }
    // A log is only used with shared memory (methods of version 2 and up); without it, writes go through as they are.
    file->isLog = (flags & SQLITE_OPEN_WAL) != 0 && file->real->pMethods->iVersion >= 2;
    file->isDatabase = (flags & SQLITE_OPEN_MAIN_DB) != 0;
    file->base.pMethods = &coalescingMethods;
    return rc;
}

static int coalescingDelete(sqlite3_vfs *vfs, const char *name, int syncDirectory) {
    (void)vfs;
    return underlying()->xDelete(underlying(), name, syncDirectory);
}
static int coalescingAccess(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    (void)vfs;
    return underlying()->xAccess(underlying(), name, flags, result);
}
static int coalescingFullPathname(sqlite3_vfs *vfs, const char *name, int size, char *output) {
    (void)vfs;
    return underlying()->xFullPathname(underlying(), name, size, output);
}
static void *coalescingDlOpen(sqlite3_vfs *vfs, const char *path) {
    (void)vfs;
    return underlying()->xDlOpen(underlying(), path);
}
static void coalescingDlError(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    underlying()->xDlError(underlying(), size, message);
}
static void (*coalescingDlSym(sqlite3_vfs *vfs, void *library, const char *symbol))(void) {
    (void)vfs;
    return underlying()->xDlSym(underlying(), library, symbol);
}
static void coalescingDlClose(sqlite3_vfs *vfs, void *library) {
    (void)vfs;
    underlying()->xDlClose(underlying(), library);
}
static int coalescingRandomness(sqlite3_vfs *vfs, int size, char *output) {
    (void)vfs;
    return underlying()->xRandomness(underlying(), size, output);
}
static int coalescingSleep(sqlite3_vfs *vfs, int microseconds) {
    (void)vfs;
    return underlying()->xSleep(underlying(), microseconds);
}
static int coalescingCurrentTime(sqlite3_vfs *vfs, double *now) {
    (void)vfs;
    return underlying()->xCurrentTime(underlying(), now);
}
static int coalescingGetLastError(sqlite3_vfs *vfs, int size, char *message) {
    (void)vfs;
    return underlying()->xGetLastError ? underlying()->xGetLastError(underlying(), size, message) : 0;
}
static int coalescingCurrentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *now) {
    (void)vfs;
    return underlying()->xCurrentTimeInt64(underlying(), now);
}

int tienda_sqlite3_register_coalescing_vfs(void) {
    static int registered = SQLITE_ERROR;
    int rc = sqlite3_initialize();
    if (rc != SQLITE_OK) return rc;
    sqlite3_mutex *mutex = sqlite3_mutex_alloc(SQLITE_MUTEX_STATIC_APP1);
    sqlite3_mutex_enter(mutex);
    if (registered != SQLITE_OK) {
        sqlite3_vfs *below = sqlite3_vfs_find(NULL);
        if (below == NULL || below->iVersion < 2) {
            registered = SQLITE_ERROR;
        } else {
            coalescingMethods = (sqlite3_io_methods){
                .iVersion = 3,
                .xClose = coalescingClose,
                .xRead = coalescingRead,
                .xWrite = coalescingWrite,
                .xTruncate = coalescingTruncate,
                .xSync = coalescingSync,
                .xFileSize = coalescingFileSize,
                .xLock = coalescingLock,
                .xUnlock = coalescingUnlock,
                .xCheckReservedLock = coalescingCheckReservedLock,
                .xFileControl = coalescingFileControl,
                .xSectorSize = coalescingSectorSize,
                .xDeviceCharacteristics = coalescingDeviceCharacteristics,
                .xShmMap = coalescingShmMap,
                .xShmLock = coalescingShmLock,
                .xShmBarrier = coalescingShmBarrier,
                .xShmUnmap = coalescingShmUnmap,
                .xFetch = coalescingFetch,
                .xUnfetch = coalescingUnfetch,
            };
            coalescingVFS = (sqlite3_vfs){
                .iVersion = 2,
                .szOsFile = (int)sizeof(CoalescingFile) + below->szOsFile,
                .mxPathname = below->mxPathname,
                .zName = tienda_sqlite3_coalescing_vfs_name,
                .pAppData = below,
                .xOpen = coalescingOpen,
                .xDelete = coalescingDelete,
                .xAccess = coalescingAccess,
                .xFullPathname = coalescingFullPathname,
                .xDlOpen = coalescingDlOpen,
                .xDlError = coalescingDlError,
                .xDlSym = coalescingDlSym,
                .xDlClose = coalescingDlClose,
                .xRandomness = coalescingRandomness,
                .xSleep = coalescingSleep,
                .xCurrentTime = coalescingCurrentTime,
                .xGetLastError = coalescingGetLastError,
                .xCurrentTimeInt64 = coalescingCurrentTimeInt64,
            };
            registered = sqlite3_vfs_register(&coalescingVFS, 0);
        }
    }
    sqlite3_mutex_leave(mutex);
    return registered;
}
