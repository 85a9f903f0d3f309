import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Crash-safe file writes: the bytes go to a temporary file in the same directory, are flushed to disk, and the
/// file is renamed over the destination, so a reader sees either nothing or the complete file.
enum AtomicFile {
    /// Why a file-system call failed: the path, the operation and `strerror(errno)`.
    struct Failure: Error {
        let path: String
        let operation: String
        let reason: String

        init(path: String, operation: String, errorNumber: Int32 = errno) {
            self.init(path: path, operation: operation, reason: String(cString: strerror(errorNumber)))
        }

        init(path: String, operation: String, reason: String) {
            self.path = path
            self.operation = operation
            self.reason = reason
        }
    }

    /// Writes `data` to `path` with permission bits `mode` (applied exactly, whatever the umask).
    static func write(_ data: Data, to path: String, mode: mode_t) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { throw Failure(path: temporary, operation: "create") }
        var closed = false
        defer {
            if !closed { close(descriptor) }
        }
        do throws(Failure) {
            guard fchmod(descriptor, mode) == 0 else { throw Failure(path: temporary, operation: "set permissions of") }
            let writeFailure = data.withUnsafeBytes { buffer -> Failure? in
                var offset = 0
                while offset < buffer.count {
                    let written = systemWrite(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                    if written < 0 {
                        if errno == EINTR { continue }
                        return Failure(path: temporary, operation: "write")
                    }
                    offset += written
                }
                return nil
            }
            if let writeFailure { throw writeFailure }
            guard fsync(descriptor) == 0 else { throw Failure(path: temporary, operation: "flush") }
            closed = true
            guard close(descriptor) == 0 else { throw Failure(path: temporary, operation: "close") }
            guard rename(temporary, path) == 0 else { throw Failure(path: path, operation: "rename into place") }
        } catch {
            unlink(temporary)
            throw error
        }
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            Glibc.write(descriptor, bytes, count)
        #else
            Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// Flushes a directory's entries (after renames into it).
    static func synchronizeDirectory(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = fsync(descriptor)
        close(descriptor)
    }

    /// Creates one directory with exactly `mode`; an existing directory is left as it is and reported `false`.
    @discardableResult
    static func makeDirectory(_ path: String, mode: mode_t) throws(Failure) -> Bool {
        if mkdir(path, mode) != 0 {
            if errno == EEXIST { return false }
            throw Failure(path: path, operation: "create directory")
        }
        guard chmod(path, mode) == 0 else { throw Failure(path: path, operation: "set permissions of") }
        return true
    }
}
