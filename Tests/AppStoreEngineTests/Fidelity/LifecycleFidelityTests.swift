import StoreModel
import Testing

@testable import AppStoreEngine

/// subscription-lifecycle.md §2.4, row by row, on both stores: the notifications a backend receives, verified
/// against the engine's root and decoded, in order, with their statuses and key fields.
@Suite struct LifecycleFidelityTests {
    @Test(arguments: LifecycleScenario.all, StoreKind.allCases)
    func scenarioSendsTheReferenceNotifications(scenario: LifecycleScenario, store: StoreKind) async throws {
        let h = try await EngineHarness.make(
            store, policy: scenario.policy, accounts: scenario.accounts, settings: scenario.settings)
        try await scenario.run(h)
        let notifications = try await h.notifications()
        #expect(notifications.map(\.name) == scenario.notifications)
        #expect(notifications.map(\.status) == scenario.statuses)
        #expect(Set(notifications.map(\.payload.notificationUUID)).count == notifications.count)
        for notification in notifications {
            #expect(notification.payload.version == "2.0")
            #expect(notification.payload.data?.appAppleId == nil)
            if let transaction = notification.transaction {
                #expect(transaction.signedDate == notification.payload.signedDate)
            }
            #expect((notification.renewalInfo != nil) == (notification.transaction?.type == .autoRenewable))
        }
    }

    @Test func theTableHasEveryRowOfTheReference() {
        #expect(LifecycleScenario.all.map(\.row) == [
            "1", "2", "3", "3b", "19", "20", "4", "5", "6", "7", "8", "9", "10", "11", "11b", "12", "12b", "13", "13b",
            "13c", "14", "14b", "15", "15b-upgrade", "15b-downgrade", "15c", "15d", "16", "16b", "16c", "17", "18", "18b",
        ])
    }
}
