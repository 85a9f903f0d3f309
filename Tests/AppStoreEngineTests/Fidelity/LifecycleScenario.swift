import StoreModel
import Testing

@testable import AppStoreEngine

/// One row of subscription-lifecycle.md §2.4: what to do, the notifications a backend must receive in order,
/// the `data.status` of each, and the key fields checked along the way.
struct LifecycleScenario: Sendable, CustomTestStringConvertible {
    /// The row number in §2.4 (`15b-upgrade` for the two halves of 15b).
    let row: String
    /// The row's scenario, in the reference's words.
    let title: String
    /// The accounts to create (the first one is the buyer).
    var accounts: [String] = ["alice"]
    /// The lifecycle policy.
    var policy: LifecyclePolicy = .default
    /// Settings overrides (grace is off unless a row turns it on).
    var settings: @Sendable (inout SettingsOverrides) -> Void = { _ in }
    /// `TYPE/SUBTYPE` of each notification, in outbox order.
    let notifications: [String]
    /// `data.status` of each notification.
    let statuses: [Int32?]
    /// The steps, with their key-field expectations.
    let run: @Sendable (EngineHarness) async throws -> Void

    var testDescription: String { "\(row): \(title)" }

    /// The 33 rows.
    static let all: [LifecycleScenario] = purchasesAndRenewals + billingIssues + planChanges + refundsAndFamily
        + askToBuyAndOffers + pricesAndExtensions
}
