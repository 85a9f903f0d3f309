import CJemalloc

#if canImport(Glibc)
import Glibc
#endif

/// The `malloc(3)` a process runs on.
///
/// Tienda's executables link jemalloc (Debian's `libjemalloc2`), which then serves every allocation in the process:
/// Swift's, SQLite's and OpenSSL's (about 150 for each ES256 signature). Measured with the engine benchmark, it
/// cut the engine's CPU time more than signing's (docs/BENCHMARKS.md). Libraries are not affected: a process that
/// links them keeps its own allocator.
public enum ProcessAllocator {
    /// `"jemalloc 5.3.0"` when jemalloc serves this process's `malloc`, else `"the C library's malloc"`.
    public static let description: String = {
        guard let version = tienda_jemalloc_version(), servesMalloc else { return "the C library's malloc" }
        let release = String(cString: version).split(separator: "-").first.map(String.init) ?? String(cString: version)
        return "jemalloc \(release)"
    }()

    /// Whether `malloc` allocates through jemalloc: its count of the thread's allocated bytes grows by a block
    /// `malloc` returns (the block is handed to `malloc_usable_size`, so that the compiler cannot leave out the
    /// allocation).
    private static var servesMalloc: Bool {
        let size = 1 << 16
        let before = tienda_jemalloc_thread_allocated()
        guard let block = malloc(size) else { return false }
        defer { free(block) }
        guard malloc_usable_size(block) >= size else { return false }
        return tienda_jemalloc_thread_allocated() >= before + UInt64(size)
    }
}
