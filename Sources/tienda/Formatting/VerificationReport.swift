import Foundation
import StoreCrypto
import StoreModel

/// What `tienda verify` prints: the verdict, the notes on what was checked, and the decoded payload.
struct VerificationReport {
    let kind: SignedDataKind
    let payload: (any Encodable)?
    let failure: VerificationFailure?

    init(kind: SignedDataKind, result: (payload: (any Encodable)?, failure: VerificationFailure?)) {
        self.kind = kind
        self.payload = result.payload
        self.failure = result.failure
    }

    /// The human form.
    func lines(notes: [String]) -> [String] {
        var lines: [String]
        if let failure {
            lines = ["INVALID \(kind.rawValue): \(failure.message)"]
            lines.append("  Apple's verifier: \(failure.appleVerificationStatus.pythonName); StoreKit: \(failure.storeKitVerificationError.rawValue)")
        } else {
            lines = ["VALID \(kind.rawValue)"]
        }
        lines += notes.map { "  \($0)" }
        if let payload, let text = try? prettyJSON(payload) {
            lines.append(failure == nil ? "Payload:" : "Payload (as claimed, not trustworthy):")
            lines.append(text)
        }
        return lines
    }

    /// The `--json` form.
    func json(notes: [String]) throws -> JSONReport {
        let payloadObject = try payload.map { try JSONSerialization.jsonObject(with: AppleJSON.encoder().encode($0)) }
        return JSONReport(
            valid: failure == nil, kind: kind.rawValue, failure: failure?.message,
            appleStatus: failure?.appleVerificationStatus.pythonName ?? "OK",
            storeKitError: failure?.storeKitVerificationError.rawValue, notes: notes,
            payload: payloadObject.map(AnyJSON.init))
    }

    private func prettyJSON(_ value: any Encodable) throws -> String {
        let encoder = AppleJSON.encoder(prettyPrinted: true, sortedKeys: true)
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    struct JSONReport: Encodable {
        var valid: Bool
        var kind: String
        var failure: String?
        var appleStatus: String
        var storeKitError: String?
        var notes: [String]
        var payload: AnyJSON?
    }
}

/// A parsed JSON value re-encoded as it came.
struct AnyJSON: Encodable {
    let value: Any

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case let object as [String: Any]: try container.encode(object.mapValues(AnyJSON.init))
        case let array as [Any]: try container.encode(array.map(AnyJSON.init))
        case let string as String: try container.encode(string)
        case let number as NSNumber:
            let type = String(cString: number.objCType)
            if type == "c" || type == "B" {
                try container.encode(number.boolValue)
            } else if let whole = Int64(exactly: number.doubleValue) {
                try container.encode(whole)
            } else {
                try container.encode(number.doubleValue)
            }
        default: try container.encodeNil()
        }
    }
}
