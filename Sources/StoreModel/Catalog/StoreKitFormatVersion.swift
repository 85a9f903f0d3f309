/// The `version` object of a `.storekit` file (`{"major": 4, "minor": 0}`). Seen: 1.0, 1.1, 1.2, 2.0, 3.0,
/// 4.0, 5.0.
///
/// Only a hint: files carry keys newer than their version, so the loader reads whatever keys are present.
public struct StoreKitFormatVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The major number.
    public var major: Int
    /// The minor number.
    public var minor: Int

    /// Creates a version.
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// Orders versions by major, then minor number.
    public static func < (lhs: StoreKitFormatVersion, rhs: StoreKitFormatVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    /// `major.minor`.
    public var description: String { "\(major).\(minor)" }

    static func read(_ object: JSONObjectReader) throws(StoreKitConfigurationError) -> StoreKitFormatVersion {
        StoreKitFormatVersion(major: try object.int("major") ?? 0, minor: try object.int("minor") ?? 0)
    }
}
