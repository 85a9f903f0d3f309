import AppStoreEngine
import StoreModel

/// `expect` steps.
extension ScenarioRunner {
    func check(_ expectation: ScenarioExpectation, at step: ScenarioStep) async throws(AppStoreEngineError) -> [ExpectationResult] {
        var results: [ExpectationResult] = []
        if let status = expectation.status {
            let name = status.target.summary(bundleId: scenario.bundleId)
            let actual = try await subscription(status.target).state.rawValue
            results.append(ExpectationResult(
                check: "status", path: step.path.appending(key: "status").description,
                description: "status of \(name) is \(status.state.rawValue)", passed: actual == status.state.rawValue,
                expected: [status.state.rawValue], actual: [actual], diff: []))
        }
        if let entitlements = expectation.entitlements {
            let actual = try await engine.currentEntitlements(bundleId: scenario.bundleId, accountId: entitlements.accountId)
                .compactMap(\.payload.productId).sorted()
            let passed = actual == entitlements.productIds
            results.append(ExpectationResult(
                check: "entitlements", path: step.path.appending(key: "entitlements").description,
                description: "entitlements of \(entitlements.accountId) are "
                    + (entitlements.productIds.isEmpty ? "none" : entitlements.productIds.joined(separator: ", ")),
                passed: passed, expected: entitlements.productIds, actual: actual,
                diff: passed ? [] : ListDiff.lines(
                    expected: entitlements.productIds, actual: actual, matches: ==, expectedText: { $0 }, actualText: { $0 })))
        }
        if let expected = expectation.notifications {
            let actual = recorder.sinceExpectation
            let matches = { (wanted: ScenarioExpectation.Notification, raised: TimelineNotification) in
                wanted.name == raised.name && (wanted.status == nil || wanted.status == raised.status)
            }
            let passed = expected.count == actual.count && zip(expected, actual).allSatisfy(matches)
            let render = { (raised: TimelineNotification) in raised.status.map { "\(raised.name) (status \($0))" } ?? raised.name }
            results.append(ExpectationResult(
                check: "notifications", path: step.path.appending(key: "notifications").description,
                description: "notifications since the last check: "
                    + (expected.isEmpty ? "none" : expected.map(\.name).joined(separator: ", ")),
                passed: passed, expected: expected.map(\.description), actual: actual.map(render),
                diff: passed ? [] : ListDiff.lines(
                    expected: expected, actual: actual, matches: matches, expectedText: \.description, actualText: render)))
        }
        return results
    }
}
