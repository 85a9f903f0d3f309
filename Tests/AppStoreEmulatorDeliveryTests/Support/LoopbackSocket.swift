import Glibc

/// A TCP socket bound to a free loopback port, for tests that need a port in a known state.
struct LoopbackSocket: Sendable {
    let descriptor: Int32
    /// The port it is bound to.
    let port: Int

    /// Binds a new socket to `127.0.0.1` on a port the kernel picks, and listens on it when `listening`.
    ///
    /// A socket bound but not listening keeps its port taken, so a connection to it is refused for as long as the
    /// socket stays open: unlike a port whose listener has closed, no other test of a parallel run can take it.
    init(listening: Bool) throws(ListenerError) {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw .socket }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(descriptor, pointer, length) == 0 && (!listening || listen(descriptor, 16) == 0)
                    && getsockname(descriptor, pointer, &length) == 0
            }
        }
        guard bound else {
            Glibc.close(descriptor)
            throw .socket
        }
        self.descriptor = descriptor
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    /// Closes the socket, freeing its port.
    func close() {
        Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
        Glibc.close(descriptor)
    }

    enum ListenerError: Error {
        case socket
    }
}
