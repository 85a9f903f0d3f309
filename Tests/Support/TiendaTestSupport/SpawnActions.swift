import Foundation

/// The `posix_spawn` settings every child of the tests needs, for the places that call `posix_spawn` themselves.
public enum SpawnActions {
    private typealias CloseFrom = @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, Int32) -> Int32
    private typealias ChangeDirectory =
        @convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>, UnsafePointer<CChar>) -> Int32

    /// Adds "close every descriptor from `lowest` up" to `actions`, so that the child holds no pipe end, socket or
    /// store file of the parallel tests (a pipe end it kept would hide EOF from whoever reads that pipe).
    ///
    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later) is looked up at run time because Swift's
    /// Glibc module does not declare it; without it, one close per descriptor open now.
    public static func closeDescriptors(from lowest: Int32, in actions: inout posix_spawn_file_actions_t) {
        if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addclosefrom_np") {
            let closeFrom = unsafeBitCast(symbol, to: CloseFrom.self)
            if closeFrom(&actions, lowest) == 0 { return }
        }
        let open = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        for descriptor in open.compactMap(Int32.init) where descriptor >= lowest {
            posix_spawn_file_actions_addclose(&actions, descriptor)
        }
    }

    /// Adds "change to `directory`" to `actions` (glibc 2.29's `posix_spawn_file_actions_addchdir_np`, looked up at
    /// run time like `closeDescriptors`); false when this glibc lacks it.
    public static func changeDirectory(to directory: String, in actions: inout posix_spawn_file_actions_t) -> Bool {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "posix_spawn_file_actions_addchdir_np") else {
            return false
        }
        return unsafeBitCast(symbol, to: ChangeDirectory.self)(&actions, directory) == 0
    }

    /// Makes the child start with no signal blocked and every signal's default action: the spawning thread (a Swift
    /// concurrency or Dispatch worker) blocks most signals, and a child inheriting that mask would never hear
    /// SIGCHLD or SIGINT.
    public static func resetSignals(in attributes: inout posix_spawnattr_t) {
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
    }
}
