import COpenSSL
import Foundation

/// Helpers for OpenSSL's `i2d_*` / `d2i_*` function families.
enum DERBytes {
    /// Serialises an object with an `i2d_*` function: the first call measures, the second writes.
    ///
    /// - Returns: the DER bytes, or `nil` when OpenSSL reports a failure (the error queue is drained).
    static func encode(_ i2d: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32) -> Data? {
        let length = i2d(nil)
        guard length > 0 else {
            _ = OpenSSLErrorQueue.drain()
            return nil
        }
        var data = Data(count: Int(length))
        let written = data.withUnsafeMutableBytes { buffer -> Int32 in
            // `i2d_*` advances the pointer it is given, so it gets a copy.
            var cursor: UnsafeMutablePointer<UInt8>? = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return i2d(&cursor)
        }
        guard written == length else {
            _ = OpenSSLErrorQueue.drain()
            return nil
        }
        return data
    }

    /// Parses DER with a `d2i_*` function and requires that every byte is consumed.
    ///
    /// - Returns: the object OpenSSL allocated, or `nil` when the bytes are not exactly one DER object.
    ///   A parsed object followed by trailing bytes is freed with `free` and reported as `nil`.
    static func decode(
        _ der: Data,
        free: (OpaquePointer) -> Void,
        _ d2i: (UnsafeMutablePointer<UnsafePointer<UInt8>?>, Int) -> OpaquePointer?
    ) -> OpaquePointer? {
        guard !der.isEmpty, der.count <= Int(Int32.max) else { return nil }
        return der.withUnsafeBytes { buffer -> OpaquePointer? in
            let start = buffer.baseAddress!.assumingMemoryBound(to: UInt8.self)
            var cursor: UnsafePointer<UInt8>? = UnsafePointer(start)
            guard let object = d2i(&cursor, buffer.count) else {
                _ = OpenSSLErrorQueue.drain()
                return nil
            }
            guard let end = cursor, end == UnsafePointer(start) + buffer.count else {
                free(object)
                return nil
            }
            return object
        }
    }
}
