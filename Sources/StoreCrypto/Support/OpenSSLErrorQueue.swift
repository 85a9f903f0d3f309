import COpenSSL

/// Reads and clears OpenSSL's thread-local error queue.
///
/// OpenSSL records the reasons of a failure in a per-thread queue. Every failing call in this module drains the
/// queue right after the call (with no suspension point in between), so that a stale entry never leaks into an
/// unrelated later failure on the same thread.
enum OpenSSLErrorQueue {
    /// Removes every queued error and returns their human-readable descriptions, oldest first.
    static func drain() -> [String] {
        var messages: [String] = []
        while true {
            let code = ERR_get_error()
            if code == 0 { break }
            if messages.count < 8 {
                messages.append(describe(code))
            }
        }
        return messages
    }

    /// Removes every queued error without reading them (after an expected failure such as a bad signature).
    static func clear() {
        ERR_clear_error()
    }

    private static func describe(_ code: UInt) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &buffer, buffer.count)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
