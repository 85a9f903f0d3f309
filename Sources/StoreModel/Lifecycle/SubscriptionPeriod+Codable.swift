/// A period encodes as its ISO 8601 text (`"P1M"`).
extension SubscriptionPeriod: Codable {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let period = SubscriptionPeriod(iso8601: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\(text) is not an ISO 8601 period such as P1M")
        }
        self = period
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(iso8601)
    }
}
