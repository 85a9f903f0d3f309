// A QEMU TCG plugin (qemu-user) that counts the guest instructions each loaded module executes, exactly, and
// prints one line per module at exit: `insns MODULE: COUNT`, then `insns total: COUNT`. With the plugin argument
// `blocks=on` it also prints, for each translated block that ran, `block PATH FILE_OFFSET COUNT` (the block's first
// instruction as an offset in its module's file, and the instructions it executed), which Scripts/insncount.sh
// turns into counts per function. See Scripts/insncount.sh.
//
// Each translation block is charged to the module whose file mapping holds its first instruction's bytes (looked
// up in the emulator's own /proc/self/maps, where the guest's code is mapped from its files). The plugin API is
// declared here rather than taken from QEMU's header, which Debian does not ship: version 1, as in QEMU 7.2.

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef uint64_t qemu_plugin_id_t;
struct qemu_plugin_tb;
struct qemu_plugin_insn;
enum qemu_plugin_cb_flags { QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_CB_R_REGS, QEMU_PLUGIN_CB_RW_REGS };
typedef void (*qemu_plugin_vcpu_tb_trans_cb_t)(qemu_plugin_id_t, struct qemu_plugin_tb *);
typedef void (*qemu_plugin_vcpu_udata_cb_t)(unsigned int, void *);
typedef void (*qemu_plugin_udata_cb_t)(qemu_plugin_id_t, void *);
void qemu_plugin_register_vcpu_tb_trans_cb(qemu_plugin_id_t, qemu_plugin_vcpu_tb_trans_cb_t);
void qemu_plugin_register_vcpu_tb_exec_cb(
    struct qemu_plugin_tb *, qemu_plugin_vcpu_udata_cb_t, enum qemu_plugin_cb_flags, void *);
size_t qemu_plugin_tb_n_insns(const struct qemu_plugin_tb *);
struct qemu_plugin_insn *qemu_plugin_tb_get_insn(const struct qemu_plugin_tb *, size_t);
void *qemu_plugin_insn_haddr(const struct qemu_plugin_insn *);
void qemu_plugin_register_atexit_cb(qemu_plugin_id_t, qemu_plugin_udata_cb_t, void *);
void qemu_plugin_outs(const char *);

__attribute__((visibility("default"))) int qemu_plugin_version = 1;

/// Modules by index (0: code outside any file mapping), and the address ranges that map to them.
enum { MaxModules = 255, MaxRanges = 8192 };
static char moduleNames[MaxModules][128] = {"(anonymous)"};
static char modulePaths[MaxModules][512] = {"(anonymous)"};
static int moduleCount = 1;
static _Atomic uint64_t counts[MaxModules];
static struct { uintptr_t start, end, fileOffset; int module; } ranges[MaxRanges];
static int rangeCount;
static pthread_mutex_t rangesLock = PTHREAD_MUTEX_INITIALIZER;

static int moduleNamed(const char *path) {
    const char *slash = strrchr(path, '/');
    const char *name = slash ? slash + 1 : path;
    for (int index = 1; index < moduleCount; index++) {
        if (strcmp(moduleNames[index], name) == 0) return index;
    }
    if (moduleCount == MaxModules) return 0;
    snprintf(moduleNames[moduleCount], sizeof moduleNames[0], "%s", name);
    snprintf(modulePaths[moduleCount], sizeof modulePaths[0], "%s", path);
    return moduleCount++;
}

/// Reads the file mappings again (a library loaded since the last read is not in them yet).
static void readMappings(void) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return;
    char line[640];
    rangeCount = 0;
    while (rangeCount < MaxRanges && fgets(line, sizeof line, maps)) {
        unsigned long long start, end, fileOffset;
        char path[512] = "";
        if (sscanf(line, "%llx-%llx %*s %llx %*s %*s %511[^\n]", &start, &end, &fileOffset, path) < 3) continue;
        const char *trimmed = path;
        while (*trimmed == ' ') trimmed++;
        if (*trimmed != '/') continue;
        ranges[rangeCount].start = (uintptr_t)start;
        ranges[rangeCount].end = (uintptr_t)end;
        ranges[rangeCount].fileOffset = (uintptr_t)fileOffset;
        ranges[rangeCount].module = moduleNamed(trimmed);
        rangeCount++;
    }
    fclose(maps);
}

/// The module whose mapping holds `address` (-1 when none does), and the address's offset in the module's file.
static int moduleAt(uintptr_t address, uintptr_t *fileOffset) {
    for (int index = 0; index < rangeCount; index++) {
        if (address >= ranges[index].start && address < ranges[index].end) {
            *fileOffset = address - ranges[index].start + ranges[index].fileOffset;
            return ranges[index].module;
        }
    }
    return -1;
}

