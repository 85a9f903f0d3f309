import StoreModel

/// Firing due events inside one storage transaction.
extension OperationScope {
    /// Fires up to `maximum` due events at or before `limit`, earliest first (a chain before a task at the same
    /// instant; chains by scheduling order). The clock, when virtual, moves to each event's instant.
    /// - Returns: How many fired, and whether more may be due.
    func processDueEvents(upTo limit: Timestamp, maximum: Int) throws(AppStoreEngineError) -> (Int, Bool) {
        var count = 0
        let remembered = remembersCreatedPayloads
        remembersCreatedPayloads = false
        defer { remembersCreatedPayloads = remembered }
        // Due events never schedule tasks, so the next task only changes after one runs.
        var task = try tables.nextTask(atOrBefore: limit)
        var taskDue = task?.dueAt
        // Due chains are read a page at a time. The page stays valid while each event changes only its own chain
        // and moves that chain's due event past the page's last one; otherwise the rest of the page is read again.
        // The page is walked by position, each event moving its row out (`nil` takes its place) so that no row is
        // copied; the rows' due events are kept apart, read without touching the rows.
        var page: [ChainRecord?] = []
        var dues: [LifecycleDueEvent?] = []
        var position = 0
        while count < maximum {
            if position == page.count {
                (page, dues) = try tables.dueChains(atOrBefore: limit, count: Self.duePageSize)
                position = 0
            }
            if position < page.count, let due = dues[position], taskDue.map({ due.date <= $0 }) ?? true {
                var row: ChainRecord?
                swap(&row, &page[position])
                position += 1
                guard var record = consume row else { continue }
                rememberOwner(of: record)
                moveClock(to: due.date)
                let saves = chainSaves
                try handle(.dueEventFired(due.kind), on: &record)
                if record.lifecycle.dueEvent == due { try tables.clearDueEvent(of: record.lifecycle.originalTransactionId) }
                if chainSaves - saves > 1 {
                    page = []
                    position = 0
                } else if position < page.count, let moved = record.lifecycle.dueEvent?.date,
                    let last = dues.last??.date, moved <= last
                {
                    page = []
                    position = 0
                }
            } else if let due = task {
                page = []
                position = 0
                moveClock(to: due.dueAt)
                try tables.deleteTask(due.sequence)
                if due.kind == EngineTask.massExtension {
                    try runMassExtension(try StoredJSON.decode(MassExtensionStep.self, from: due.payload))
                }
                task = try tables.nextTask(atOrBefore: limit)
                taskDue = task?.dueAt
            } else {
                return (count, false)
            }
            count += 1
        }
        return (count, true)
    }

    /// How many due chains one read returns.
    static let duePageSize = 64

    private func moveClock(to date: Timestamp) {
        now = date
        (environment.clock as? VirtualClock)?.advance(to: date)
    }
}
