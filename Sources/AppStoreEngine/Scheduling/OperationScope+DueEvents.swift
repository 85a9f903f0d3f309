import StoreModel

/// Firing due events inside one storage transaction.
extension OperationScope {
    /// Fires up to `maximum` due events at or before `limit`, earliest first (a chain before a task at the same
    /// instant; chains by scheduling order). The clock, when virtual, moves to each event's instant.
    /// - Returns: How many fired, and whether more may be due.
    func processDueEvents(upTo limit: Timestamp, maximum: Int) throws(AppStoreEngineError) -> (Int, Bool) {
        var count = 0
        // Due events never schedule tasks, so the next task only changes after one runs.
        var task = try tables.nextTask(atOrBefore: limit)
        while count < maximum {
            let next = try tables.nextDueChain(atOrBefore: limit)
            if var record = next?.chain, let due = record.lifecycle.dueEvent, task.map({ due.date <= $0.dueAt }) ?? true {
                if let next { remember(next.account, next.appTransaction) }
                moveClock(to: due.date)
                try handle(.dueEventFired(due.kind), on: &record)
                if record.lifecycle.dueEvent == due { try tables.clearDueEvent(of: record.lifecycle.originalTransactionId) }
            } else if let due = task {
                moveClock(to: due.dueAt)
                try tables.deleteTask(due.sequence)
                if due.kind == EngineTask.massExtension {
                    try runMassExtension(try StoredJSON.decode(MassExtensionStep.self, from: due.payload))
                }
                task = try tables.nextTask(atOrBefore: limit)
            } else {
                return (count, false)
            }
            count += 1
        }
        return (count, true)
    }

    private func moveClock(to date: Timestamp) {
        now = date
        (environment.clock as? VirtualClock)?.advance(to: date)
    }
}
