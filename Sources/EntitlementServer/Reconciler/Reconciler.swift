import StoreModel
import Foundation
import StoreStorage

/// Heals what notifications missed: for every app environment with a `serverAPI`, reads Notification History
/// from where the last run stopped and All Subscription Statuses of every known chain, verifies every signed
/// item and applies it through the same service, by the same `signedDate` rules. Nothing is duplicated: history
/// items are deduplicated by `notificationUUID`, statuses are last-writer-wins registers.
///
/// Where each environment's history was read up to is stored in the database, so any server can run it.
public struct Reconciler: Sendable {
    /// One app environment to reconcile.
    struct Target: Sendable {
        var bundleId: String
        var environment: AppStoreEnvironment
        var client: ServerAPIClient

        var scope: String { "\(bundleId)|\(environment.rawValue)" }
    }

    let service: EntitlementService
    let targets: [Target]
    let lookbackMilliseconds: Int64

    /// Creates a reconciler for every configured environment with a `serverAPI`; `nil` when there is none.
    public init?(service: EntitlementService, transport: any ServerAPITransport = HTTPServerAPITransport()) throws {
        var targets: [Target] = []
        for app in service.configuration.apps {
            for trust in app.environments {
                guard let api = trust.serverAPI else { continue }
                let client = ServerAPIClient(
                    baseURL: api.baseURL, token: try ServerAPIToken(configuration: api, bundleId: app.bundleId), transport: transport,
                    currentTime: service.currentTime)
                targets.append(Target(bundleId: app.bundleId, environment: trust.environment, client: client))
            }
        }
        guard !targets.isEmpty else { return nil }
        self.service = service
        self.targets = targets
        lookbackMilliseconds = service.configuration.reconcileLookbackSeconds * 1000
    }

    /// Runs once over every target.
    /// - Parameter extraChains: `originalTransactionId`s to read statuses of besides the chains already known.
    public func run(extraChains: [String] = []) async -> ReconcileReport {
        var report = ReconcileReport()
        for target in targets {
            await history(target, into: &report)
            await statuses(target, extraChains: extraChains, into: &report)
        }
        return report
    }

    private func history(_ target: Target, into report: inout ReconcileReport) async {
        let now = service.currentTime().milliseconds
        do {
            let start = try await checkedUntil(target) ?? (now - lookbackMilliseconds)
            let request = NotificationHistoryRequest(startDate: Timestamp(milliseconds: start), endDate: Timestamp(milliseconds: now))
            var token: String?
            repeat {
                let page = try await target.client.notificationHistory(request, paginationToken: token)
                for item in page.notificationHistory ?? [] {
                    guard let payload = item.signedPayload else { continue }
                    report.historyItems += 1
                    do {
                        let outcome = try await service.ingestNotification(signedPayload: payload)
                        if outcome.duplicate || !outcome.advancedState { report.alreadyKnown += 1 } else { report.applied += 1 }
                    } catch {
                        report.problems.append("history item refused: \(error)")
                    }
                }
                token = page.hasMore == true ? page.paginationToken : nil
            } while token != nil
            // Overlap the next window by a minute: history items are deduplicated, so rereading costs nothing.
            try await record(target, checkedUntil: now - 60_000)
        } catch {
            report.problems.append("\(target.scope) notification history: \(error)")
        }
    }

    private func statuses(_ target: Target, extraChains: [String], into report: inout ReconcileReport) async {
        let known: [String]
        do {
            known = try await service.database.query(
                "SELECT original_transaction_id FROM ent_chains WHERE bundle_id = ? AND environment = ? ORDER BY original_transaction_id",
                [.text(target.bundleId), .text(target.environment.rawValue)]
            ).map { try $0.string("original_transaction_id") }
        } catch {
            report.problems.append("\(target.scope) known chains: \(error)")
            return
        }
        var seen = Set<String>()
        for chain in known + extraChains where seen.insert(chain).inserted {
            do {
                let response = try await target.client.allSubscriptionStatuses(chain)
                for item in (response.data ?? []).flatMap({ $0.lastTransactions ?? [] }) {
                    guard let signed = item.signedTransactionInfo else { continue }
                    report.statusItems += 1
                    do {
                        let outcome = try await service.applyStatus(
                            signedTransaction: signed, signedRenewalInfo: item.signedRenewalInfo, status: item.status)
                        if outcome.advancedState { report.applied += 1 } else { report.alreadyKnown += 1 }
                    } catch {
                        report.problems.append("status of \(chain) refused: \(error)")
                    }
                }
            } catch {
                report.problems.append("\(target.scope) statuses of \(chain): \(error)")
            }
        }
    }

    private func checkedUntil(_ target: Target) async throws -> Int64? {
        try await service.database.queryFirst(
            "SELECT history_checked_until FROM ent_reconciler WHERE scope = ?", [.text(target.scope)]
        )?.int64("history_checked_until")
    }

    private func record(_ target: Target, checkedUntil: Int64) async throws {
        try await service.database.execute(
            """
            INSERT INTO ent_reconciler (scope, history_checked_until) VALUES (?, ?)
            ON CONFLICT (scope) DO UPDATE SET history_checked_until = excluded.history_checked_until
            """, [.text(target.scope), .integer(checkedUntil)])
    }
}
