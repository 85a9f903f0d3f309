extension Product.SubscriptionInfo {
    /// One subscription's status in a group (`Product.SubscriptionInfo.Status`): its state, latest transaction
    /// and renewal information, each verified.
    public struct Status: Hashable, Sendable {
        /// Where the subscription stands.
        public let state: RenewalState
        /// The subscription's latest transaction.
        public let transaction: VerificationResult<Transaction>
        /// What happens at the next renewal.
        public let renewalInfo: VerificationResult<RenewalInfo>

        /// Creates a status.
        public init(
            state: RenewalState, transaction: VerificationResult<Transaction>,
            renewalInfo: VerificationResult<RenewalInfo>
        ) {
            self.state = state
            self.transaction = transaction
            self.renewalInfo = renewalInfo
        }
    }
}
