import Foundation
import StoreModel
import Testing

@testable import AppStoreEngine

/// The fast payload writer against Foundation's decoder.
@Suite struct PayloadJSONTests {
    static let transaction = JWSTransactionDecodedPayload(
        originalTransactionId: "2000000000000001", transactionId: "2000000000000002",
        webOrderLineItemId: "2000000500000002", bundleId: "com.tienda.example", productId: "com.tienda.example.pro.monthly",
        subscriptionGroupIdentifier: "5C0A11E1", purchaseDate: Timestamp(milliseconds: 1_704_067_200_000),
        originalPurchaseDate: Timestamp(milliseconds: 1_704_067_200_000), expiresDate: Timestamp(milliseconds: -5),
        quantity: 1, type: .autoRenewable, appAccountToken: "7e3fa3b4-1a2b-4c3d-8e9f-0a1b2c3d4e5f",
        inAppOwnershipType: .familyShared, revocationReason: .refundedDueToIssue, revocationDate: Timestamp(milliseconds: 0),
        isUpgraded: true, offerType: .promotionalOffer, offerIdentifier: "quote\" back\\slash / tab\t nl\n \u{1} é",
        environment: .sandbox, storefront: "USA", storefrontId: "143441", transactionReason: .renewal, currency: "USD",
        price: 4990, offerDiscountType: .payAsYouGo, appTransactionId: "704000000000000001", offerPeriod: "P3M",
        revocationType: .refundProrated, revocationPercentage: 25_000, billingPlanType: .monthly,
        commitmentInfo: TransactionCommitmentInfo(billingPeriodNumber: 2))

    @Test func transactionsRoundTripWithoutSignedDateAndGainItWhenSigned() throws {
        let unsigned = PayloadJSON.unsignedTransaction(Self.transaction)
        #expect(try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: Data(unsigned)) == Self.transaction)
        let signed = PayloadJSON.insertingSignedDate(Timestamp(milliseconds: 42), into: unsigned)
        var expected = Self.transaction
        expected.signedDate = Timestamp(milliseconds: 42)
        #expect(try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: Data(signed)) == expected)
        #expect(!String(decoding: unsigned, as: UTF8.self).contains("\\/"))
    }

    @Test(arguments: [
        (PayloadJSONTests.transaction, "DnSUJFPv6i0PbkjbaCJ+Zluq/gMrfPet+xTObp7L3iKKfXIcL4l260/5PPZLKgVo", "6f0e3c1a-0000-4000-8000-000000000001"),
        (JWSTransactionDecodedPayload(transactionId: "1"), "a", "b"),
        (JWSTransactionDecodedPayload(), "quote\" slash/", "tab\t é"),
    ])
    func deviceTransactionsAreTheGeneralWritersBytes(payload: JWSTransactionDecodedPayload, verification: String, nonce: String) throws {
        let date = Timestamp(milliseconds: 1_704_067_200_123)
        var withDevice = payload
        withDevice.deviceVerification = verification
        withDevice.deviceVerificationNonce = nonce
        let general = PayloadJSON.insertingSignedDate(date, into: PayloadJSON.unsignedTransaction(withDevice))
        let spliced = PayloadJSON.deviceTransaction(
            PayloadJSON.unsignedTransaction(payload), deviceVerification: verification, nonce: nonce, signedDate: date)
        #expect(String(decoding: spliced, as: UTF8.self) == String(decoding: general, as: UTF8.self))
        withDevice.signedDate = date
        #expect(try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: Data(spliced)) == withDevice)
    }

    @Test func absentFieldsAreLeftOut() throws {
        let json = PayloadJSON.unsignedTransaction(JWSTransactionDecodedPayload(transactionId: "1"))
        #expect(String(decoding: json, as: UTF8.self) == #"{"transactionId":"1"}"#)
        let signed = PayloadJSON.insertingSignedDate(Timestamp(milliseconds: 7), into: Array("{}".utf8))
        #expect(String(decoding: signed, as: UTF8.self) == #"{"signedDate":7}"#)
    }

