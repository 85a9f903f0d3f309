import StoreModel

/// The subscription status signed data implies on its own, for transactions that arrive without one (sent by
/// an app): judged at the data's own `signedDate`, never at "now", so the answer does not depend on when it
/// arrives. Any later notification or reconciler read replaces it (the status is a last-writer-wins register).
enum StatusInference {
    static func status(of transaction: JWSTransactionDecodedPayload, renewal: JWSRenewalInfoDecodedPayload?) -> Status? {
        guard transaction.type == .autoRenewable else { return nil }
        if transaction.revocationDate != nil { return .revoked }
        let signedDate = max(transaction.signedDate ?? Timestamp(milliseconds: 0), renewal?.signedDate ?? Timestamp(milliseconds: 0))
        if let renewal, renewal.isInBillingRetryPeriod == true {
            if let grace = renewal.gracePeriodExpiresDate, grace > signedDate { return .billingGracePeriod }
            return .billingRetry
        }
        guard let expires = transaction.expiresDate else { return nil }
        return expires > signedDate ? .active : .expired
    }
}
