import CMicroHTTPD
import CMicroHTTPDShims
import Foundation
import Glibc

/// A libmicrohttpd connection as the access handler uses it, on the connection's polling thread only.
struct DaemonConnection {
    let pointer: OpaquePointer

    /// The request's header fields in arrival order.
    func requestHeaders() -> HTTPHeaders {
        var fields: [HTTPHeaders.Field] = []
        withUnsafeMutablePointer(to: &fields) { fields in
            _ = MHD_get_connection_values_n(pointer, .HEADER_KIND, appendHeaderField, fields)
        }
        return HTTPHeaders(fields)
    }

    /// The client's IP address as text.
    func remoteAddress() -> String? {
        guard let address = tienda_mhd_client_address(pointer) else { return nil }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: Int(INET6_ADDRSTRLEN)) { text in
            let converted: UnsafePointer<CChar>? =
                switch Int32(address.pointee.sa_family) {
                case AF_INET:
                    address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
                        withUnsafePointer(to: ipv4.pointee.sin_addr) { inet_ntop(AF_INET, $0, text.baseAddress, socklen_t(text.count)) }
                    }
                case AF_INET6:
                    address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
                        withUnsafePointer(to: ipv6.pointee.sin6_addr) { inet_ntop(AF_INET6, $0, text.baseAddress, socklen_t(text.count)) }
                    }
                default:
                    nil
                }
            return converted.map { String(cString: $0) }
        }
    }

    /// Queues `response`; libmicrohttpd sends it after the access handler returns.
    ///
    /// - Parameter closeConnection: Adds `Connection: close`, so the client does not reuse the connection.
    func queue(_ response: HTTPResponse, closeConnection: Bool) -> MHD_Result {
        let daemonResponse = response.body.withUnsafeBytes { body in
            MHD_create_response_from_buffer(body.count, UnsafeMutableRawPointer(mutating: body.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let daemonResponse else { return .NO }
        defer { MHD_destroy_response(daemonResponse) }
        for field in response.headers {
            // libmicrohttpd refuses fields it sets itself (Content-Length) and values with line breaks.
            _ = MHD_add_response_header(daemonResponse, field.name, field.value)
        }
        if closeConnection {
            _ = MHD_add_response_header(daemonResponse, "Connection", "close")
        }
        return MHD_queue_response(pointer, UInt32(response.status.code), daemonResponse)
    }
}

/// Appends one header field to the `[HTTPHeaders.Field]` that `context` points to.
private func appendHeaderField(
    context: UnsafeMutableRawPointer?, kind: MHD_ValueKind,
    name: UnsafePointer<CChar>?, nameLength: Int, value: UnsafePointer<CChar>?, valueLength: Int
) -> MHD_Result {
    guard let context, let name else { return .YES }
    let fields = context.assumingMemoryBound(to: [HTTPHeaders.Field].self)
    fields.pointee.append(HTTPHeaders.Field(name: text(name, length: nameLength), value: value.map { text($0, length: valueLength) } ?? ""))
    return .YES
}

private func text(_ characters: UnsafePointer<CChar>, length: Int) -> String {
    characters.withMemoryRebound(to: UInt8.self, capacity: length) {
        String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
    }
}
