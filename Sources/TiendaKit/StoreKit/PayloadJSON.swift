import Foundation

/// The JSON of decoded payloads for `jsonRepresentation`: the App Store's field names, sorted keys.
enum PayloadJSON {
    /// `value` as JSON with sorted keys (empty if it cannot be encoded).
    static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(value)) ?? Data()
    }
}
