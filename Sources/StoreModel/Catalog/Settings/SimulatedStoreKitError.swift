/// The error chosen for an API in `_storeKitErrors[].current`: `{"type": "generic", "index": 4}`.
public struct SimulatedStoreKitError: Hashable, Sendable, CustomStringConvertible {
    /// The error enum the index counts in (`current.type`). Unknown types are kept.
    public struct ErrorType: OpenEnumeration {
        /// The wire value.
        public let rawValue: String
        /// Creates a value from its wire representation, known or not.
        public init(rawValue: String) { self.rawValue = rawValue }

        /// `generic`: `StoreKitError`.
        public static let generic = ErrorType(rawValue: "generic")
        /// `purchase`: `Product.PurchaseError`.
        public static let purchase = ErrorType(rawValue: "purchase")
        /// `verification`: `VerificationResult.VerificationError`.
        public static let verification = ErrorType(rawValue: "verification")
        /// `refundRequest`: `Transaction.RefundRequestError` (expected, not yet seen in files).
        public static let refundRequest = ErrorType(rawValue: "refundRequest")

        /// Every documented value, in documentation order.
        public static let knownValues: [ErrorType] = [.generic, .purchase, .verification, .refundRequest]

        /// The error cases in declaration order, which the index most likely counts in (inferred, not confirmed).
        public var inferredCaseNames: [String] {
            switch self {
            case .generic:
                return [
                    "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront",
                    "notEntitled", "unsupported",
                ]
            case .purchase:
                return [
                    "invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
                    "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature", "missingOfferParameters",
                ]
            case .verification:
                return [
                    "revokedCertificate", "invalidCertificateChain", "invalidDeviceVerification", "invalidEncoding",
                    "invalidSignature", "missingRequiredProperties",
                ]
            default:
                return []
            }
        }
    }

    /// `type`.
    public var type: ErrorType
    /// `index`: which case of the error enum.
    public var index: Int

    /// Creates a simulated error.
    public init(type: ErrorType, index: Int) {
        self.type = type
        self.index = index
    }

    /// The case name under the inferred declaration-order rule, e.g. `networkError` for generic 2.
    public var inferredCaseName: String? {
        let names = type.inferredCaseNames
        return names.indices.contains(index) ? names[index] : nil
    }

    /// `type[index]`, with the inferred case name when known: `generic[2] (networkError)`.
    public var description: String {
        "\(type.rawValue)[\(index)]" + (inferredCaseName.map { " (\($0))" } ?? "")
    }
}
