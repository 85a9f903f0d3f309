import StoreModel

extension SignedDataVerifier {
    /// Apple's per-type checks, in Apple's order: bundle identifier, app Apple ID (Production only), environment.
    func identityFailure(of identity: SignedPayloadIdentity) -> VerificationFailure? {
        if identity.checksBundleId, identity.bundleId != bundleId {
            return VerificationFailure(.bundleIdMismatch(expected: bundleId, found: identity.bundleId))
        }
        if environment == .production, identity.checksAppAppleId, let appAppleId, identity.appAppleId != appAppleId {
            return VerificationFailure(.appAppleIdMismatch(expected: appAppleId, found: identity.appAppleId))
        }
        if identity.environment != environment {
            return VerificationFailure(.environmentMismatch(expected: environment, found: identity.environment))
        }
        return nil
    }
}
