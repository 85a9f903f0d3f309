/// The status of the customer's account in the app.
///
/// Wire values (integers): `0`, `1`, `2`, `3`, `4`.
public struct UserStatus: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared (`0`).
    public static let undeclared = UserStatus(rawValue: 0)
    /// The account is active (`1`).
    public static let active = UserStatus(rawValue: 1)
    /// The account is suspended (`2`).
    public static let suspended = UserStatus(rawValue: 2)
    /// The account is terminated (`3`).
    public static let terminated = UserStatus(rawValue: 3)
    /// The account has limited access (`4`).
    public static let limitedAccess = UserStatus(rawValue: 4)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [UserStatus] = [.undeclared, .active, .suspended, .terminated, .limitedAccess]
}
