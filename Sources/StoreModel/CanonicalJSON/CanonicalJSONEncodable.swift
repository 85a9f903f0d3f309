/// A value ``CanonicalJSONWriter`` writes as `AppleJSON.encoder(sortedKeys: true)` encodes it, byte for byte, and
/// several times faster. Conformances list their members in ascending key order.
public protocol CanonicalJSONEncodable {
    /// Writes the value (an object: `{…}`) to `writer`.
    func writeCanonicalJSON(to writer: inout CanonicalJSONWriter)
}

extension CanonicalJSONEncodable {
    /// The value's canonical JSON bytes.
    public func canonicalJSONBytes(capacity: Int = 1024) -> [UInt8] {
        var writer = CanonicalJSONWriter(capacity: capacity)
        writeCanonicalJSON(to: &writer)
        return writer.bytes
    }

    /// The value's canonical JSON text.
    public func canonicalJSON(capacity: Int = 1024) -> String {
        String(decoding: canonicalJSONBytes(capacity: capacity), as: UTF8.self)
    }
}
