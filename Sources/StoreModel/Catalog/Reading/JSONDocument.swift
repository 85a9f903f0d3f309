import Foundation

/// Turns the bytes of a file into a root ``JSONNode`` with `JSONSerialization`, and its syntax errors into
/// ``StoreKitConfigurationError``s that say where (line and column) and what, in words that do not depend on
/// the platform's Foundation.
enum JSONDocument {
    static func parse(_ data: Data, context: CatalogReadContext) throws(StoreKitConfigurationError) -> JSONNode {
        let bytes = [UInt8](data)
        let significant = bytes.starts(with: utf8ByteOrderMark) ? bytes.dropFirst(3) : bytes[...]
        if significant.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw context.error(at: .root, .empty)
        }
        let value: Any
        do {
            value = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        } catch {
            throw syntaxError(error as NSError, bytes: bytes, context: context)
        }
        return JSONNode(value: value, path: .root, context: context)
    }

    private static let utf8ByteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    private static func syntaxError(
        _ error: NSError, bytes: [UInt8], context: CatalogReadContext
    ) -> StoreKitConfigurationError {
        let problem = JSONSyntaxProblem(error, bytes: bytes)
        var failure = context.error(at: .root, .invalidJSON(problem.message))
        failure.position = problem.position
        return failure
    }
}
