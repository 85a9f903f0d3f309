/// The platform on which the customer consumed the purchase.
///
/// Wire values (integers): `0`, `1`, `2`.
public struct Platform: OpenEnumeration {
    /// The value as it appears in JSON.
    public let rawValue: Int32
    /// Creates a value from its wire representation, known or not.
    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// Not declared (`0`).
    public static let undeclared = Platform(rawValue: 0)
    /// An Apple platform (`1`).
    public static let apple = Platform(rawValue: 1)
    /// A non-Apple platform (`2`).
    public static let nonApple = Platform(rawValue: 2)

    /// Every value Apple documents, in documentation order.
    public static let knownValues: [Platform] = [.undeclared, .apple, .nonApple]
}
