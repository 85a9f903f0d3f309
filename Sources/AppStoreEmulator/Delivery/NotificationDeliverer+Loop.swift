import StoreModel

/// The background task: a round whenever something falls due, and at least every poll interval.
extension NotificationDeliverer {
    /// Starts the background task (again after ``stop()``); does nothing while it runs.
    public func start() {
        guard loop == nil else { return }
        loop = Task { [weak self] in
            while !Task.isCancelled {
                guard let self else { return }
                await self.runOnce()
            }
        }
    }

    /// Stops the background task and waits for it: an attempt in flight is cancelled and not recorded (the
    /// next start repeats it).
    public func stop() async {
        guard let running = loop else { return }
        running.cancel()
        wake()
        await running.value
        loop = nil
        wakeRequested = false
    }

    /// Whether the background task runs.
    public var isRunning: Bool { loop != nil }

    /// Makes the background task look at the outbox now instead of at its next poll (after raising
    /// notifications, changing faults, or moving a virtual clock).
    public func wake() {
        if let sleeper {
            self.sleeper = nil
            sleepGeneration += 1
            sleeper.resume()
        } else {
            wakeRequested = true
        }
    }

    /// One round, then a sleep until the next due date, the poll interval or a wake-up, whichever comes first.
    private func runOnce() async {
        var wait = pollInterval
        do {
            let round = try await deliverDue()
            lastError = nil
            if let next = round.nextDueDate {
                wait = min(wait, max(.zero, next.duration(since: clock.now)))
            }
        } catch {
            lastError = error
        }
        guard !Task.isCancelled else { return }
        await sleep(for: wait)
    }

    private func sleep(for duration: Duration) async {
        if wakeRequested {
            wakeRequested = false
            return
        }
        guard duration > .zero else { return }
        await withCheckedContinuation { continuation in
            sleeper = continuation
            let generation = sleepGeneration
            Task { [weak self] in
                try? await Task.sleep(for: duration)
                await self?.timerFired(generation: generation)
            }
        }
    }

    private func timerFired(generation: Int) {
        guard generation == sleepGeneration, let sleeper else { return }
        self.sleeper = nil
        sleepGeneration += 1
        sleeper.resume()
    }
}
