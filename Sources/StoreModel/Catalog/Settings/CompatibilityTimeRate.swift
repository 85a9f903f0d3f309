/// `_compatibilityTimeRate`: the time rate Xcode substitutes for `_timeRate` on devices whose StoreKit testing
/// service is too old for it. Kept for round trips; the emulator itself uses `_timeRate`.
public enum CompatibilityTimeRate: Hashable, Sendable {
    /// Formats 1.2/2.0: one rate (`"_compatibilityTimeRate": 6`).
    case single(TimeRate)
    /// Formats 2.0+: rates keyed by the device's service version (`{"3": 6}`).
    case byServiceVersion([String: TimeRate])

    /// The rate for a service version: the single rate, or the dictionary's entry for `version`.
    public func rate(forServiceVersion version: Int) -> TimeRate? {
        switch self {
        case .single(let rate): return rate
        case .byServiceVersion(let rates): return rates[String(version)]
        }
    }

    static func read(_ node: JSONNode) throws(StoreKitConfigurationError) -> CompatibilityTimeRate {
        switch node.kind {
        case .number:
            return .single(TimeRate(rawValue: try node.int()))
        case .object:
            let object = try node.object()
            var rates: [String: TimeRate] = [:]
            for key in object.members.keys.sorted() {
                if let child = object.child(key) { rates[key] = TimeRate(rawValue: try child.int()) }
            }
            return .byServiceVersion(rates)
        default:
            throw node.wrongType(expected: "an integer or an object such as {\"3\": 6}")
        }
    }
}
