extension Router {
    /// Registers an asynchronous `GET` handler (it also answers `HEAD`).
    public mutating func get(_ path: String, handler: @escaping Handler) {
        add(.get, path, handler: handler)
    }

    /// Registers a synchronous `GET` handler, written `.synchronous { request, parameters in … }` (it also answers `HEAD`).
    public mutating func get(_ path: String, _ handler: SynchronousHandler) {
        add(.get, path, handler)
    }

    /// Registers an asynchronous `POST` handler.
    public mutating func post(_ path: String, handler: @escaping Handler) {
        add(.post, path, handler: handler)
    }

    /// Registers a synchronous `POST` handler, written `.synchronous { request, parameters in … }`.
    public mutating func post(_ path: String, _ handler: SynchronousHandler) {
        add(.post, path, handler)
    }

    /// Registers an asynchronous `PUT` handler.
    public mutating func put(_ path: String, handler: @escaping Handler) {
        add(.put, path, handler: handler)
    }

    /// Registers a synchronous `PUT` handler, written `.synchronous { request, parameters in … }`.
    public mutating func put(_ path: String, _ handler: SynchronousHandler) {
        add(.put, path, handler)
    }

    /// Registers an asynchronous `PATCH` handler.
    public mutating func patch(_ path: String, handler: @escaping Handler) {
        add(.patch, path, handler: handler)
    }

    /// Registers a synchronous `PATCH` handler, written `.synchronous { request, parameters in … }`.
    public mutating func patch(_ path: String, _ handler: SynchronousHandler) {
        add(.patch, path, handler)
    }

    /// Registers an asynchronous `DELETE` handler.
    public mutating func delete(_ path: String, handler: @escaping Handler) {
        add(.delete, path, handler: handler)
    }

    /// Registers a synchronous `DELETE` handler, written `.synchronous { request, parameters in … }`.
    public mutating func delete(_ path: String, _ handler: SynchronousHandler) {
        add(.delete, path, handler)
    }
}
