// A QEMU TCG plugin (qemu-user) that counts the guest instructions each loaded module executes, exactly, and
// prints one line per module at exit: `insns MODULE: COUNT`, then `insns total: COUNT`. See Scripts/insncount.sh.
//
// Each translation block is charged to the module whose file mapping holds its first instruction's bytes (looked
// up in the emulator's own /proc/self/maps, where the guest's code is mapped from its files). The plugin API is
// declared here rather than taken from QEMU's header, which Debian does not ship: version 1, as in QEMU 7.2.

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
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
static int moduleCount = 1;
static _Atomic uint64_t counts[MaxModules];
static struct { uintptr_t start, end; int module; } ranges[MaxRanges];
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
    return moduleCount++;
}

/// Reads the file mappings again (a library loaded since the last read is not in them yet).
static void readMappings(void) {
    FILE *maps = fopen("/proc/self/maps", "r");
    if (!maps) return;
    char line[640];
    rangeCount = 0;
    while (rangeCount < MaxRanges && fgets(line, sizeof line, maps)) {
        unsigned long long start, end;
        char path[512] = "";
        if (sscanf(line, "%llx-%llx %*s %*s %*s %*s %511[^\n]", &start, &end, path) < 2) continue;
        const char *trimmed = path;
        while (*trimmed == ' ') trimmed++;
        if (*trimmed != '/') continue;
        ranges[rangeCount].start = (uintptr_t)start;
        ranges[rangeCount].end = (uintptr_t)end;
        ranges[rangeCount].module = moduleNamed(trimmed);
        rangeCount++;
    }
    fclose(maps);
}

static int moduleAt(uintptr_t address) {
    for (int index = 0; index < rangeCount; index++) {
        if (address >= ranges[index].start && address < ranges[index].end) return ranges[index].module;
    }
    return -1;
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
    pthread_mutex_lock(&rangesLock);
    int module = moduleAt(address);
    if (module < 0) {
        readMappings();
        module = moduleAt(address);
        if (module < 0) module = 0;
    }
    pthread_mutex_unlock(&rangesLock);
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
}

__attribute__((visibility("default"))) int qemu_plugin_install(
    qemu_plugin_id_t id, const void *info, int argc, char **argv) {
    (void)info;
    (void)argc;
    (void)argv;
    qemu_plugin_register_vcpu_tb_trans_cb(id, blockTranslated);
    qemu_plugin_register_atexit_cb(id, report, NULL);
    return 0;
}
