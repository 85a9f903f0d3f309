/// The outcome of one check of an `expect` step.
public struct ExpectationResult: Hashable, Sendable, Encodable {
    /// `status`, `entitlements` or `notifications`.
    public var check: String
    /// The JSON path of the checked value, e.g. `steps[6].notifications`.
    public var path: String
    /// What was checked, in words: `status of pro (alice) is inGracePeriod`.
    public var description: String
    /// Whether it held.
    public var passed: Bool
    /// The expected values.
    public var expected: [String]
    /// The actual values.
    public var actual: [String]
    /// For a failed list check, a line diff: `  same`, `- expected only`, `+ actual only`.
    public var diff: [String]
}
