import Foundation
import StoreModel

extension SignedDataVerifier {
    /// Decodes the payload JSON into the requested type, classifying failures as not-JSON, missing property or
    /// type mismatch.
    static func decodePayload<Payload: SignedPayload>(_ payload: Data, as type: Payload.Type)
        -> Result<Payload, VerificationFailure>
    {
        do {
            return .success(try PayloadDecoder.decode(type, from: payload))
        } catch let failure as JSONParser.Failure {
            return .failure(VerificationFailure(.payloadNotJSON, detail: failure.description))
        } catch let DecodingError.keyNotFound(key, context) {
            return .failure(VerificationFailure(.payloadMissingProperty(path(context.codingPath + [key]))))
        } catch let DecodingError.valueNotFound(_, context) {
            return .failure(VerificationFailure(.payloadMissingProperty(path(context.codingPath))))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            return .failure(
                VerificationFailure(.payloadTypeMismatch(path(context.codingPath)), detail: context.debugDescription))
        } catch {
            return .failure(VerificationFailure(.payloadTypeMismatch("(root)"), detail: String(describing: error)))
        }
    }

    private static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "(root)" }
        return codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }.joined(separator: ".")
    }
}
