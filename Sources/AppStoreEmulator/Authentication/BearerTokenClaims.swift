/// The claims of an App Store Server API bearer token that the emulator checks.
struct BearerTokenClaims: Decodable {
    /// `aud`: a string or an array of strings.
    struct Audience: Decodable {
        var values: [String]

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let single = try? container.decode(String.self) {
                values = [single]
            } else {
                values = try container.decode([String].self)
            }
        }
    }

    var iss: String?
    var bid: String?
    var aud: Audience?
    /// Seconds since 1970; Swift's client sends fractions.
    var exp: Double?
    var iat: Double?
}
