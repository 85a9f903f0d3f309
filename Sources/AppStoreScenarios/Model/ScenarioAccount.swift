import Foundation
import AppStoreEngine
import StoreModel

/// An account a scenario creates before its first step.
public struct ScenarioAccount: Hashable, Sendable {
    /// `id`: how steps name the account.
    public var id: String
    /// `storefront`: the country it buys in (default `USA`).
    public var storefront: Storefront
    /// `familyGroup`: the Family Sharing group it starts in, if any.
    public var familyGroup: String?

    /// The engine account, with a device verification identifier derived from the account's position so that
    /// runs are reproducible.
    func account(position: Int) -> Account {
        let suffix = String(position + 1, radix: 16).leftPadded(to: 12)
        return Account(
            id: id, storefront: storefront, familyGroup: familyGroup,
            deviceVerificationId: "00000000-0000-4000-8000-" + suffix)
    }
}
