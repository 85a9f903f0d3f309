import Foundation
import Synchronization

/// Lines typed on standard input, read on a thread of their own so waiting for the keyboard never blocks Swift's
/// cooperative threads; the menu and the purchase prompt take turns reading them.
final class LineReader: Sendable {
    private struct State {
        var lines: [String] = []
        var waiter: CheckedContinuation<String?, Never>?
        var isFinished = false
    }

    private let state = Mutex(State())

    /// Starts reading standard input.
    init() {
        let thread = Thread { [self] in
            while let line = readLine(strippingNewline: true) {
                let waiter = self.state.withLock { state -> CheckedContinuation<String?, Never>? in
                    guard let waiter = state.waiter else {
                        state.lines.append(line)
                        return nil
                    }
                    state.waiter = nil
                    return waiter
                }
                waiter?.resume(returning: line)
            }
            let waiter = self.state.withLock { state in
                state.isFinished = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
        thread.start()
    }

    /// The next line, trimmed; `nil` at the end of input. One reader at a time.
    func next() async -> String? {
        let line = await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let ready: String?? = state.withLock { state in
                if !state.lines.isEmpty { return .some(state.lines.removeFirst()) }
                if state.isFinished { return .some(nil) }
                state.waiter = continuation
                return .none
            }
            if let ready { continuation.resume(returning: ready) }
        }
        return line?.trimmingCharacters(in: .whitespaces)
    }
}
