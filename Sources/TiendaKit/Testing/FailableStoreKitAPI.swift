/// A StoreKit API whose failures a test session can simulate (StoreKitTest's `FailableStoreKitAPI`).
public struct FailableStoreKitAPI: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The name Xcode writes in `_storeKitErrors` (`Load Products`, `Purchase`, …).
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    /// `Product.products(for:)`.
    public static let loadProducts = FailableStoreKitAPI("Load Products")
    /// `product.purchase(options:)`.
    public static let purchase = FailableStoreKitAPI("Purchase")
    /// Verification of every signed value.
    public static let verification = FailableStoreKitAPI("Verification")
    /// `AppStore.sync()`.
    public static let appStoreSync = FailableStoreKitAPI("App Store Sync")
    /// `Product.SubscriptionInfo.status`.
    public static let subscriptionStatus = FailableStoreKitAPI("Subscription Status")
    /// `AppTransaction.shared`.
    public static let appTransaction = FailableStoreKitAPI("App Transaction")
    /// The manage-subscriptions sheet.
    public static let manageSubscriptions = FailableStoreKitAPI("Manage Subscriptions Sheet")
    /// The refund-request sheet.
    public static let refundRequest = FailableStoreKitAPI("Refund Request Sheet")
    /// The offer-code redemption sheet.
    public static let offerCodeRedeem = FailableStoreKitAPI("Offer Code Redeem Sheet")

    /// The nine APIs in Xcode's order.
    public static let allCases: [FailableStoreKitAPI] = [
        .loadProducts, .purchase, .verification, .appStoreSync, .subscriptionStatus, .appTransaction,
        .manageSubscriptions, .refundRequest, .offerCodeRedeem,
    ]

    /// The name.
    public var description: String { name }
}

/// The failure a test session injects into an API (StoreKitTest's `SKTestFailures`).
public enum SimulatedError: Hashable, Sendable {
    /// A `StoreKitError`, by case.
    case generic(GenericFailure)
    /// A `Product.PurchaseError` (the `Purchase` API only).
    case purchase(Product.PurchaseError)
    /// A `VerificationResult.VerificationError` (the `Verification` API only).
    case verification(VerificationError)

    /// The `StoreKitError` cases, in declaration order.
    public enum GenericFailure: Int, Hashable, Sendable, CaseIterable {
        /// `.unknown`.
        case unknown
        /// `.userCancelled`.
        case userCancelled
        /// `.networkError`.
        case networkError
        /// `.systemError`.
        case systemError
        /// `.notAvailableInStorefront`.
        case notAvailableInStorefront
        /// `.notEntitled`.
        case notEntitled
        /// `.unsupported`.
        case unsupported
    }

    /// The `_storeKitErrors` form: the error enum's name and the case index in it.
    public var typeAndIndex: (type: String, index: Int) {
        switch self {
        case .generic(let failure): ("generic", failure.rawValue)
        case .purchase(let error): ("purchase", Product.PurchaseError.allCases.firstIndex(of: error) ?? 0)
        case .verification(let error): ("verification", VerificationError.allCases.firstIndex(of: error) ?? 0)
        }
    }

    /// The error for the `_storeKitErrors` form, or `nil` for an unknown type or index.
    public init?(type: String, index: Int) {
        switch type {
        case "generic":
            guard let failure = GenericFailure(rawValue: index) else { return nil }
            self = .generic(failure)
        case "purchase":
            guard Product.PurchaseError.allCases.indices.contains(index) else { return nil }
            self = .purchase(Product.PurchaseError.allCases[index])
        case "verification":
            guard VerificationError.allCases.indices.contains(index) else { return nil }
            self = .verification(VerificationError.allCases[index])
        default:
            return nil
        }
    }
}
