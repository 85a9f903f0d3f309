import Foundation

/// The OpenAPI 3 description of everything `tienda serve` answers, served at `/openapi.json`.
enum OpenAPIDocument {
    /// The document as JSON (sorted keys).
    static func json(serverURL: String? = nil) -> Data {
        var paths: [String: [String: Any]] = [:]
        for operation in operations {
            paths[operation.path, default: [:]][operation.method] = describe(operation)
        }
        var document: [String: Any] = [
            "openapi": "3.0.3",
            "info": [
                "title": "Tienda App Store emulator",
                "version": "1",
                "description": """
                    The emulated App Store that `tienda serve` runs. /inApps: Apple's App Store Server API (ES256 \
                    bearer tokens of the API key `tienda serve` prints; Apple's error bodies). /storekit/v1: what a \
                    device's StoreKit asks the App Store, for TiendaKit's remote backend. /control/v1: every engine \
                    operation, for the tienda CLI, scripts and the web transaction manager. StoreKit and control \
                    errors answer {"error": code, "message": text, "status": N}.
                    """,
            ],
            "paths": paths,
            "components": [
                "schemas": OpenAPISchemas.all,
                "securitySchemes": ["appStoreServerAPI": ["type": "http", "scheme": "bearer", "bearerFormat": "JWT (ES256)"]],
            ],
            "tags": tags.map { ["name": $0] },
        ]
        if let serverURL { document["servers"] = [["url": serverURL]] }
        return (try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static let tags = ["App Store Server API", "Retention Messaging", "StoreKit", "Control", "Emulator"]

    private static func reference(_ schema: String) -> [String: Any] {
        ["$ref": "#/components/schemas/\(schema)"]
    }

    private static func describe(_ operation: APIOperation) -> [String: Any] {
        var parameters: [[String: Any]] = operation.pathParameters.map {
            ["name": $0, "in": "path", "required": true, "schema": ["type": "string"]]
        }
        parameters += operation.query.map {
            ["name": $0.name, "in": "query", "required": false, "description": $0.description, "schema": ["type": "string"]]
        }
        let error = operation.tag == "App Store Server API" || operation.tag == "Retention Messaging" ? "AppleError" : "Error"
        var described: [String: Any] = [
            "tags": [operation.tag],
            "summary": operation.summary,
            "operationId": operation.method + operation.path.split(separator: "/").map { segment in
                segment.filter { $0.isLetter || $0.isNumber }.prefix(1).uppercased() + segment.filter { $0.isLetter || $0.isNumber }.dropFirst()
            }.joined(),
            "responses": [
                "\(operation.status)": operation.response == "Empty"
                    ? ["description": "Done, no body."]
                    : ["description": "Success.", "content": ["application/json": ["schema": reference(operation.response)]]],
                "default": ["description": "Failure.", "content": ["application/json": ["schema": reference(error)]]],
            ],
        ]
        if !parameters.isEmpty { described["parameters"] = parameters }
        if let body = operation.body {
            let type = body == "Image" ? "image/png" : "application/json"
            described["requestBody"] = ["required": true, "content": [type: ["schema": reference(body)]]]
        }
        if error == "AppleError" { described["security"] = [["appStoreServerAPI": [String]()]] }
        return described
    }
}
