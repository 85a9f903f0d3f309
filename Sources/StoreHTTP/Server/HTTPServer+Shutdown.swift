extension HTTPServer {
    /// Stops the server gracefully.
    ///
    /// 1. Stops accepting connections: each new one is closed as soon as it is accepted.
    /// 2. Lets requests in progress finish until `deadline`; their responses carry `Connection: close`.
    /// 3. Answers any request still waiting for deferred work with 503 and resumes its connection, so that
    ///    no connection is suspended when the daemon stops, then gives those answers up to a second to leave.
    ///    The deferred tasks are cancelled and their results dropped.
    /// 4. Stops the daemon, closing every connection, and closes the listening socket.
    ///
    /// Calling it on a server that is not running, or while another shutdown is in progress, returns at once; a
    /// server that was bound (``bind(host:port:)``) and never started closes its socket.
    public func shutdown(deadline: ContinuousClock.Instant = .now + .seconds(10)) async {
        if releaseBoundSocket() { return }
        guard let daemon = beginStopping() else { return }
        daemon.stopAccepting()
        let tracker = daemon.context.tracker
        tracker.beginDraining()
        await tracker.waitUntilIdle(deadline: deadline)
        let abandoned = daemon.abandonSuspendedRequests(
            with: configuration.errorResponse(.serviceUnavailable, "The server is shutting down."))
        if abandoned > 0 {
            await tracker.waitUntilIdle(deadline: .now + Self.abandonedResponseGrace)
        }
        daemon.stop()
        finishStopping()
    }

    /// How long the 503 answers to abandoned requests get to go out before the daemon stops.
    private static let abandonedResponseGrace = Duration.seconds(1)
}
