import Foundation
import Glibc

/// A plain TCP connection for sending what URLSession will not: broken request lines, missing headers,
/// half-sent requests.
///
/// Reads wait with `poll` and a timeout, so a test fails instead of hanging, and they wait on a thread of their
/// own: a blocking read on Swift's small cooperative pool could starve the server's handler tasks.
public final class RawHTTPConnection: Sendable {
    private let descriptor: Int32

    /// Connects to `127.0.0.1:port`.
    public init(port: Int) throws {
        // The descriptor is stored only once connected: a class whose initializer throws after initializing
        // every property still runs deinit, which would close the descriptor a second time.
        descriptor = try Self.connectedSocket(port: port)
    }

    private static func connectedSocket(port: Int) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawConnectionError("socket: \(String(cString: strerror(errno)))") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw RawConnectionError("connect: \(reason)")
        }
        return descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Sends `text` as bytes.
    public func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    /// Sends `data`, all of it.
    public func send(_ data: Data) throws {
        var offset = 0
        while offset < data.count {
            let sent = data.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress! + offset, data.count - offset, Int32(MSG_NOSIGNAL)) }
            guard sent > 0 else { throw RawConnectionError("send: \(String(cString: strerror(errno)))") }
            offset += sent
        }
    }

    /// Reads until the server closes the connection or `timeout` passes without data.
    ///
    /// - Returns: Everything read, and whether the server closed the connection.
    public func readUntilClosed(timeout: Duration) async -> (data: Data, closed: Bool) {
        await onDedicatedThread { self.blockingReadUntilClosed(timeout: timeout) }
    }

    /// Reads one response whose head and body arrive together, parsing the status line and `Content-Length`.
    public func readResponse(timeout: Duration) async throws -> RawHTTPResponse {
        try await onDedicatedThread { Result { try self.blockingReadResponse(timeout: timeout) } }.get()
    }

    private func blockingReadUntilClosed(timeout: Duration) -> (data: Data, closed: Bool) {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&poller, 1, milliseconds) > 0 else { return (received, false) }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else { return (received, true) }
            received.append(contentsOf: buffer[..<count])
        }
    }

    private func blockingReadResponse(timeout: Duration) throws -> RawHTTPResponse {
        var received = Data()
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let response = RawHTTPResponse(parsing: received) { return response }
            var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
            guard poll(&poller, 1, milliseconds) > 0 else { throw RawConnectionError("no complete response within \(timeout)") }
            let count = recv(descriptor, &buffer, buffer.count, 0)
            guard count > 0 else {
                throw RawConnectionError("connection closed after \(received.count) bytes: \(String(decoding: received, as: UTF8.self))")
            }
            received.append(contentsOf: buffer[..<count])
        }
    }
}

/// Runs blocking `work` on a new thread and returns its result.
private func onDedicatedThread<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async -> Value {
    await withCheckedContinuation { continuation in
        Thread { continuation.resume(returning: work()) }.start()
    }
}

/// A response read off a ``RawHTTPConnection``.
public struct RawHTTPResponse: Sendable {
    public let status: Int
    public let head: String
    public let body: Data

    /// Parses a complete response, or returns `nil` when more bytes are needed.
    public init?(parsing data: Data) {
        guard let end = data.firstRange(of: Data("\r\n\r\n".utf8)) else { return nil }
        let head = String(decoding: data[..<end.lowerBound], as: UTF8.self)
        let statusField = head.split(separator: " ").dropFirst().first
        guard let status = statusField.flatMap({ Int($0) }) else { return nil }
        let length =
            head.split(separator: "\r\n").lazy
            .compactMap { line -> Int? in
                let parts = line.split(separator: ":", maxSplits: 1)
                guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                return Int(parts[1].trimmingCharacters(in: .whitespaces))
            }
            .first ?? 0
        let body = data[end.upperBound...]
        guard body.count >= length else { return nil }
        self.status = status
        self.head = head
        self.body = Data(body.prefix(length))
    }

    /// The value of the header `name` (any case).
    public func header(_ name: String) -> String? {
        head.split(separator: "\r\n").dropFirst().lazy.compactMap { line -> String? in
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].lowercased() == name.lowercased() else { return nil }
            return parts[1].trimmingCharacters(in: .whitespaces)
        }.first
    }
}

public struct RawConnectionError: Error, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
