#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A value guarded by a pthread mutex.
///
/// The verifier's caches and context pools and the HTTP server's shared state use this rather than
/// `Synchronization.Mutex`, whose Linux implementation waits on a futex that ThreadSanitizer cannot see: under
/// contention a `--sanitize=thread` run then reports false races between accesses that the mutex does order.
/// ThreadSanitizer intercepts `pthread_mutex_lock`.
///
/// `@unchecked Sendable` because it wraps a C mutex: every access to the value happens between
/// `pthread_mutex_lock` and `pthread_mutex_unlock`, and the value itself is `Sendable`.
public final class Locked<Value: Sendable>: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    @usableFromInline var value: Value

    /// Guards `value`.
    public init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    @inlinable
    public func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
