import Foundation
import Glibc

/// A TCP listener on a loopback port that reads each request and closes the connection without answering.
///
/// It accepts on a thread of its own, so that blocking calls never occupy Swift's cooperative pool.
final class ClosingListener: Sendable {
    private let socket: LoopbackSocket
    /// The port it listens on.
    var port: Int { socket.port }

    init() throws {
        socket = try LoopbackSocket(listening: true)
        let descriptor = socket.descriptor
        Thread.detachNewThread {
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let connection = accept(descriptor, nil, nil)
                guard connection >= 0 else { return }
                _ = recv(connection, &buffer, buffer.count, 0)
                Glibc.close(connection)
            }
        }
    }

    /// Stops accepting: the accept thread returns.
    func close() {
        socket.close()
    }
}
