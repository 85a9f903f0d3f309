import Foundation
import StoreModel

/// The checked-in test data under `Tests/Fixtures`, found from this file's own path.
enum Fixtures {
    /// `Tests/Fixtures`.
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // StoreModelTests
        .deletingLastPathComponent()  // Tests
        .appendingPathComponent("Fixtures")

    /// Apple's model JSON files.
    static let appleModels = directory.appendingPathComponent("apple-vectors/models")

    /// Apple's StoreKit Testing in Xcode output.
    static let appleXcode = directory.appendingPathComponent("apple-vectors/xcode")

    /// The bytes of one of Apple's model JSON files.
    static func appleModel(_ name: String) throws -> Data {
        try Data(contentsOf: appleModels.appendingPathComponent(name))
    }

    /// One of Apple's model JSON files, decoded.
    static func decodeAppleModel<Model: Decodable>(_ type: Model.Type, _ name: String) throws -> Model {
        try AppleJSON.decode(type, from: try appleModel(name))
    }

    /// The payload (middle segment, base64url-decoded) of one of Apple's Xcode JWS files.
    static func xcodePayload(_ name: String) throws -> Data {
        let jws = try String(contentsOf: appleXcode.appendingPathComponent(name), encoding: .utf8)
        let segments = jws.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ".")
        guard segments.count == 3 else { throw FixtureError.notAJWS(name) }
        var base64 = segments[1].replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        guard let payload = Data(base64Encoded: base64) else { throw FixtureError.notAJWS(name) }
        return payload
    }

    /// A fixture that is not what the test expects.
    enum FixtureError: Error {
        case notAJWS(String)
    }
}

extension Timestamp {
    /// Shorthand for a timestamp in milliseconds since 1970.
    static func ms(_ milliseconds: Int64) -> Timestamp { Timestamp(milliseconds: milliseconds) }
}
