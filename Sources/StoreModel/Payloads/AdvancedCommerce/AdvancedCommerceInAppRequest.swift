/// An Advanced Commerce request that an app signs and hands to StoreKit, as the base64 `request` claim of an
/// `advanced-commerce-api` JWS.
///
/// Each conforming type encodes a constant `operation` (such as `CREATE_SUBSCRIPTION`) and `version` `"1"`
/// after its fields, as Apple's libraries do; decoding ignores `version` and rejects another type's `operation`.
public protocol AdvancedCommerceInAppRequest: Codable, Hashable, Sendable {
    /// The constant `operation` value of this request type.
    static var operation: String { get }
}

extension AdvancedCommerceInAppRequest {
    /// The `version` every in-app request encodes.
    public static var version: String { "1" }

    /// Throws when the container holds an `operation` that is not this type's.
    static func checkOperation<Key: CodingKey>(in container: KeyedDecodingContainer<Key>, forKey key: Key) throws {
        guard let operation = try container.decodeIfPresent(String.self, forKey: key), operation != Self.operation
        else { return }
        throw DecodingError.dataCorruptedError(
            forKey: key, in: container, debugDescription: "operation \(operation) is not \(Self.operation)")
    }
}
