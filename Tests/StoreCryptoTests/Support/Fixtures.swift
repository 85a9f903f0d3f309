import Foundation

/// Apple's test vectors, read from `Tests/Fixtures/apple-vectors` next to this test target.
enum Fixtures {
    static let appleVectors = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/apple-vectors", isDirectory: true)

    /// The bytes of a vector file, for example `"chain/leaf.der"`.
    static func data(_ relativePath: String) throws -> Data {
        try Data(contentsOf: appleVectors.appendingPathComponent(relativePath))
    }

    /// The text of a vector file without surrounding whitespace (the signed-data files end with a newline or not).
    static func text(_ relativePath: String) throws -> String {
        String(decoding: try data(relativePath), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
