import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// An App Store Server API error: Apple's `{"errorCode", "errorMessage"}` body, HTTP status `errorCode / 10000`,
/// and `Content-Type: application/json` exactly (Apple's Python client ignores the body otherwise).
///
/// Messages are Apple's where Apple's responses show them (the error vectors in `Tests/Fixtures/apple-vectors`);
/// the others follow Apple's phrasing of the error's documented meaning.
public struct ServerAPIError: Error, HTTPResponseError, Hashable, Sendable, CustomStringConvertible {
    /// Apple's error code, e.g. 4040010.
    public let code: Int
    /// The message.
    public let message: String

    /// An error with a code and message.
    public init(code: Int, message: String) {
        self.code = code
        self.message = message
    }

    /// The same error with a message that says more.
    func detailed(_ detail: String) -> ServerAPIError {
        ServerAPIError(code: code, message: message + " " + detail)
    }

    public var response: HTTPResponse {
        let body = ErrorPayload(errorCode: Int64(code), errorMessage: message)
        let data = (try? AppleJSON.encoder(sortedKeys: true).encode(body)) ?? Data()
        return .json(data, status: HTTPStatus(code: code / 10_000))
    }

    public var description: String { "\(code): \(message)" }

    /// 4000000.
    static func generalBadRequest(_ detail: String) -> ServerAPIError {
        ServerAPIError(code: 4_000_000, message: "Bad request. \(detail)")
    }
    /// 4000005.
    static let invalidRequestRevision = ServerAPIError(code: 4_000_005, message: "Invalid request revision.")
    /// 4000006.
    static let invalidTransactionId = ServerAPIError(code: 4_000_006, message: "Invalid transaction id.")
    /// 4000008.
    static let invalidOriginalTransactionId = ServerAPIError(code: 4_000_008, message: "Invalid original transaction id.")
    /// 4000009.
    static let invalidExtendByDays = ServerAPIError(code: 4_000_009, message: "Invalid extend by days value.")
    /// 4000010.
    static let invalidExtendReasonCode = ServerAPIError(code: 4_000_010, message: "Invalid extend reason code.")
    /// 4000011.
    static let invalidRequestIdentifier = ServerAPIError(code: 4_000_011, message: "Invalid request identifier.")
    /// 4000012.
    static let startDateTooFarInPast = ServerAPIError(code: 4_000_012, message: "Start date too far in past.")
    /// 4000013.
    static let startDateAfterEndDate = ServerAPIError(code: 4_000_013, message: "Start date after end date.")
    /// 4000014.
    static let invalidPaginationToken = ServerAPIError(code: 4_000_014, message: "Invalid pagination token.")
    /// 4000015.
    static let invalidStartDate = ServerAPIError(code: 4_000_015, message: "Invalid start date.")
    /// 4000016.
    static let invalidEndDate = ServerAPIError(code: 4_000_016, message: "Invalid end date.")
    /// 4000018.
    static let invalidNotificationType = ServerAPIError(code: 4_000_018, message: "Invalid notification type.")
    /// 4000019.
    static let multipleFiltersSupplied = ServerAPIError(
        code: 4_000_019, message: "Invalid request. Only one of transactionId or notificationType may be provided.")
    /// 4000020.
    static let invalidTestNotificationToken = ServerAPIError(code: 4_000_020, message: "Invalid test notification token.")
    /// 4000021.
    static let invalidSort = ServerAPIError(code: 4_000_021, message: "Invalid sort.")
    /// 4000022.
    static let invalidProductType = ServerAPIError(code: 4_000_022, message: "Invalid product type.")
    /// 4000023.
    static let invalidProductId = ServerAPIError(code: 4_000_023, message: "Invalid product id.")
    /// 4000024.
    static let invalidSubscriptionGroupIdentifier = ServerAPIError(
        code: 4_000_024, message: "Invalid subscription group identifier.")
    /// 4000026.
    static let invalidInAppOwnershipType = ServerAPIError(code: 4_000_026, message: "Invalid in-app ownership type.")
    /// 4000027.
    static let invalidEmptyStorefrontCountryCodeList = ServerAPIError(
        code: 4_000_027, message: "Invalid empty storefront country code list.")
    /// 4000028.
    static let invalidStorefrontCountryCode = ServerAPIError(code: 4_000_028, message: "Invalid storefront country code.")
    /// 4000030.
    static let invalidRevoked = ServerAPIError(code: 4_000_030, message: "Invalid revoked.")
    /// 4000031.
    static let invalidStatus = ServerAPIError(code: 4_000_031, message: "Invalid status.")
    /// 4000183.
    static let invalidAppAccountTokenUUID = ServerAPIError(
        code: 4_000_183, message: "Invalid request. The app account token field must be a valid UUID.")
    /// 4000185.
    static let familyTransactionNotSupported = ServerAPIError(
        code: 4_000_185, message: "Invalid request. Family Sharing transactions aren't supported by this endpoint.")
    /// 4000187.
    static let transactionIdNotOriginalTransactionId = ServerAPIError(
        code: 4_000_187, message: "Invalid request. The transaction ID provided is not an original transaction ID.")
    /// 4030004.
    static let subscriptionExtensionIneligible = ServerAPIError(
        code: 4_030_004, message: "Forbidden - subscription state ineligible for extension.")
    /// 4030005.
    static let subscriptionMaxExtension = ServerAPIError(
        code: 4_030_005, message: "Forbidden - subscription has reached maximum extension count.")
    /// 4030007.
    static let familySharedSubscriptionExtensionIneligible = ServerAPIError(
        code: 4_030_007, message: "Subscriptions that users obtain through Family Sharing can't get a renewal date extension directly.")
    /// 4040001.
    static let accountNotFound = ServerAPIError(code: 4_040_001, message: "Account not found.")
    /// 4040003.
    static let appNotFound = ServerAPIError(code: 4_040_003, message: "App not found.")
    /// 4040005.
    static let originalTransactionIdNotFound = ServerAPIError(code: 4_040_005, message: "Original transaction id not found.")
    /// 4040008.
    static let testNotificationNotFound = ServerAPIError(code: 4_040_008, message: "Test notification not found.")
    /// 4040009.
    static let statusRequestNotFound = ServerAPIError(code: 4_040_009, message: "Status request not found.")
    /// 4040010.
    static let transactionIdNotFound = ServerAPIError(code: 4_040_010, message: "Transaction id not found.")
    /// 4040019.
    static let appTransactionDoesNotExist = ServerAPIError(code: 4_040_019, message: "No AppTransaction exists for the customer.")
    /// 5000000.
    static let generalInternal = ServerAPIError(code: 5_000_000, message: "An unknown error occurred.")

    /// The Server API error for an engine error, keeping the engine's explanation where Apple has no message.
    init(_ error: AppStoreEngineError) {
        switch error {
        case .transactionNotFound: self = .transactionIdNotFound
        case .subscriptionNotFound: self = .originalTransactionIdNotFound
        case .appNotFound: self = .appNotFound
        case .accountNotFound: self = .accountNotFound
        case .extensionRequestNotFound: self = .statusRequestNotFound
        case .notificationNotFound: self = .testNotificationNotFound
        case .extensionIneligible: self = ServerAPIError.subscriptionExtensionIneligible.detailed(error.description)
        case .extensionLimitReached: self = .subscriptionMaxExtension
        case .familySharedExtension: self = .familySharedSubscriptionExtensionIneligible
        case .familyTransactionNotSupported: self = .familyTransactionNotSupported
        case .invalidExtendByDays: self = .invalidExtendByDays
        case .invalidAppAccountToken: self = .invalidAppAccountTokenUUID
        case .invalidProductType: self = ServerAPIError.invalidProductType.detailed(error.description)
        case .storage, .signing, .corruptState: self = .generalInternal
        default: self = .generalBadRequest(error.description)
        }
    }
}
