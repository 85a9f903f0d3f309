import Foundation
import StoreCrypto
import StoreModel

extension StoreClient {
    /// A signed transaction, verified as StoreKit verifies it; `nil` when it cannot even be decoded.
    func verifyTransaction(_ jws: String, simulated: VerificationError?) -> VerificationResult<Transaction>? {
        verify(jws, as: JWSTransactionDecodedPayload.self, simulated: simulated,
            device: { ($0.deviceVerification, $0.deviceVerificationNonce) },
            make: { Transaction(payload: $0, jws: jws, client: self) })
    }

    /// Signed renewal information, verified; `nil` when it cannot be decoded.
    func verifyRenewalInfo(_ jws: String, simulated: VerificationError?) -> VerificationResult<RenewalInfo>? {
        verify(jws, as: JWSRenewalInfoDecodedPayload.self, simulated: simulated,
            device: { ($0.deviceVerification, $0.deviceVerificationNonce) },
            make: { RenewalInfo(payload: $0, jws: jws) })
    }

    /// A signed app transaction, verified; `nil` when it cannot be decoded.
    func verifyAppTransaction(_ jws: String, simulated: VerificationError?) -> VerificationResult<AppTransaction>? {
        verify(jws, as: StoreModel.AppTransaction.self, simulated: simulated,
            device: { ($0.deviceVerification, $0.deviceVerificationNonce) },
            make: { AppTransaction(payload: $0, jws: jws) })
    }

    /// Signed transactions verified in order; undecodable ones are left out, as StoreKit never delivers them.
    func verifyTransactions(_ jws: [String], simulated: VerificationError?) -> [VerificationResult<Transaction>] {
        jws.compactMap { verifyTransaction($0, simulated: simulated) }
    }

    /// A signed status with its transaction and renewal information verified; `nil` when either cannot be
    /// decoded or the state is unknown.
    func status(_ signed: SignedSubscriptionStatus, simulated: VerificationError?) -> Product.SubscriptionInfo.Status? {
        guard let state = RenewalState(rawValue: signed.state),
            let transaction = verifyTransaction(signed.transaction, simulated: simulated),
            let renewalInfo = verifyRenewalInfo(signed.renewalInfo, simulated: simulated)
        else { return nil }
        return Product.SubscriptionInfo.Status(state: state, transaction: transaction, renewalInfo: renewalInfo)
    }

    /// The verification pipeline: signature and chain to the backend's root, bundle identifier and
    /// environment, then device verification against this device, then the simulated failure.
    private func verify<Payload: SignedPayload, Value: Sendable>(
        _ jws: String, as type: Payload.Type, simulated: VerificationError?,
        device: (Payload) -> (String?, String?), make: (Payload) -> Value
    ) -> VerificationResult<Value>? {
        switch verifier() {
        case .failure(let error):
            guard let payload = Self.decodeWithoutVerifying(jws, as: type) else { return nil }
            return .unverified(make(payload), error)
        case .success(let verifier):
            let result = verifier.verify(jws, as: type)
            guard let payload = result.unsafePayloadValue else { return nil }
            let value = make(payload)
            if let failure = result.failure {
                return .unverified(value, VerificationError(failure.storeKitVerificationError))
            }
            let (verification, nonce) = device(payload)
            let deviceID = backend.identity.deviceVerificationID.uuidString
            guard DeviceVerification.isValid(verification, nonce: nonce, deviceVerificationID: deviceID) else {
                return .unverified(value, .invalidDeviceVerification)
            }
            if let simulated { return .unverified(value, simulated) }
            return .verified(value)
        }
    }

    /// The payload of a JWS decoded without any check, for reporting values the verifier cannot check.
    private static func decodeWithoutVerifying<Payload: Decodable>(_ jws: String, as type: Payload.Type) -> Payload? {
        try? JSONDecoder().decode(type, from: JWSSegments.decode(jws, segment: 1))
    }
}

extension VerificationError {
    /// The StoreKit error for a verifier's classification.
    init(_ error: StoreKitVerificationError) {
        switch error {
        case .revokedCertificate: self = .revokedCertificate
        case .invalidCertificateChain: self = .invalidCertificateChain
        case .invalidDeviceVerification: self = .invalidDeviceVerification
        case .invalidEncoding: self = .invalidEncoding
        case .invalidSignature: self = .invalidSignature
        case .missingRequiredProperties: self = .missingRequiredProperties
        }
    }
}
