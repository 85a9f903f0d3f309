import Foundation

/// Something a `ChildProcess` can take as a standard stream: a `Pipe` or a `FileHandle`.
public protocol ChildProcessStream: Sendable {
    /// Adds to `actions` what makes descriptor `target` of the child this stream (`isInput` for standard input).
    func addChildEnd(to actions: inout posix_spawn_file_actions_t, as target: Int32, isInput: Bool)
    /// Closes, in this process, the end that now belongs to the child (nothing for a file handle).
    func closeChildEnd(isInput: Bool)
}

extension Pipe: ChildProcessStream {
    public func addChildEnd(to actions: inout posix_spawn_file_actions_t, as target: Int32, isInput: Bool) {
        let handle = isInput ? fileHandleForReading : fileHandleForWriting
        posix_spawn_file_actions_adddup2(&actions, handle.fileDescriptor, target)
    }

    public func closeChildEnd(isInput: Bool) {
        try? (isInput ? fileHandleForReading : fileHandleForWriting).close()
    }
}

extension FileHandle: ChildProcessStream {
    public func addChildEnd(to actions: inout posix_spawn_file_actions_t, as target: Int32, isInput: Bool) {
        // `FileHandle.nullDevice` has no descriptor of its own to lend.
        if self === FileHandle.nullDevice {
            posix_spawn_file_actions_addopen(&actions, target, "/dev/null", isInput ? O_RDONLY : O_WRONLY, 0)
        } else {
            posix_spawn_file_actions_adddup2(&actions, fileDescriptor, target)
        }
    }

    public func closeChildEnd(isInput: Bool) {}
}