    @Test func renewalInfoRoundTrips() throws {
        let info = JWSRenewalInfoDecodedPayload(
            expirationIntent: .billingError, originalTransactionId: "1", autoRenewProductId: "a", productId: "b",
            autoRenewStatus: .off, isInBillingRetryPeriod: false, priceIncreaseStatus: .customerHasNotResponded,
            gracePeriodExpiresDate: Timestamp(milliseconds: 3), offerType: .winBackOffer, offerIdentifier: "w",
            signedDate: Timestamp(milliseconds: 9), environment: .production, recentSubscriptionStartDate: Timestamp(milliseconds: 1),
            renewalDate: Timestamp(milliseconds: 2), currency: "EUR", renewalPrice: 1990, offerDiscountType: .freeTrial,
            eligibleWinBackOfferIds: ["x", "y"], appAccountToken: "t", appTransactionId: "7", offerPeriod: "P1W",
            renewalBillingPlanType: .billedUpfront)
        #expect(try AppleJSON.decode(JWSRenewalInfoDecodedPayload.self, from: Data(PayloadJSON.renewalInfo(info))) == info)
    }

    @Test func notificationsRoundTrip() throws {
        let payload = ResponseBodyV2DecodedPayload(
            notificationType: .renewalExtension, subtype: .summary, notificationUUID: "u",
            data: NotificationData(environment: .sandbox, appAppleId: 12, bundleId: "b", bundleVersion: "1",
                signedTransactionInfo: "a.b.c", signedRenewalInfo: "d.e.f", status: .active,
                consumptionRequestReason: .legal),
            version: "2.0", signedDate: Timestamp(milliseconds: 5),
            summary: Summary(environment: .sandbox, bundleId: "b", productId: "p", requestIdentifier: "r",
                storefrontCountryCodes: ["USA", "ESP"], succeededCount: 3, failedCount: 1))
        #expect(try AppleJSON.decode(ResponseBodyV2DecodedPayload.self, from: Data(PayloadJSON.notification(payload))) == payload)
    }

    @Test func appTransactionsRoundTrip() throws {
        let payload = AppTransaction(
            receiptType: .sandbox, appAppleId: nil, bundleId: "b", applicationVersion: "3", receiptCreationDate: Timestamp(milliseconds: 1),
            originalPurchaseDate: Timestamp(milliseconds: 2), originalApplicationVersion: "1.0", appTransactionId: "704",
            originalPlatform: .iOS)
        #expect(try AppleJSON.decode(AppTransaction.self, from: Data(PayloadJSON.appTransaction(payload))) == payload)
    }

    @Test(arguments: [Int64.min, -1_704_067_200_000, -10, -9, -1, 0, 1, 9, 10, 4_990, 1_704_067_200_000, Int64.max])
    func integersAreWrittenAsTheirDecimalText(value: Int64) {
        var writer = JSONPayloadWriter()
        writer.field("first", value)
        writer.field("second", value)
        #expect(String(decoding: writer.finish(), as: UTF8.self) == #"{"first":\#(value),"second":\#(value)}"#)
    }

    @Test(arguments: ["\"", "\\", "\n", "\u{1}", "\u{1F}"])
    func escapingIsFoundAtEveryPositionOfTheWordScan(special: String) {
        for length in 0..<20 {
            let plain = String(repeating: "aé~\u{7F}", count: length)
            #expect(!plain.utf8.withContiguousStorageIfAvailable(JSONPayloadWriter.needsEscaping)!)
            for position in 0...plain.unicodeScalars.count {
                var scalars = Array(plain.unicodeScalars)
                scalars.insert(contentsOf: special.unicodeScalars, at: position)
                let text = String(String.UnicodeScalarView(scalars))
                #expect(text.utf8.withContiguousStorageIfAvailable(JSONPayloadWriter.needsEscaping)!)
            }
        }
    }

    @Test(arguments: [0, 1, 2, 3, 4, 5, 63, 64, 100])
    func base64URLMatchesFoundation(length: Int) {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        let foundation = Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
        #expect(Base64URL.encode(bytes) == foundation)
        #expect(Base64URL.decode(foundation) == Data(bytes))
    }

