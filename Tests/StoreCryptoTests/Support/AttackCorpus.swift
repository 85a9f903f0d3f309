import Foundation
import StoreCrypto
import StoreModel
import Testing

/// One forged or malformed input and the specific failure it must produce.
struct AttackCase: Sendable, CustomTestStringConvertible {
    enum Verifier: Sendable {
        /// Sandbox, `com.example`, trusting ``TestPKI/authority``.
        case sandbox
        /// Production, `com.example`, app Apple ID 1234, trusting ``TestPKI/authority``.
        case production
    }

    enum PayloadKind: Sendable {
        case transaction
        case notification
    }

    let name: String
    let input: Data
    let expected: VerificationFailure.Reason
    var verifier = Verifier.sandbox
    var payload = PayloadKind.transaction

    var testDescription: String { name }
}

/// The attack corpus: every entry must fail with exactly its reason, none may crash.
enum AttackCorpus {
    static let referenceTime = TestPKI.referenceTime
    static let authority = TestPKI.authority
    static let key = authority.leafKey
    static let header = Forge.header(x5c: authority.x5c)
    static let payload = TestPKI.transactionJSON()

    static func make() -> [AttackCase] {
        do {
            return try shapeCases() + headerCases() + payloadCases() + extremeInstantCases() + chainCases()
                + signatureCases() + identityCases()
        } catch {
            fatalError("building the attack corpus failed: \(error)")
        }
    }

    private static func attack(
        _ name: String, _ text: String, _ expected: VerificationFailure.Reason,
        verifier: AttackCase.Verifier = .sandbox, payload: AttackCase.PayloadKind = .transaction
    ) -> AttackCase {
        AttackCase(name: name, input: Data(text.utf8), expected: expected, verifier: verifier, payload: payload)
    }

    private static func signed(header: String = header, payload: String = payload) throws -> String {
        try Forge.jws(header: header, payload: payload, signature: .es256(key))
    }

    private static func shapeCases() throws -> [AttackCase] {
        let valid = try signed()
        let parts = Forge.segments(valid)
        var nonUTF8 = Data((parts[0] + ".").utf8)
        nonUTF8.append(contentsOf: [0xFF, 0xFE, 0x80])
        nonUTF8.append(Data(("." + parts[2]).utf8))
        return [
            attack("empty input", "", .malformedJWS(segments: 1)),
            attack("only a dot", ".", .malformedJWS(segments: 2)),
            attack("only two dots", "..", .headerNotJSON),
            attack("only three dots", "...", .malformedJWS(segments: 4)),
            attack("two segments", parts[0] + "." + parts[1], .malformedJWS(segments: 2)),
            attack("four segments", valid + ".AAAA", .malformedJWS(segments: 4)),
            attack("extra dot between segments", parts[0] + ".." + parts[1] + "." + parts[2], .malformedJWS(segments: 4)),
            attack("trailing dot", valid + ".", .malformedJWS(segments: 4)),
            attack(
                "a 10 MB input", String(repeating: "A", count: 10 << 20),
                .inputTooLarge(byteCount: 10 << 20, limit: 1 << 20)),
            attack("leading whitespace", " " + valid, .invalidBase64URL(.header)),
            attack("trailing newline", valid + "\n", .invalidBase64URL(.signature)),
            attack(
                "line break inside the payload",
                parts[0] + "." + parts[1].prefix(8) + "\r\n" + parts[1].dropFirst(8) + "." + parts[2],
                .invalidBase64URL(.payload)),
            AttackCase(name: "non-UTF-8 bytes in the payload", input: nonUTF8, expected: .invalidBase64URL(.payload)),
            attack("padded header", parts[0] + "==." + parts[1] + "." + parts[2], .invalidBase64URL(.header)),
            attack("padded signature", valid + "==", .invalidBase64URL(.signature)),
            attack(
                "standard-alphabet character in the signature", parts[0] + "." + parts[1] + ".+" + parts[2].dropFirst(),
                .invalidBase64URL(.signature)),
        ]
    }

