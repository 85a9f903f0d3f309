import Foundation

/// The JSON coders for Apple's payloads and App Store Server API bodies.
///
/// Dates in these models are ``Timestamp`` values (milliseconds), so the coders need no date strategy. The
/// encoder never escapes `/` (URLs and base64 stay as Apple writes them). Object keys come out in no
/// particular order unless sorted keys are asked for, which gives byte-for-byte reproducible output.
public enum AppleJSON {
    /// A decoder for Apple's JSON.
    public static func decoder() -> JSONDecoder {
        JSONDecoder()
    }

    /// An encoder for Apple's JSON: compact, unsorted keys and unescaped slashes by default.
    public static func encoder(prettyPrinted: Bool = false, sortedKeys: Bool = false) -> JSONEncoder {
        let encoder = JSONEncoder()
        var formatting: JSONEncoder.OutputFormatting = [.withoutEscapingSlashes]
        if prettyPrinted { formatting.insert(.prettyPrinted) }
        if sortedKeys { formatting.insert(.sortedKeys) }
        encoder.outputFormatting = formatting
        return encoder
    }

    /// Decodes a value from Apple's JSON.
    public static func decode<Value: Decodable>(_ type: Value.Type, from data: Data) throws -> Value {
        try decoder().decode(type, from: data)
    }

    /// Encodes a value as compact JSON (one line, no spaces), as it goes into a JWS payload or an HTTP body.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        try encoder().encode(value)
    }
}
