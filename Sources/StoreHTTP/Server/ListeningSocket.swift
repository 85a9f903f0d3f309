import Glibc

/// A TCP socket bound and listening before libmicrohttpd takes it (`MHD_OPTION_LISTEN_SOCKET`), so that the
/// port chosen for port 0 is known without asking the daemon.
struct ListeningSocket: Sendable {
    /// The file descriptor.
    let descriptor: Int32
    /// The bound port (the kernel's choice when 0 was asked for).
    let port: Int

    /// Creates a non-blocking socket listening on `host:port`.
    ///
    /// - Parameters:
    ///   - host: An IPv4 or IPv6 address, or a name that resolves to one (the first address is used).
    ///   - port: The port, or 0 for one the kernel chooses.
    ///   - backlog: The `listen` backlog.
    static func open(host: String, port: Int, backlog: Int) throws(HTTPServerError) -> ListeningSocket {
        guard (0...65535).contains(port) else { throw .socketFailed("bind", reason: "port \(port) is out of range") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var results: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &results)
        guard status == 0, let address = results else {
            throw .unresolvableHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(results) }

        let descriptor = socket(address.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .socketFailed("socket", reason: Self.lastError) }
        do throws(HTTPServerError) {
            var enabled: Int32 = 1
            setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &enabled, socklen_t(MemoryLayout<Int32>.size))
            guard bind(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen) == 0 else {
                throw HTTPServerError.socketFailed("bind to \(host):\(port)", reason: Self.lastError)
            }
            guard listen(descriptor, Int32(clamping: backlog)) == 0 else {
                throw HTTPServerError.socketFailed("listen", reason: Self.lastError)
            }
            // Every polling thread waits on this socket; only one wins each connection, so accept must not block.
            guard fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) == 0 else {
                throw HTTPServerError.socketFailed("fcntl", reason: Self.lastError)
            }
            return ListeningSocket(descriptor: descriptor, port: try boundPort(of: descriptor))
        } catch {
            Glibc.close(descriptor)
            throw error
        }
    }

    /// Closes the socket. Call only after the daemon using it has stopped.
    func close() {
        Glibc.close(descriptor)
    }

    private static func boundPort(of descriptor: Int32) throws(HTTPServerError) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let result = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        guard result == 0 else { throw .socketFailed("getsockname", reason: lastError) }
        let networkOrderPort: UInt16 = withUnsafePointer(to: &storage) { pointer in
            switch Int32(pointer.pointee.ss_family) {
            case AF_INET6: pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
            default: pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
            }
        }
        return Int(UInt16(bigEndian: networkOrderPort))
    }

    private static var lastError: String { String(cString: strerror(errno)) }
}
