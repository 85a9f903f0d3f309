/// The overall result of a Retention Messaging performance test.
///
/// Wire values (strings): `PENDING`, `PASS`, `FAIL`.
public struct PerformanceTestStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: String
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// The test is still running (`PENDING`).
    public static let pending = PerformanceTestStatus(rawValue: "PENDING")
    /// The test passed (`PASS`).
    public static let pass = PerformanceTestStatus(rawValue: "PASS")
    /// The test failed (`FAIL`).
    public static let fail = PerformanceTestStatus(rawValue: "FAIL")

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [PerformanceTestStatus] = [.pending, .pass, .fail]
}
