import COpenSSL
import CTiendaShims

/// An X.509 distinguished name as an ordered list of attributes.
public struct DistinguishedName: Hashable, Sendable, CustomStringConvertible {
    /// One attribute, such as `CN=Tienda Root CA - G3`.
    public struct Attribute: Hashable, Sendable {
        /// OpenSSL's short name (`CN`, `OU`, `O`, `C`, …) or a dotted OID for attributes without one.
        public var type: String
        /// The value, as UTF-8.
        public var value: String

        /// Creates an attribute.
        public init(type: String, value: String) {
            self.type = type
            self.value = value
        }
    }

    /// The attributes in encoding order (Apple's certificates start with `CN` and end with `C`).
    public var attributes: [Attribute]

    /// Creates a name from attributes in encoding order.
    public init(attributes: [Attribute]) {
        self.attributes = attributes
    }

    /// Creates the usual four-part name, encoded in Apple's order CN, OU, O, C (`nil` parts are left out).
    public init(commonName: String, organizationalUnit: String? = nil, organization: String? = nil, country: String? = nil) {
        var attributes = [Attribute(type: "CN", value: commonName)]
        if let organizationalUnit { attributes.append(Attribute(type: "OU", value: organizationalUnit)) }
        if let organization { attributes.append(Attribute(type: "O", value: organization)) }
        if let country { attributes.append(Attribute(type: "C", value: country)) }
        self.attributes = attributes
    }

    /// The value of the last `CN` attribute.
    public var commonName: String? {
        attributes.last { $0.type == "CN" }?.value
    }

    /// The RFC 4514 string: attributes in reverse encoding order, `,`-separated, special characters escaped (for
    /// Apple's root `C=US,O=Apple Inc.,OU=Apple Certification Authority,CN=Apple Root CA - G3`).
    public var description: String {
        attributes.reversed().map { "\($0.type)=\(Self.escape($0.value))" }.joined(separator: ",")
    }

    private static func escape(_ value: String) -> String {
        var escaped = ""
        for (index, character) in value.enumerated() {
            let needsEscape =
                ",+\"\\<>;=".contains(character) || (index == 0 && (character == "#" || character == " "))
                || (index == value.count - 1 && character == " ")
            if needsEscape { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// Reads an OpenSSL `X509_NAME`.
    init(reading name: OpaquePointer) {
        var attributes: [Attribute] = []
        for index in 0..<X509_NAME_entry_count(name) {
            guard let entry = X509_NAME_get_entry(name, index) else { continue }
            attributes.append(Attribute(type: Self.typeName(X509_NAME_ENTRY_get_object(entry)), value: Self.text(entry)))
        }
        self.attributes = attributes
    }

    private static func typeName(_ object: OpaquePointer?) -> String {
        let nid = OBJ_obj2nid(object)
        if nid != NID_undef, let shortName = OBJ_nid2sn(nid) {
            return String(cString: shortName)
        }
        var buffer = [CChar](repeating: 0, count: 128)
        let length = OBJ_obj2txt(&buffer, Int32(buffer.count), object, 1)
        return String(decoding: buffer.prefix(max(0, Int(length))).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func text(_ entry: OpaquePointer) -> String {
        var utf8: UnsafeMutablePointer<UInt8>?
        let length = ASN1_STRING_to_UTF8(&utf8, X509_NAME_ENTRY_get_data(entry))
        guard length >= 0, let utf8 else {
            _ = OpenSSLErrorQueue.drain()
            return ""
        }
        defer { tienda_openssl_free(utf8) }
        return String(decoding: UnsafeBufferPointer(start: utf8, count: Int(length)), as: UTF8.self)
    }

    /// Builds an OpenSSL `X509_NAME`, which the caller frees.
    /// - Throws: ``CertificateError/invalidName(_:)`` for an unknown attribute type or an unencodable value.
    func makeX509Name() throws(CertificateError) -> OpaquePointer {
        guard let name = X509_NAME_new() else { throw .openSSL("allocate a name") }
        for attribute in attributes {
            let added = X509_NAME_add_entry_by_txt(name, attribute.type, MBSTRING_UTF8, attribute.value, -1, -1, 0)
            guard added == 1 else {
                _ = OpenSSLErrorQueue.drain()
                X509_NAME_free(name)
                throw .invalidName("cannot encode \(attribute.type)=\(attribute.value)")
            }
        }
        return name
    }
}
