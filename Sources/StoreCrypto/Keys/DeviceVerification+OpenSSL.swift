import Foundation
import StoreModel

extension DeviceVerification {
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
        return message.withUnsafeBytes { MessageDigestAlgorithm.sha384.withDigest(of: $0) { Data($0) } }
    }
}
