import Foundation
import StoreModel

/// An entry point for fuzzers (a libFuzzer harness calls ``run(data:)`` from `LLVMFuzzerTestOneInput`).
///
/// It feeds arbitrary bytes through every parser an attacker reaches: base64 and base64url, JWS parsing, DER
/// signature and certificate parsing, and the full verifier in both a checking (Sandbox, Apple root) and a
/// decode-only (Xcode) configuration. Any input must return normally; a crash is a bug.
public enum JWSFuzzTarget {
    /// A payload shaped like App Store data, decoded by the fuzzed verifiers.
    struct Payload: SignedPayload {
        struct NotificationData: Codable, Sendable {
            var bundleId: String?
            var appAppleId: Int64?
            var environment: AppStoreEnvironment?
        }

        var bundleId: String?
        var environment: AppStoreEnvironment?
        var signedDate: Timestamp?
        var data: NotificationData?

        var verificationInstant: Timestamp? { signedDate }
        var verificationIdentity: SignedPayloadIdentity {
            SignedPayloadIdentity(
                checksBundleId: true, bundleId: bundleId ?? data?.bundleId, checksAppAppleId: true,
                appAppleId: data?.appAppleId, environment: environment ?? data?.environment)
        }
    }

    /// 2025-11-01T02:09:35Z: a fixed "now", so runs are reproducible.
    static let fixedNow = Timestamp(milliseconds: 1_761_962_975_000)

    private static let verifiers: [SignedDataVerifier] = [
        try? SignedDataVerifier(
            rootCertificates: [AppleRootCertificates.appleRootCAG3], bundleId: "com.example", appAppleId: 1234,
            environment: .sandbox, currentTime: { fixedNow }),
        try? SignedDataVerifier(
            rootCertificates: [], bundleId: "com.example", appAppleId: nil, environment: .xcode,
            decodeOnlyEnvironmentsAllowed: true, currentTime: { fixedNow }),
    ].compactMap { $0 }

    /// Runs one input through every parser and verifier; never traps on any input.
    /// - Returns: How many verifiers accepted the input (almost always 0), so the work cannot be optimised away.
    @discardableResult
    public static func run(data: Data) -> Int {
        let text = String(decoding: data, as: UTF8.self)
        _ = try? Base64URL.decode(text)
        _ = try? StrictBase64.decode(text)
        _ = try? ES256Signature(derRepresentation: data)
        _ = try? Certificate(derRepresentation: data)
        if let jws = try? CompactJWS(parsing: text) {
            _ = jws.signingInput
        }
        var accepted = 0
        for verifier in verifiers where verifier.verify(data, as: Payload.self).isVerified {
            accepted += 1
        }
        return accepted
    }
}
