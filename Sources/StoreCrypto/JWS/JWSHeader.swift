/// A JWS protected header (RFC 7515 §4): the registered parameters Apple's signed data uses, plus every other
/// parameter kept as it came.
public struct JWSHeader: Hashable, Sendable {
    /// `alg`: the signature algorithm; App Store data uses `"ES256"`.
    public var alg: String?
    /// `x5c`: the certificate chain, leaf first, each entry standard base64 (with padding) of the DER.
    public var x5c: [String]?
    /// `kid`: a key identifier (Xcode's StoreKit Testing writes `"Apple_Xcode_Key"`).
    public var kid: String?
    /// `typ`: the media type (`"JWT"` in Apple's samples).
    public var typ: String?
    /// Every other header parameter, by name.
    public var additionalParameters: [String: JSONValue]

    /// Creates a header; `alg` defaults to ES256.
    public init(
        alg: String? = "ES256", x5c: [String]? = nil, kid: String? = nil, typ: String? = nil,
        additionalParameters: [String: JSONValue] = [:]
    ) {
        self.alg = alg
        self.x5c = x5c
        self.kid = kid
        self.typ = typ
        self.additionalParameters = additionalParameters.filter { !Self.registeredNames.contains($0.key) }
    }

    private static let registeredNames: Set<String> = ["alg", "x5c", "kid", "typ"]

    /// Builds a header from a parsed JSON object.
    /// - Throws: ``JWSError/headerNotJSON(_:)`` unless the value is an object, and
    ///   ``JWSError/invalidHeaderParameter(_:)`` when a registered parameter has the wrong type.
    init(json: JSONValue) throws(JWSError) {
        guard case .object(var members) = json else { throw .headerNotJSON("the JSON value is not an object") }
        alg = try Self.optionalString("alg", in: &members)
        kid = try Self.optionalString("kid", in: &members)
        typ = try Self.optionalString("typ", in: &members)
        switch members.removeValue(forKey: "x5c") {
        case nil: x5c = nil
        case .array(let entries)?:
            var chain: [String] = []
            chain.reserveCapacity(entries.count)
            for entry in entries {
                guard case .string(let certificate) = entry else { throw .invalidHeaderParameter("x5c") }
                chain.append(certificate)
            }
            x5c = chain
        default: throw .invalidHeaderParameter("x5c")
        }
        additionalParameters = members
    }

    private static func optionalString(_ name: String, in members: inout [String: JSONValue]) throws(JWSError)
        -> String?
    {
        switch members.removeValue(forKey: name) {
        case nil: return nil
        case .string(let value)?: return value
        default: throw .invalidHeaderParameter(name)
        }
    }

    /// The compact JSON encoding: `alg`, `typ`, `kid`, `x5c` in that order when present, then the additional
    /// parameters sorted by name.
    var jsonBytes: [UInt8] {
        var writer = JSONWriter()
        writer.appendByte(UInt8(ascii: "{"))
        var first = true
        func separate() {
            if !first { writer.appendByte(UInt8(ascii: ",")) }
            first = false
        }
        if let alg {
            separate()
            writer.appendMember("alg", .string(alg))
        }
        if let typ {
            separate()
            writer.appendMember("typ", .string(typ))
        }
        if let kid {
            separate()
            writer.appendMember("kid", .string(kid))
        }
        if let x5c {
            separate()
            writer.appendMember("x5c", .array(x5c.map(JSONValue.string)))
        }
        for name in additionalParameters.keys.sorted() {
            separate()
            writer.appendMember(name, additionalParameters[name]!)
        }
        writer.appendByte(UInt8(ascii: "}"))
        return writer.bytes
    }
}
