import Foundation

/// The verifier's fast JSON decoder, for code that decodes App Store payloads it stored itself (the emulated App
/// Store reads back every transaction it keeps).
///
/// Same results and semantics as `JSONDecoder()` with its default strategies (see the verifier's payload decoding),
/// several times faster; `JWSTransactionDecodedPayload` takes a specialised path.
public enum AppStoreJSONDecoder {
    /// Decodes a `Value` from `json`.
    /// - Throws: `DecodingError` when the bytes are not JSON of the expected shape (a parse failure is reported as
    ///   `DecodingError.dataCorrupted`, as `JSONDecoder` does).
    public static func decode<Value: Decodable>(_ type: Value.Type, from json: Data) throws -> Value {
        do {
            return try PayloadDecoder.decode(type, from: json)
        } catch let failure as JSONParser.Failure {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: [], debugDescription: "The given data was not valid JSON.", underlyingError: failure))
        }
    }
}