    @Test func storedJWSReplacesNestedHeadersAndRebuildsTheExactSerialisation() {
        let header = "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUkiXX0"
        let inner = "\(header).eyJ4IjoxfQ.sig"
        let payload = Array(#"{"signedTransactionInfo":"\#(inner)","signedRenewalInfo":"\#(inner)"}"#.utf8)
        let stored = StoredJWS(payload: payload, signature: "outer", header: header)
        #expect(stored.payload.count == payload.count - 2 * (header.utf8.count - 1))
        #expect(stored.payloadJSON(header: header) == payload)
        #expect(stored.compactSerialization(header: header) == "\(header).\(Base64URL.encode(payload)).outer")
    }

    @Test func storedJWSKeepsNestedPayloadsAsJSONAndRebuildsTheExactSerialisation() {
        let header = "eyJhbGciOiJFUzI1NiIsIng1YyI6WyJNSUkiXX0"
        let transaction = Array(#"{"transactionId":"2000000000000001","price":4990,"note":"\u0002\u0003"}"#.utf8)
        let renewal = Array(#"{"autoRenewStatus":1}"#.utf8)
        let transactionJWS = "\(header).\(Base64URL.encode(transaction)).sigT"
        let renewalJWS = "\(header).\(Base64URL.encode(renewal)).sigR"
        let payload = Array(
            #"{"data":{"signedTransactionInfo":"\#(transactionJWS)","signedRenewalInfo":"\#(renewalJWS)"},"v":"2.0"}"#.utf8)
        let stored = StoredJWS(
            payload: payload, signature: "outer", headerBytes: Array(header.utf8),
            nested: [StoredJWS.Nested(jws: transactionJWS, json: transaction), StoredJWS.Nested(json: renewal)])
        #expect(stored.payload.count < payload.count - transaction.count / 4)
        #expect(stored.payload.filter { $0 == StoredJWS.nestedStart }.count == 2)
        #expect(stored.payloadJSON(header: header) == payload)
        let reread = StoredJWS(storedPayload: stored.payload, signature: stored.signature)
        #expect(reread.compactSerialization(header: header) == "\(header).\(Base64URL.encode(payload)).outer")
    }
}

/// The header search of the stored form at its edges.
@Suite struct StoredJWSTests {
    @Test(arguments: [
        ("", "ab", ""), ("ab", "ab", "\u{1}"), ("xab", "ab", "x\u{1}"), ("abab", "ab", "\u{1}\u{1}"), ("aab", "ab", "a\u{1}"),
        ("a", "ab", "a"), ("xyz", "ab", "xyz"), ("abxab", "ab", "\u{1}x\u{1}"),
    ])
    func replacementFindsEveryOccurrence(input: String, pattern: String, expected: String) {
        let replaced = StoredJWS.replacing(Array(pattern.utf8), with: [StoredJWS.headerMarker], in: Array(input.utf8))
        #expect(replaced == Array(expected.utf8))
        #expect(StoredJWS.replacing([StoredJWS.headerMarker], with: Array(pattern.utf8), in: replaced) == Array(input.utf8))
    }

    @Test func theNotificationUUIDIsStoredAsItsMarkerAndAStoredUUIDIsKeptAsWritten() {
        let header = "eyJhbGciOiJFUzI1NiJ9"
        let uuid = "0b4c1f6e-2d3a-4b5c-8d6e-7f8091a2b3c4"
        let payload = Array(#"{"notificationType":"DID_RENEW","notificationUUID":"\#(uuid)","version":"2.0"}"#.utf8)
        let marked = StoredJWS(
            payload: payload, signature: "sig", headerBytes: Array(header.utf8), notificationUUID: uuid)
        #expect(marked.payload.count == payload.count - uuid.utf8.count + 1)
        #expect(marked.payloadJSON(header: header, notificationUUID: uuid) == payload)
        #expect(marked.compactSerialization(header: header, notificationUUID: uuid)
            == "\(header).\(Base64URL.encode(payload)).sig")

        // A payload stored before UUIDs were marked holds the UUID itself, and reads back unchanged.
        let unmarked = StoredJWS(payload: payload, signature: "sig", headerBytes: Array(header.utf8))
        #expect(unmarked.payload == payload)
        #expect(unmarked.payloadJSON(header: header, notificationUUID: uuid) == payload)
    }
}
