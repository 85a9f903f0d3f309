/// One operation of the emulator's HTTP API as the OpenAPI document describes it.
struct APIOperation: Sendable {
    /// The HTTP method, lowercase as OpenAPI writes it.
    let method: String
    /// The path pattern, `{name}` for parameters.
    let path: String
    /// The group it is listed under.
    let tag: String
    /// What it does.
    let summary: String
    /// Query parameters: name and description.
    var query: [(name: String, description: String)] = []
    /// The request body's schema name in `components/schemas`, if it takes one.
    var body: String?
    /// The success response's schema name.
    var response: String
    /// The success status.
    var status: Int = 200

    /// The names of the path parameters, in order.
    var pathParameters: [String] {
        path.split(separator: "/").compactMap { segment in
            segment.hasPrefix("{") && segment.hasSuffix("}") ? String(segment.dropFirst().dropLast()) : nil
        }
    }
}
