import Synchronization

/// Chooses the store StoreKit's static API talks to.
///
/// StoreKit's API is static (`Product.products(for:)`, `Transaction.updates`), so TiendaKit routes it
/// through a current backend: the task's, set with ``withBackend(_:isolation:operation:)``, else the
/// process's, set with ``configure(_:)``. Tests give each test its own backend and run in parallel; an app
/// configures one at launch.
///
/// ```swift
/// // App
/// TiendaKit.configure(try await RemoteBackend(server: url, bundleID: "com.example.app", accountID: "alice"))
///
/// // Test
/// try await TiendaKit.withBackend(backend) {
///     let products = try await Product.products(for: ["com.example.pro.monthly"])
///     #expect(products.count == 1)
/// }
/// ```
///
/// Each scope and each configuration is one launch of the app: unfinished transactions go once to the
/// launch's first ``Transaction/updates`` listener, and every listener receives the updates made since the
/// launch (a scope reads the feed's position as it starts; a configuration when StoreKit is first used). `Task.detached` does not inherit the task's backend; code
/// that listens in a detached task reads the process's (see ``withDefaultBackend(_:isolation:operation:)``).
public enum TiendaKit {
    @TaskLocal static var taskClient: StoreClient?
    private static let processClient = Mutex<StoreClient?>(nil)
    private static let defaultScopes = AsyncLock()

    /// The client StoreKit calls use now: the task's, else the process's.
    static var currentClient: StoreClient? {
        taskClient ?? processClient.withLock { $0 }
    }

    /// Makes `backend` the process's store: one launch of the app against it.
    public static func configure(_ backend: any StoreBackend) {
        let client = StoreClient(backend: backend)
        processClient.withLock { $0 = client }
    }

    /// Runs `operation` with `backend` as the store of this task and the tasks it creates (not detached ones):
    /// one launch of the app against it.
    public static func withBackend<Result>(
        _ backend: any StoreBackend, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        let client = StoreClient(backend: backend)
        _ = try? await client.launchCursor()
        return try await $taskClient.withValue(client, operation: operation, isolation: isolation)
    }

    /// Runs `operation` with `backend` as the process's store, then restores the previous one; one such scope
    /// runs at a time in the process.
    ///
    /// For code that reads StoreKit from `Task.detached` (which drops task-local values), such as listeners
    /// written as `Task.detached { for await update in Transaction.updates { … } }`. A sequence keeps the store
    /// it was created with, so a listener outliving the scope keeps listening to its own backend.
    public static func withDefaultBackend<Result>(
        _ backend: any StoreBackend, isolation: isolated (any Actor)? = #isolation,
        operation: () async throws -> Result
    ) async rethrows -> Result {
        await defaultScopes.lock()
        let client = StoreClient(backend: backend)
        _ = try? await client.launchCursor()
        let previous = processClient.withLock { current in
            defer { current = client }
            return current
        }
        defer {
            processClient.withLock { $0 = previous }
            defaultScopes.unlock()
        }
        return try await $taskClient.withValue(client, operation: operation, isolation: isolation)
    }
}
