import Foundation
import StoreHTTP
import Testing

/// Calls the emulator's JSON APIs over real HTTP and decodes answers as JSON objects.
struct JSONClient {
    let baseURL: URL
    let http = HTTPClient()

    struct Answer {
        let status: Int
        let contentType: String?
        let json: [String: Any]
    }

    /// Sends a request; `body` is encoded as JSON when given.
    func send(_ method: HTTPMethod, _ path: String, _ body: [String: Any]? = nil) async throws -> Answer {
        let url = try #require(URL(string: baseURL.absoluteString + path))
        let data = try body.map { try JSONSerialization.data(withJSONObject: $0) }
        let response = try await http.send(
            method: method, url: url, headers: data == nil ? [:] : ["Content-Type": "application/json"], body: data)
        let json = response.body.isEmpty ? [:] : (try JSONSerialization.jsonObject(with: response.body) as? [String: Any] ?? [:])
        return Answer(status: response.status.code, contentType: response.headers["Content-Type"], json: json)
    }

    func get(_ path: String) async throws -> Answer { try await send(.get, path) }
    func post(_ path: String, _ body: [String: Any]? = nil) async throws -> Answer { try await send(.post, path, body) }
}

func require(_ value: Any?, _ comment: String = "") throws -> [String: Any] {
    guard let dictionary = value as? [String: Any] else { throw JSONShapeError(comment: comment) }
    return dictionary
}

func list(_ value: Any?) -> [[String: Any]] { value as? [[String: Any]] ?? [] }

struct JSONShapeError: Error {
    let comment: String
}
