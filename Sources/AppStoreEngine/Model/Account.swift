import Foundation
import StoreModel

/// A customer's App Store account (an Apple Account), with the device it buys on.
public struct Account: Hashable, Sendable, Codable {
    /// The account's identifier, chosen by whoever creates it (`alice`, a UUID, …).
    public var id: String
    /// The storefront the account buys in.
    public var storefront: Storefront
    /// The Family Sharing group the account belongs to, if any.
    public var familyGroup: String?
    /// The device's `AppStore.deviceVerificationID` (lowercase UUID).
    public var deviceVerificationId: String
    /// Whether the account may make payments (`AppStore.canMakePayments`).
    public var canMakePayments: Bool

    /// Creates an account.
    public init(
        id: String, storefront: Storefront = .unitedStates, familyGroup: String? = nil,
        deviceVerificationId: String = UUID().uuidString.lowercased(), canMakePayments: Bool = true
    ) {
        self.id = id
        self.storefront = storefront
        self.familyGroup = familyGroup
        self.deviceVerificationId = deviceVerificationId
        self.canMakePayments = canMakePayments
    }
}
