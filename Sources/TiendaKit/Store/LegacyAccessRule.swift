/// Access kept by customers who first installed the app before it became paid (seed 003): decided from the
/// signed `AppTransaction.originalAppVersion`, not from anything the device could fake.
public struct LegacyAccessRule: Hashable, Sendable {
    /// Customers whose original version is lower than this keep ``capabilities``.
    public let paidSinceVersion: Int
    /// What those customers keep.
    public let capabilities: Set<Capability>

    /// Creates the rule: an original app version below `paidSinceVersion` keeps `capabilities`.
    public init(paidSinceVersion: Int, capabilities: Set<Capability> = [.pro]) {
        self.paidSinceVersion = paidSinceVersion
        self.capabilities = capabilities
    }

    /// Whether an original app version (`CFBundleVersion`, e.g. `"3"`) predates the paid version. A version that
    /// is not a whole number grants nothing.
    public func applies(toOriginalAppVersion version: String) -> Bool {
        guard let original = Int(version) else { return false }
        return original < paidSinceVersion
    }
}
