import COpenSSL
import Foundation
import StoreModel

extension DeviceVerification {
    /// The byte count of a device verification value (a SHA-384 digest).
    public static let byteCount = 48

    /// ``DeviceVerification/value(nonce:deviceVerificationID:)`` computed with OpenSSL's SHA-384 rather than
    /// StoreModel's portable one: the same 48 bytes in a fraction of the time. The emulated App Store computes one
    /// for every payload it issues to a device (a purchase's answer, a subscription status, an app transaction).
    ///
    /// ```swift
    /// let value = DeviceVerification.valueUsingOpenSSL(nonce: nonce, deviceVerificationID: device)
    /// assert(value == DeviceVerification.value(nonce: nonce, deviceVerificationID: device))
    /// ```
    public static func valueUsingOpenSSL(nonce: String, deviceVerificationID: String) -> Data {
        var message = Array(nonce.lowercased().utf8)
        message.append(contentsOf: deviceVerificationID.lowercased().utf8)
        var digest = Data(count: byteCount)
        message.withUnsafeBytes { input in
            digest.withUnsafeMutableBytes { output in
                var length: UInt32 = 0
                let status = EVP_Digest(
                    input.baseAddress, input.count, output.baseAddress, &length, MessageDigestAlgorithm.sha384.pointer,
                    nil)
                // Hashing memory cannot fail short of memory exhaustion, which Swift treats as fatal too.
                precondition(
                    status == 1 && length == UInt32(byteCount), "OpenSSL SHA-384 failed: \(OpenSSLErrorQueue.drain())")
            }
        }
        return digest
    }
}
