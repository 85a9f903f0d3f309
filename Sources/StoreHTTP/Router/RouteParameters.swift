/// The values a request's path gave a route's `{name}` segments, percent-decoded.
///
/// For the pattern `/inApps/v1/transactions/{transactionId}` and the path `/inApps/v1/transactions/2000`,
/// `parameters["transactionId"]` is `"2000"`.
public struct RouteParameters: Sendable, Equatable {
    private var values: [(name: String, value: String)]

    /// Creates parameters from name–value pairs, in pattern order.
    public init(_ values: [(name: String, value: String)] = []) {
        self.values = values
    }

    /// The value of the parameter `name`, or `nil` when the route has no such parameter.
    public subscript(name: String) -> String? {
        values.first { $0.name == name }?.value
    }

    /// The parameter names in pattern order.
    public var names: [String] { values.map(\.name) }

    /// Parameters are equal when they have the same names and values in the same order.
    public static func == (left: RouteParameters, right: RouteParameters) -> Bool {
        left.values.elementsEqual(right.values) { $0.name == $1.name && $0.value == $1.value }
    }
}
