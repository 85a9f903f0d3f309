import EntitlementServer
import Foundation
import StoreModel
import StoreStorage

/// A service on a fresh database with a test clock.
struct Harness {
    let service: EntitlementService
    let clock: TestClock
    let store: TestAppStore
    let database: any SQLDatabase

    /// Runs `body` with a harness on `backend`.
    static func run<T>(
        on backend: Backend, configuration: EntitlementServerConfiguration = TestAppStore.configuration(),
        clock: TestClock = TestClock(), _ body: (Harness) async throws -> T
    ) async throws -> T {
        try await backend.withDatabase { database in
            let service = try await EntitlementService.open(configuration: configuration, database: database, currentTime: clock.source)
            return try await body(Harness(service: service, clock: clock, store: TestAppStore(), database: database))
        }
    }

    /// Posts a notification and returns the outcome.
    @discardableResult
    func post(
        _ type: NotificationTypeV2, subtype: Subtype? = nil, uuid: String = UUID().uuidString.lowercased(), at signedDate: Timestamp,
        transaction: JWSTransactionDecodedPayload?, renewal: JWSRenewalInfoDecodedPayload? = nil, status: Status? = nil
    ) async throws -> ApplyOutcome {
        try await service.ingestNotification(
            body: store.notificationBody(
                type, subtype: subtype, uuid: uuid, signedDate: signedDate, transaction: transaction, renewal: renewal,
                status: status))
    }

    /// The account's answer.
    func entitlements(_ account: String) async throws -> AccountEntitlements {
        try await service.entitlements(account: account)
    }

    /// The state of one capability.
    func capability(_ name: String, of account: String) async throws -> CapabilityState? {
        try await entitlements(account).capabilities.first { $0.capability == name }
    }
}
