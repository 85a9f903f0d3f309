/// Holds the first arrivals until `parties` tasks have arrived, then releases them all; proves that many handlers
/// run at the same time without measuring time.
actor Barrier {
    private let parties: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []
    private var isOpen = false

    init(parties: Int) {
        self.parties = parties
    }

    /// Waits until `parties` tasks have arrived.
    ///
    /// - Returns: Whether every party arrived (`false` only if more arrive than expected after opening).
    func arrive() async -> Bool {
        guard !isOpen else { return false }
        if waiting.count + 1 == parties {
            isOpen = true
            waiting.forEach { $0.resume() }
            waiting.removeAll()
            return true
        }
        await withCheckedContinuation { waiting.append($0) }
        return true
    }
}
