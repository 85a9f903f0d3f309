import Foundation
import Glibc

/// A TCP listener on a loopback port that reads each request and closes the connection without answering.
///
/// It accepts on a thread of its own, so that blocking calls never occupy Swift's cooperative pool.
final class ClosingListener: Sendable {
    private let descriptor: Int32
    /// The port it listens on.
    let port: Int

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ListenerError.socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && listen(descriptor, 16) == 0
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw ListenerError.socket
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
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
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }

    enum ListenerError: Error {
        case socket
    }
}
