import CMicroHTTPD
import CMicroHTTPDShims

/// The C callbacks handed to libmicrohttpd. They capture nothing: the ``DaemonContext`` arrives as their
/// context pointer, and each request's ``RequestExchange`` as the request context.
enum DaemonCallbacks {
    /// `MHD_OPTION_URI_LOG_CALLBACK`: the request line arrived; create the request's exchange.
    static let requestStarted: tienda_mhd_uri_log_callback = { context, uri, _ in
        guard let context, let uri else { return nil }
        Unmanaged<DaemonContext>.fromOpaque(context).takeUnretainedValue().tracker.requestStarted()
        return Unmanaged.passRetained(RequestExchange(target: String(cString: uri))).toOpaque()
    }

    /// The accept policy: once the server stops accepting, each new connection is closed as soon as it is
    /// accepted.
    static let acceptPolicy: MHD_AcceptPolicyCallback = { context, _, _ in
        guard let context else { return .NO }
        return Unmanaged<DaemonContext>.fromOpaque(context).takeUnretainedValue().acceptsConnections ? .YES : .NO
    }

    /// The access handler: called for the headers, each body chunk, the end of the body, and after resume.
    static let access: MHD_AccessHandlerCallback = { context, connection, _, method, version, upload, uploadSize, requestContext in
        guard let context, let connection, let method, let uploadSize, let exchange = requestContext?.pointee else {
            return .NO
        }
        return Unmanaged<DaemonContext>.fromOpaque(context).takeUnretainedValue().handle(
            Unmanaged<RequestExchange>.fromOpaque(exchange).takeUnretainedValue(),
            on: DaemonConnection(pointer: connection), method: method, version: version, upload: upload,
            uploadSize: uploadSize)
    }

    /// `MHD_OPTION_NOTIFY_COMPLETED`: the request is finished; release its exchange.
    static let requestCompleted: MHD_RequestCompletedCallback = { context, _, requestContext, _ in
        guard let context, let requestContext, let exchange = requestContext.pointee else { return }
        requestContext.pointee = nil
        Unmanaged<RequestExchange>.fromOpaque(exchange).release()
        Unmanaged<DaemonContext>.fromOpaque(context).takeUnretainedValue().tracker.requestCompleted()
    }
}