    private static func headerCases() throws -> [AttackCase] {
        let x5c = authority.x5c
        let signature = Forge.Signature.es256(key)
        func forged(_ header: String, _ signature: Forge.Signature = signature) throws -> String {
            try Forge.jws(header: header, payload: payload, signature: signature)
        }
        return [
            attack("header is not JSON", try forged("alg=ES256"), .headerNotJSON),
            attack("header is a JSON array", try forged(#"["ES256"]"#), .headerNotJSON),
            attack("duplicate alg in the header", try forged(#"{"alg":"ES256","alg":"none","x5c":[]}"#), .headerNotJSON),
            attack("numeric alg", try forged(#"{"alg":256}"#), .invalidHeaderParameter("alg")),
            attack("x5c is a string", try forged(#"{"alg":"ES256","x5c":"\#(x5c[0])"}"#), .invalidHeaderParameter("x5c")),
            attack("alg none", try forged(Forge.header(alg: "none", x5c: x5c), .bytes(Data())), .unsupportedAlgorithm("none")),
            attack(
                "alg HS256", try forged(Forge.header(alg: "HS256", x5c: x5c), .bytes(Data(repeating: 7, count: 32))),
                .unsupportedAlgorithm("HS256")),
            attack("alg ES384", try forged(Forge.header(alg: "ES384", x5c: x5c)), .unsupportedAlgorithm("ES384")),
            attack("alg in lowercase", try forged(Forge.header(alg: "es256", x5c: x5c)), .unsupportedAlgorithm("es256")),
            attack("missing alg", try forged(Forge.header(alg: nil, x5c: x5c)), .missingAlgorithm),
            attack("missing x5c", try forged(Forge.header(x5c: nil)), .missingX5C),
            attack("x5c under another name", try forged(#"{"alg":"ES256","x5cwrong":["\#(x5c[0])"]}"#), .missingX5C),
            attack("empty x5c", try forged(Forge.header(x5c: [])), .missingX5C),
            attack("x5c of 1 entry", try forged(Forge.header(x5c: [x5c[0]])), .chainLength(1)),
            attack("x5c of 2 entries", try forged(Forge.header(x5c: Array(x5c.prefix(2)))), .chainLength(2)),
            attack("x5c of 4 entries", try forged(Forge.header(x5c: x5c + [x5c[2]])), .chainLength(4)),
        ]
    }

    private static func payloadCases() throws -> [AttackCase] {
        func forged(_ payload: String) throws -> String {
            try Forge.jws(header: header, payload: payload, signature: .es256(key))
        }
        return [
            attack("payload is not JSON", try forged("bundleId=com.example"), .payloadNotJSON),
            attack("payload is a JSON array", try forged(#"[1,2]"#), .payloadTypeMismatch("(root)")),
            attack(
                "payload bundleId is a number",
                try forged(#"{"bundleId":7,"environment":"Sandbox","signedDate":1748736000000}"#),
                .payloadTypeMismatch("bundleId")),
            attack(
                "payload lacks bundleId", try forged(#"{"environment":"Sandbox","signedDate":1748736000000}"#),
                .payloadMissingProperty("bundleId")),
            attack(
                "payload signedDate is a huge number",
                try forged(#"{"bundleId":"com.example","environment":"Sandbox","signedDate":1e300}"#),
                .payloadTypeMismatch("signedDate")),
            attack(
                "payload signedDate is a string",
                try forged(#"{"bundleId":"com.example","environment":"Sandbox","signedDate":"yesterday"}"#),
                .payloadTypeMismatch("signedDate")),
        ]
    }

    /// Extreme but decodable validation instants: the chain must be rejected as out of its validity, never trap.
    private static func extremeInstantCases() throws -> [AttackCase] {
        func forged(signedDate: Int64) throws -> String {
            try Forge.jws(
                header: header,
                payload: #"{"bundleId":"com.example","environment":"Sandbox","signedDate":\#(signedDate)}"#,
                signature: .es256(key))
        }
        return [
            attack(
                "signedDate at the smallest Int64", try forged(signedDate: .min),
                .certificateNotYetValid(at: Timestamp(milliseconds: .min))),
            attack(
                "signedDate at the largest Int64", try forged(signedDate: .max),
                .certificateExpired(at: Timestamp(milliseconds: .max))),
            attack(
                "signedDate before the epoch", try forged(signedDate: -1),
                .certificateNotYetValid(at: Timestamp(milliseconds: -1))),
            attack(
                "signedDate on 0000-01-01", try forged(signedDate: -62_167_219_200_000),
                .certificateNotYetValid(at: Timestamp(milliseconds: -62_167_219_200_000))),
            attack(
                "signedDate just before 0000-01-01", try forged(signedDate: -62_167_219_200_001),
                .certificateNotYetValid(at: Timestamp(milliseconds: -62_167_219_200_001))),
            attack(
                "signedDate on 9999-12-31T23:59:59", try forged(signedDate: 253_402_300_799_999),
                .certificateExpired(at: Timestamp(milliseconds: 253_402_300_799_999))),
            attack(
                "signedDate in year 10000", try forged(signedDate: 253_402_300_800_000),
                .certificateExpired(at: Timestamp(milliseconds: 253_402_300_800_000))),
        ]
    }

    private static func chainCases() throws -> [AttackCase] {
        let x5c = authority.x5c
        func forged(_ x5c: [String], key: P256PrivateKey = key) throws -> String {
            try Forge.jws(header: Forge.header(x5c: x5c), payload: payload, signature: .es256(key))
        }
        func custom(_ chain: TestPKI.CustomChain) throws -> String {
            let built = try chain.build()
            return try forged(built.x5c, key: built.leafKey)
        }
        let leafDER = authority.leaf.derRepresentation
        let unpadded = Base64URL.encode(leafDER)
        let withLineBreaks = x5c[1].prefix(64) + "\\n" + x5c[1].dropFirst(64)
        let other = TestPKI.otherAuthority
        let afterReference = referenceTime.adding(milliseconds: 86_400_000)...TestPKI.validUntil
        let beforeReference = TestPKI.validFrom...referenceTime.adding(milliseconds: -86_400_000)
        return [
            attack("x5c leaf in unpadded base64url", try forged([unpadded, x5c[1], x5c[2]]), .certificateNotBase64(index: 0)),
            attack(
                "x5c intermediate with PEM line breaks", try forged([x5c[0], String(withLineBreaks), x5c[2]]),
                .certificateNotBase64(index: 1)),
            attack(
                "x5c leaf is not DER", try forged([StrictBase64.encode(Data("leaf".utf8)), x5c[1], x5c[2]]),
                .certificateNotDER(index: 0)),
            attack(
                "x5c intermediate is not DER", try forged([x5c[0], StrictBase64.encode(Data(count: 300)), x5c[2]]),
                .certificateNotDER(index: 1)),
            attack(
                "x5c leaf DER with a trailing byte", try forged([StrictBase64.encode(leafDER + Data([0])), x5c[1], x5c[2]]),
                .certificateNotDER(index: 0)),
            attack("chain from another root", try forged(other.x5c, key: other.leafKey), .untrustedChain),
            attack("leaf and intermediate swapped", try forged([x5c[1], x5c[0], x5c[2]]), .unexpectedCertificatePath(length: 2)),
            attack(
                "intermediate without its marker OID", try custom(.init(intermediateHasMarker: false)),
                .missingIntermediateMarkerOID),
            attack("leaf without its marker OID", try custom(.init(leafHasMarker: false)), .missingLeafMarkerOID),
            attack(
                "leaf expired at signedDate", try custom(.init(leafValidity: beforeReference)),
                .certificateExpired(at: referenceTime)),
            attack(
                "leaf not yet valid at signedDate", try custom(.init(leafValidity: afterReference)),
                .certificateNotYetValid(at: referenceTime)),
            attack(
                "leaf signed directly by the root", try custom(.init(leafIssuedByRoot: true)),
                .unexpectedCertificatePath(length: 2)),
            attack(
                "intermediate is not a CA", try custom(.init(intermediateIsCA: false)),
                .invalidCertificateChain(.notACertificateAuthority)),
            attack(
                "leaf certificate signed by an unrelated key", try custom(.init(leafSignedByUnrelatedKey: true)),
                .invalidCertificateChain(.badSignature)),
            attack(
                "P-384 leaf", try custom(.init(leafSubjectPublicKeyInfo: TestPKI.foreignCurvePublicKey())),
                .leafKeyNotP256),
        ]
    }

    private static func signatureCases() throws -> [AttackCase] {
        let valid = try signed()
        let parts = Forge.segments(valid)
        let otherPayload = Base64URL.encode(Data(TestPKI.transactionJSON(bundleId: "com.example.paid").utf8))
        let tamperedHeader = Base64URL.encode(Data(Forge.header(x5c: authority.x5c).dropLast().appending(#","kid":"x"}"#).utf8))
        var flipped = try Base64URL.decode(parts[2])
        flipped[10] ^= 0x01
        let der = try key.derSignature(for: Data((parts[0] + "." + parts[1]).utf8))
        func withSignature(_ bytes: Data) -> String {
            parts[0] + "." + parts[1] + "." + Base64URL.encode(bytes)
        }
        return [
            attack("tampered payload", parts[0] + "." + otherPayload + "." + parts[2], .invalidSignature),
            attack("tampered header", tamperedHeader + "." + parts[1] + "." + parts[2], .invalidSignature),
            attack("tampered signature", withSignature(flipped), .invalidSignature),
            attack(
                "signature by another P-256 key",
                try Forge.jws(header: header, payload: payload, signature: .es256(try P256PrivateKey.generate())),
                .invalidSignature),
            attack("signature in DER instead of raw", withSignature(der), .signatureNotRaw64Bytes(der.count)),
            attack("signature of 63 bytes", withSignature(flipped.prefix(63)), .signatureNotRaw64Bytes(63)),
            attack("signature of 65 bytes", withSignature(flipped + Data([0])), .signatureNotRaw64Bytes(65)),
            attack("empty signature", parts[0] + "." + parts[1] + ".", .signatureNotRaw64Bytes(0)),
            attack("all-zero signature", withSignature(Data(count: 64)), .invalidSignature),
            attack("all-ones signature (r, s ≥ n)", withSignature(Data(repeating: 0xFF, count: 64)), .invalidSignature),
        ]
    }

    private static func identityCases() throws -> [AttackCase] {
        let sandboxNotification =
            #"{"notificationType":"TEST","data":{"appAppleId":999,"bundleId":"com.example","environment":"Production"},"#
            + #""signedDate":1748736000000}"#
        let noEnvironment =
            #"{"notificationType":"TEST","data":{"appAppleId":1234,"bundleId":"com.example"},"signedDate":1748736000000}"#
        return [
            attack(
                "wrong bundle identifier", try signed(payload: TestPKI.transactionJSON(bundleId: "com.attacker")),
                .bundleIdMismatch(expected: "com.example", found: "com.attacker")),
            attack(
                "wrong environment", try signed(payload: TestPKI.transactionJSON(environment: "Production")),
                .environmentMismatch(expected: .sandbox, found: .production)),
            attack(
                "Xcode payload signed without a chain",
                try Forge.jws(
                    header: #"{"alg":"ES256","kid":"Apple_Xcode_Key"}"#,
                    payload: TestPKI.transactionJSON(environment: "Xcode"), signature: .es256(try P256PrivateKey.generate())),
                .missingX5C),
            attack(
                "wrong app Apple ID in Production", try signed(payload: sandboxNotification),
                .appAppleIdMismatch(expected: 1234, found: 999), verifier: .production, payload: .notification),
            attack(
                "notification without an environment", try signed(payload: noEnvironment),
                .environmentMismatch(expected: .sandbox, found: nil), payload: .notification),
        ]
    }
}