/// With `blocks=on`: one record per translated block, in chunks that never move (a block's record is its
/// callback's user data). A block translated again gets another record; the script adds them up by offset.
struct BlockRecord {
    _Atomic uint64_t executions;
    uintptr_t fileOffset;
    uint32_t instructions;
    int module;
};
enum { ChunkSize = 65536, MaxChunks = 4096 };
static int countsBlocks;
static struct BlockRecord *chunks[MaxChunks];
static size_t blockCount;

/// A new record (under `rangesLock`), or NULL when there is no more room.
static struct BlockRecord *newBlockRecord(void) {
    size_t chunk = blockCount / ChunkSize;
    if (chunk >= MaxChunks) return NULL;
    if (!chunks[chunk] && !(chunks[chunk] = calloc(ChunkSize, sizeof(struct BlockRecord)))) return NULL;
    return &chunks[chunk][blockCount++ % ChunkSize];
}

static void recordedBlockExecuted(unsigned int vcpu, void *data) {
    (void)vcpu;
    struct BlockRecord *record = data;
    atomic_fetch_add_explicit(&record->executions, 1, memory_order_relaxed);
    atomic_fetch_add_explicit(&counts[record->module], record->instructions, memory_order_relaxed);
}

/// Runs each time a block executes: its instruction count and module are packed into the user data.
static void blockExecuted(unsigned int vcpu, void *data) {
    (void)vcpu;
    uintptr_t packed = (uintptr_t)data;
    atomic_fetch_add_explicit(&counts[packed & 0xff], packed >> 8, memory_order_relaxed);
}

static void blockTranslated(qemu_plugin_id_t id, struct qemu_plugin_tb *block) {
    (void)id;
    uintptr_t address = (uintptr_t)qemu_plugin_insn_haddr(qemu_plugin_tb_get_insn(block, 0));
    uintptr_t fileOffset = 0;
    pthread_mutex_lock(&rangesLock);
    int module = moduleAt(address, &fileOffset);
    if (module < 0) {
        readMappings();
        module = moduleAt(address, &fileOffset);
        if (module < 0) module = 0;
    }
    struct BlockRecord *record = countsBlocks ? newBlockRecord() : NULL;
    if (record) {
        record->fileOffset = fileOffset;
        record->instructions = (uint32_t)qemu_plugin_tb_n_insns(block);
        record->module = module;
    }
    pthread_mutex_unlock(&rangesLock);
    if (record) {
        qemu_plugin_register_vcpu_tb_exec_cb(block, recordedBlockExecuted, QEMU_PLUGIN_CB_NO_REGS, record);
        return;
    }
    uintptr_t packed = ((uintptr_t)qemu_plugin_tb_n_insns(block) << 8) | (uintptr_t)module;
    qemu_plugin_register_vcpu_tb_exec_cb(block, blockExecuted, QEMU_PLUGIN_CB_NO_REGS, (void *)packed);
}

static void report(qemu_plugin_id_t id, void *data) {
    (void)id;
    (void)data;
    char line[200];
    uint64_t total = 0;
    for (int index = 0; index < moduleCount; index++) {
        uint64_t count = atomic_load(&counts[index]);
        if (count == 0) continue;
        total += count;
        snprintf(line, sizeof line, "insns %s: %llu\n", moduleNames[index], (unsigned long long)count);
        qemu_plugin_outs(line);
    }
    snprintf(line, sizeof line, "insns total: %llu\n", (unsigned long long)total);
    qemu_plugin_outs(line);
    char blockLine[640];
    for (size_t index = 0; index < blockCount; index++) {
        struct BlockRecord *record = &chunks[index / ChunkSize][index % ChunkSize];
        uint64_t executed = atomic_load(&record->executions) * record->instructions;
        if (executed == 0 || record->module == 0) continue;
        snprintf(blockLine, sizeof blockLine, "block %s %llx %llu\n", modulePaths[record->module],
            (unsigned long long)record->fileOffset, (unsigned long long)executed);
        qemu_plugin_outs(blockLine);
    }
}

__attribute__((visibility("default"))) int qemu_plugin_install(
    qemu_plugin_id_t id, const void *info, int argc, char **argv) {
    (void)info;
    for (int index = 0; index < argc; index++) {
        if (strcmp(argv[index], "blocks=on") == 0) countsBlocks = 1;
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, blockTranslated);
    qemu_plugin_register_atexit_cb(id, report, NULL);
    return 0;
}
