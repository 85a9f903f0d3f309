import Foundation
import StoreHTTP

/// Decodes JSON request bodies and says precisely what is wrong with one that does not fit: the routes turn the
/// reason into their own error shape (Apple's error body, the control API's error body).
enum JSONBody {
    /// The decoded body, or the reason it cannot be decoded.
    /// - Parameter allowEmpty: Whether an empty body decodes as `{}`.
    static func decode<Value: Decodable>(
        _ type: Value.Type, from request: HTTPRequest, allowEmpty: Bool = false
    ) -> Result<Value, BodyProblem> {
        var body = request.body
        if body.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            guard allowEmpty else { return .failure(BodyProblem("The request has no body; send a JSON object.")) }
            body = Data("{}".utf8)
        }
        do {
            return .success(try JSONDecoder().decode(type, from: body))
        } catch let DecodingError.typeMismatch(expected, context) {
            return .failure(BodyProblem("\(path(context)) must be \(describe(expected))."))
        } catch let DecodingError.valueNotFound(expected, context) {
            return .failure(BodyProblem("\(path(context)) must be \(describe(expected)), not null."))
        } catch let DecodingError.keyNotFound(key, context) {
            let parent = context.codingPath.isEmpty ? "The body" : path(context)
            return .failure(BodyProblem("\(parent) needs the field \"\(key.stringValue)\"."))
        } catch let DecodingError.dataCorrupted(context) {
            if context.codingPath.isEmpty {
                return .failure(BodyProblem("The body is not valid JSON: \(underlying(context))."))
            }
            return .failure(BodyProblem("\(path(context)): \(context.debugDescription)"))
        } catch {
            return .failure(BodyProblem("The body cannot be read: \(error)."))
        }
    }

    private static func path(_ context: DecodingError.Context) -> String {
        let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return path.isEmpty ? "The body" : "\"\(path.drop { $0 == "." })\""
    }

    private static func underlying(_ context: DecodingError.Context) -> String {
        if let error = context.underlyingError as NSError? {
            return error.userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
        }
        return context.debugDescription
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        case is Int.Type, is Int32.Type, is Int64.Type, is UInt64.Type: return "an integer"
        case is Double.Type: return "a number"
        case is [Any].Type: return "an array"
        case is [String: Any].Type: return "an object"
        default: return "a \(type)"
        }
    }
}

/// What is wrong with a request body.
struct BodyProblem: Error, Equatable {
    let reason: String

    init(_ reason: String) {
        self.reason = reason
    }
}
