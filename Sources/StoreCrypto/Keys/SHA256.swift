import COpenSSL
import Foundation

/// A SHA-256 digest: 32 bytes.
public struct SHA256Digest: Hashable, Sendable, CustomStringConvertible {
    /// The 32 digest bytes.
    public let bytes: Data

    init(bytes: Data) {
        precondition(bytes.count == SHA256.byteCount)
        self.bytes = bytes
    }

    /// Lowercase hexadecimal.
    public var description: String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { output in
            for (offset, byte) in bytes.enumerated() {
                output[2 * offset] = digits[Int(byte >> 4)]
                output[2 * offset + 1] = digits[Int(byte & 0x0F)]
            }
            return bytes.count * 2
        }
    }
}

/// SHA-256 through OpenSSL, with the algorithm fetched once per process.
public enum SHA256 {
    /// The digest length in bytes.
    public static let byteCount = 32

    /// Hashes bytes.
    public static func hash(_ data: some DataProtocol) -> SHA256Digest {
        if let digest = data.withContiguousStorageIfAvailable({ hash(UnsafeRawBufferPointer($0)) }) {
            return digest
        }
        return Data(data).withUnsafeBytes { hash($0) }
    }

    /// Hashes a buffer.
    static func hash(_ buffer: UnsafeRawBufferPointer) -> SHA256Digest {
        var digest = Data(count: byteCount)
        digest.withUnsafeMutableBytes { output in
            hash(buffer, into: output.baseAddress!.assumingMemoryBound(to: UInt8.self))
        }
        return SHA256Digest(bytes: digest)
    }

    /// Calls `body` with SHA-256(`buffer`), held in stack memory.
    static func withDigest<Result>(of buffer: UnsafeRawBufferPointer, _ body: (UnsafeRawBufferPointer) -> Result)
        -> Result
    {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: byteCount) { digest in
            hash(buffer, into: digest.baseAddress!)
            return body(UnsafeRawBufferPointer(digest))
        }
    }

    /// Hashes a buffer into 32 bytes at `output`.
    static func hash(_ buffer: UnsafeRawBufferPointer, into output: UnsafeMutablePointer<UInt8>) {
        var length: UInt32 = 0
        let status = EVP_Digest(
            buffer.baseAddress, buffer.count, output, &length, MessageDigestAlgorithm.sha256.pointer, nil)
        // SHA-256 over memory cannot fail short of memory exhaustion, which Swift treats as fatal too.
        precondition(status == 1 && length == UInt32(byteCount), "OpenSSL SHA-256 failed: \(OpenSSLErrorQueue.drain())")
    }
}
