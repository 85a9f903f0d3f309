/// Work that runs beside the HTTP server for as long as the emulator runs: the due-event scheduler, and later
/// the notification deliverer. ``EmulatorServer`` starts each after the server listens and stops them, in
/// reverse order, before it closes the engine.
public protocol BackgroundService: Sendable {
    /// Starts the service; returns once it runs (its work continues in its own task).
    func start() async
    /// Stops the service and waits until its work has ended.
    func stop() async
}
