/// `appPolicies` (format 4.0+): the EULA and the per-locale privacy policy that SubscriptionStoreView shows.
public struct AppPolicies: Hashable, Sendable {
    /// A privacy policy in one locale (`policies[]`).
    public struct Policy: Hashable, Sendable {
        /// `locale`.
        public var locale: String
        /// `policyText`.
        public var policyText: String
        /// `policyURL` (a string; may be empty).
        public var policyURL: String

        /// Creates a policy.
        public init(locale: String, policyText: String = "", policyURL: String = "") {
            self.locale = locale
            self.policyText = policyText
            self.policyURL = policyURL
        }
    }

    /// `eula`: the license agreement text ("" for Apple's standard EULA).
    public var eula: String
    /// `policies`.
    public var policies: [Policy]

    /// Creates app policies.
    public init(eula: String = "", policies: [Policy] = []) {
        self.eula = eula
        self.policies = policies
    }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> AppPolicies {
        AppPolicies(
            eula: try object.string("eula") ?? "",
            policies: try object.objects("policies") { policy throws(StoreKitConfigurationError) in
                Policy(
                    locale: try policy.string("locale") ?? "", policyText: try policy.string("policyText") ?? "",
                    policyURL: try policy.string("policyURL") ?? "")
            })
    }
}
