import Foundation
import StoreModel
import Testing

@testable import StoreCrypto

/// The specialised transaction decoder may decline any payload, but when it decodes one it must produce exactly
/// what `JSONDecoder` produces; and `PayloadDecoder` as a whole must still agree with `JSONDecoder` everywhere.
@Suite struct TransactionFastPathTests {
    /// Every scalar field set, as the App Store sends a subscription renewal with an offer.
    static let full = JWSTransactionDecodedPayload(
        originalTransactionId: "2000000912345678", transactionId: "2000000987654321",
        webOrderLineItemId: "2000000045678901", bundleId: "com.example", productId: "com.example.monthly",
        subscriptionGroupIdentifier: "21482657", purchaseDate: Timestamp(milliseconds: 1_748_779_195_000),
        originalPurchaseDate: Timestamp(milliseconds: 1_741_003_195_000),
        expiresDate: Timestamp(milliseconds: 1_751_371_195_000), quantity: 1, type: .autoRenewable,
        appAccountToken: "7e3fb20b-4cdb-47cc-936d-99d65f608138", inAppOwnershipType: .purchased,
        signedDate: Timestamp(milliseconds: 1_748_779_200_000), revocationReason: RevocationReason(rawValue: 1),
        revocationDate: Timestamp(milliseconds: 1_748_779_300_000), isUpgraded: false, offerType: .introductoryOffer,
        offerIdentifier: "intro", environment: .sandbox, storefront: "USA", storefrontId: "143441",
        transactionReason: .renewal, currency: "USD", price: 4990, offerDiscountType: .payAsYouGo,
        appTransactionId: "704289572311796551", offerPeriod: "P3M", revocationType: RevocationType(rawValue: "REFUND_FULL"),
        revocationPercentage: 100_000, billingPlanType: BillingPlanType(rawValue: "MONTHLY"), deviceVerification: "AAEC",
        deviceVerificationNonce: "48c8b92d-ce0d-4229-bedf-e61b4f9cfc92")

    static let fullJSON: String = {
        guard let data = try? JSONEncoder().encode(full) else { fatalError("JSONEncoder cannot encode the payload") }
        return String(decoding: data, as: UTF8.self)
    }()

    /// The fast path's result on `json` (nil when it declines), and both full decoders' results.
    static func decode(_ json: String) throws -> (
        fast: JWSTransactionDecodedPayload?, ours: Result<JWSTransactionDecodedPayload, any Error>,
        foundation: Result<JWSTransactionDecodedPayload, any Error>
    ) {
        let data = Data(json.utf8)
        let fast: JWSTransactionDecodedPayload? = try data.withUnsafeBytes { raw in
            guard case .object(let object) = try JSONParser.parse(raw.bindMemory(to: UInt8.self), maximumDepth: 64)
            else { return nil }
            return JWSTransactionDecodedPayload.decodeFast(object)
        }
        return (
            fast, Result { try PayloadDecoder.decode(JWSTransactionDecodedPayload.self, from: data) },
            Result { try JSONDecoder().decode(JWSTransactionDecodedPayload.self, from: data) }
        )
    }

    @Test func everyFieldOfTheModelIsKnownToTheFastPath() {
        let properties = Mirror(reflecting: JWSTransactionDecodedPayload()).children.compactMap(\.label)
        #expect(properties == JWSTransactionDecodedPayload.fastPathFields.map(\.name))
    }

    @Test func aFullTransactionTakesTheFastPathAndDecodesAsJSONDecoder() throws {
        let results = try Self.decode(Self.fullJSON)
        let fast = try #require(results.fast)
        #expect(fast == Self.full)
        #expect(fast == (try results.foundation.get()))
        #expect(try results.ours.get() == fast)
    }

    /// A variation of the full payload, and whether the fast path must decline it (`nil`: either way).
    struct Variation: Sendable, CustomTestStringConvertible {
        let name: String
        let json: String
        let declined: Bool?

        var testDescription: String { name }
    }

    /// Variations of the full payload: each must be declined or decoded as `JSONDecoder` decodes it.
    static let variations: [Variation] = {
        let full = fullJSON
        func replacing(_ name: String, _ old: String, _ new: String, declined: Bool?) -> Variation {
            precondition(full.contains(old), old)
            return Variation(name: name, json: full.replacingOccurrences(of: old, with: new), declined: declined)
        }
        let body = String(full.dropFirst().dropLast())
        return [
            replacing("null quantity", #""quantity":1"#, #""quantity":null"#, declined: false),
            replacing("quantity 1.0", #""quantity":1"#, #""quantity":1.0"#, declined: true),
            replacing("quantity 1e0", #""quantity":1"#, #""quantity":1e0"#, declined: true),
            replacing("quantity as a string", #""quantity":1"#, #""quantity":"1""#, declined: true),
            replacing("quantity beyond Int32", #""quantity":1"#, #""quantity":3000000000"#, declined: true),
            replacing("negative price", #""price":4990"#, #""price":-4990"#, declined: false),
            replacing(
                "fractional signedDate", #""signedDate":1748779200000"#, #""signedDate":1748779200000.75"#,
                declined: true),
            replacing(
                "signedDate as a string", #""signedDate":1748779200000"#, #""signedDate":"1748779200000""#,
                declined: true),
            replacing("unknown offerType", #""offerType":1"#, #""offerType":7"#, declined: false),
            replacing("offerType as a string", #""offerType":1"#, #""offerType":"1""#, declined: true),
            replacing("unknown environment", #""environment":"Sandbox""#, #""environment":"Elsewhere""#, declined: false),
            replacing("environment as a number", #""environment":"Sandbox""#, #""environment":5"#, declined: true),
            replacing("isUpgraded as a number", #""isUpgraded":false"#, #""isUpgraded":0"#, declined: true),
            replacing("null bundleId", #""bundleId":"com.example""#, #""bundleId":null"#, declined: false),
            replacing(
                "duplicate bundleId", #""bundleId":"com.example""#, #""bundleId":"com.example","bundleId":"com.other""#,
                declined: true),
            replacing("escaped name", #""bundleId":"com.example""#, #""\u0062undleId":"com.example""#, declined: false),
            replacing(
                "unknown member", #""bundleId":"com.example""#, #""bundleId":"com.example","unknownField":true"#,
                declined: true),
            replacing(
                "non-ASCII member", #""bundleId":"com.example""#, #""bundleId":"com.example","ünknown":1"#,
                declined: true),
            replacing("escaped value", #""bundleId":"com.example""#, #""bundleId":"com.\u00e9xample""#, declined: false),
            Variation(name: "null nested object", json: "{" + body + #","advancedCommerceInfo":null}"#, declined: false),
            Variation(
                name: "nested object", json: "{" + body + #","commitmentInfo":{"commitmentPeriod":1}}"#, declined: true),
            Variation(name: "array", json: "[" + full + "]", declined: true),
            Variation(name: "empty object", json: "{}", declined: false),
        ]
    }()

    @Test("Variations are declined or decoded as JSONDecoder decodes them", arguments: variations)
    func variationsAgreeWithJSONDecoder(_ variation: Variation) throws {
        let results = try Self.decode(variation.json)
        if let declined = variation.declined { #expect((results.fast == nil) == declined) }
        switch (results.ours, results.foundation) {
        case (.success(let ours), .success(let foundation)):
            #expect(ours == foundation)
            if let fast = results.fast { #expect(fast == foundation) }
        case (.failure, .failure):
            #expect(results.fast == nil)
        default:
            Issue.record("PayloadDecoder and JSONDecoder disagree: \(results.ours) / \(results.foundation)")
        }
    }
}
