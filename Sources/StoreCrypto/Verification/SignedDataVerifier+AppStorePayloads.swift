import StoreModel

/// Typed entry points with the names of Apple's `SignedDataVerifier`, one per kind of signed data.
extension SignedDataVerifier {
    /// Verifies a signed transaction (`signedTransactionInfo`, `Transaction.jwsRepresentation`).
    public func verifyTransaction(_ jws: String) -> VerificationResult<JWSTransactionDecodedPayload> {
        verify(jws, as: JWSTransactionDecodedPayload.self)
    }

    /// Verifies signed renewal info (`signedRenewalInfo`); renewal info carries no bundle identifier.
    public func verifyRenewalInfo(_ jws: String) -> VerificationResult<JWSRenewalInfoDecodedPayload> {
        verify(jws, as: JWSRenewalInfoDecodedPayload.self)
    }

    /// Verifies a notification's `signedPayload`; nested signed data must be verified separately.
    public func verifyNotification(_ jws: String) -> VerificationResult<ResponseBodyV2DecodedPayload> {
        verify(jws, as: ResponseBodyV2DecodedPayload.self)
    }

    /// Verifies a signed app transaction (`AppTransaction.shared`, `signedAppTransactionInfo`).
    public func verifyAppTransaction(_ jws: String) -> VerificationResult<AppTransaction> {
        verify(jws, as: AppTransaction.self)
    }

    /// Verifies a Retention Messaging realtime request's `signedPayload`.
    public func verifyRealtimeRequest(_ jws: String) -> VerificationResult<DecodedRealtimeRequestBody> {
        verify(jws, as: DecodedRealtimeRequestBody.self)
    }
}
