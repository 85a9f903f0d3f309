import Foundation

/// StoreKit's device verification: a signed transaction, renewal info or app transaction issued to one device
/// carries a fresh `deviceVerificationNonce` and `deviceVerification` = SHA-384 of the lowercase nonce followed
/// by the lowercase device verification ID (`AppStore.deviceVerificationID`), base64-encoded in the JSON.
///
/// ```swift
/// let value = DeviceVerification.value(nonce: nonce, deviceVerificationID: device)
/// let valid = DeviceVerification.isValid(transaction.deviceVerification, nonce: nonce, deviceVerificationID: device)
/// ```
public enum DeviceVerification {
    /// The 48-byte digest for a nonce and a device.
    public static func value(nonce: UUID, deviceVerificationID: UUID) -> Data {
        value(nonce: nonce.uuidString, deviceVerificationID: deviceVerificationID.uuidString)
    }

    /// The 48-byte digest for a nonce and a device given as UUID strings (compared in lowercase).
    public static func value(nonce: String, deviceVerificationID: String) -> Data {
        Data(SHA384.hash(Array((nonce.lowercased() + deviceVerificationID.lowercased()).utf8)))
    }

    /// Whether a payload's base64 `deviceVerification` matches its nonce on this device.
    public static func isValid(_ base64: String?, nonce: String?, deviceVerificationID: String) -> Bool {
        guard let base64, let nonce, let data = Data(base64Encoded: base64) else { return false }
        return data == value(nonce: nonce, deviceVerificationID: deviceVerificationID)
    }
}
