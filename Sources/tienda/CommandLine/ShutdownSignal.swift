import Dispatch
import Foundation
import Synchronization

/// Waits for SIGINT or SIGTERM, so a server can stop gracefully.
enum ShutdownSignal {
    /// Returns when the process receives SIGINT or SIGTERM.
    static func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let pending = Mutex<CheckedContinuation<Void, Never>?>(continuation)
            var sources: [any DispatchSourceSignal] = []
            for signalNumber in [SIGINT, SIGTERM] {
                signal(signalNumber, SIG_IGN)
                sources.append(DispatchSource.makeSignalSource(signal: signalNumber, queue: .global()))
            }
            let all = sources
            for source in all {
                // Each handler holds every source, so they live until a signal arrives.
                source.setEventHandler {
                    withExtendedLifetime(all) { pending.withLock { $0.take() }?.resume() }
                }
                source.resume()
            }
        }
    }
}
