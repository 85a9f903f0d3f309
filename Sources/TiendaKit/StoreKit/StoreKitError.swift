import Foundation

/// A StoreKit failure (`StoreKitError`): cancelled, offline, unavailable here, or something else.
///
/// A cancelled sign-in or payment sheet can arrive as ``userCancelled``; treat it as a choice, not a failure.
public enum StoreKitError: Error, Sendable, LocalizedError {
    /// The store cannot say what went wrong.
    case unknown
    /// The customer cancelled (the payment sheet or the sign-in of `AppStore.sync()`).
    case userCancelled
    /// The App Store could not be reached.
    case networkError(URLError)
    /// The system failed; the underlying error says why.
    case systemError(any Error)
    /// The product or feature is not available in the customer's storefront.
    case notAvailableInStorefront
    /// The app lacks the entitlement for the feature.
    case notEntitled
    /// The feature is not supported here.
    case unsupported

    /// What failed.
    public var errorDescription: String? {
        switch self {
        case .unknown: "The App Store could not complete the request."
        case .userCancelled: "Cancelled."
        case .networkError(let error): "The App Store could not be reached (\(error.code.rawValue))."
        case .systemError(let error): "The App Store failed: \(error)"
        case .notAvailableInStorefront: "Not available in this country or region."
        case .notEntitled: "The app is not entitled to this feature."
        case .unsupported: "Not supported."
        }
    }

    /// Whether the customer cancelled.
    public var isCancellation: Bool {
        if case .userCancelled = self { return true }
        return false
    }

    /// Whether the failure is likely temporary (network, unknown), so retrying may succeed.
    public var isTransient: Bool {
        switch self {
        case .networkError, .unknown: true
        default: false
        }
    }
}
