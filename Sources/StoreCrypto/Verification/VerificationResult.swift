/// The outcome of verifying signed data, shaped like StoreKit's `VerificationResult`.
public enum VerificationResult<Payload: Sendable>: Sendable {
    /// Every check passed.
    case verified(Payload)
    /// A check failed. The payload is present when it could be decoded; it is **not** trustworthy.
    case unverified(Payload?, VerificationFailure)

    /// The verified payload.
    /// - Throws: The ``VerificationFailure`` when verification failed.
    public var payloadValue: Payload {
        get throws(VerificationFailure) {
            switch self {
            case .verified(let payload): return payload
            case .unverified(_, let failure): throw failure
            }
        }
    }

    /// The payload whether or not it was verified (`nil` when it could not be decoded).
    public var unsafePayloadValue: Payload? {
        switch self {
        case .verified(let payload): payload
        case .unverified(let payload, _): payload
        }
    }

    /// The failure, or `nil` when verified.
    public var failure: VerificationFailure? {
        switch self {
        case .verified: nil
        case .unverified(_, let failure): failure
        }
    }

    /// Whether every check passed.
    public var isVerified: Bool {
        failure == nil
    }
}
