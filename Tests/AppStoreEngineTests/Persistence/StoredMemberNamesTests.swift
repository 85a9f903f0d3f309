import Foundation
import StoreModel
import StoreStorage
import Testing

@testable import AppStoreEngine

/// Stored payloads with their member names coded: the codes are fixed, the bytes come back exactly, and a
/// store whose payloads were written as plain JSON (before the codes) reads the same.
@Suite struct StoredMemberNamesTests {
    static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theCodesAreFixed() throws {
        // One byte for the first 25 names, two for the others: rows already stored depend on these values.
        let json = Self.bytes(#"{"originalTransactionId":"1","renewalDate":2,"renewalPrice":3,"failedCount":4}"#)
        let compact = StoredMemberNames.compacting(json)
        #expect(compact == [0x7B, 0x06] + Self.bytes(#""1","#) + [0x1E] + Self.bytes("2,") + [0x1F, 0x80]
            + Self.bytes("3,") + [0x1F, 0x80 + 38] + Self.bytes("4}"))
        #expect(StoredMemberNames.names.count == 25 + 39)
        #expect(try StoredMemberNames.expanding(compact) == json)
    }

    @Test(arguments: [
        "",
        "{}",
        #"{"unknownName":1,"productId":"p","type":"Consumable"}"#,
        // A name inside a string value is escaped, and a value may look like a name: both come back as they were.
        #"{"note":"\"productId\":","productId":"\"productId\":x"}"#,
        #"{"productId":"a","productId""#,
        #"["productId",":","productId":]"#,
        "\"\"\"productId\":",
        #"{"pr\u00f6ductId":1,"prödüctId":2,"productIdX":3,"roductId":4}"#,
    ])
    func anyBytesComeBackExactly(text: String) throws {
        let json = Self.bytes(text)
        #expect(try StoredMemberNames.expanding(StoredMemberNames.compacting(json)) == json)
    }

    @Test func storedFormsWithMarkersComeBackExactly() throws {
        // A notification's stored form: header and UUID markers, the transaction reference and a nested JSON.
        let stored: [UInt8] = Self.bytes(#"{"notificationType":"DID_RENEW","notificationUUID":""#) + [0x05]
            + Self.bytes(#"","data":{"signedTransactionInfo":""#) + [0x01, 0x2E, 0x04]
            + Self.bytes(#".sig","signedRenewalInfo":""#) + [0x01, 0x2E, 0x02]
            + Self.bytes(#"{"originalTransactionId":"7","signedDate":1}"#) + [0x03]
            + Self.bytes(#".sig","status":1},"version":"2.0","signedDate":1}"#)
        let compact = StoredMemberNames.compacting(stored)
        #expect(compact.count < stored.count - 100)
        #expect(try StoredMemberNames.expanding(compact) == stored)
        // The markers are untouched, so a reference is still found in the stored bytes.
        #expect(StoredJWS(storedPayload: compact, signature: "").referencesTransaction)
    }

    @Test func namesAreFoundWhereverTheirQuotesFallInTheScan() throws {
        // The scan reads eight bytes at a time: the quotes around each name fall at every offset in turn.
        for padding in 0..<17 {
            let filler = String(repeating: "a", count: padding)
            let json = Self.bytes(#"{"x":"\#(filler)","productId":"\#(filler)","transactionId":1}"#)
            let compact = StoredMemberNames.compacting(json)
            // Each `"name":` became its one-byte code.
            #expect(compact.count == json.count - #""productId":"#.utf8.count - #""transactionId":"#.utf8.count + 2)
            #expect(try StoredMemberNames.expanding(compact) == json)
        }
    }

    @Test func everyNameIsCodedAndComesBack() throws {
        for name in StoredMemberNames.names {
            let json = Self.bytes(#"{"\#(name)":0}"#)
            let compact = StoredMemberNames.compacting(json)
            #expect(compact.count <= 4 + 2, "\(name) is not coded")
            #expect(try StoredMemberNames.expanding(compact) == json)
        }
    }

    @Test func plainJSONExpandsToItself() throws {
        let json = PayloadJSON.unsignedTransaction(JWSTransactionDecodedPayload(
            originalTransactionId: "2000000000000001", transactionId: "2000000000000002", bundleId: "com.example",
            productId: "com.example.monthly", quantity: 1, type: .autoRenewable, environment: .sandbox))
        #expect(try StoredMemberNames.expanding(json) == json)
        let compact = StoredMemberNames.compacting(json)
        #expect(compact.count * 2 < json.count + 40)
        #expect(try StoredMemberNames.expanding(compact) == json)
    }

    @Test func aCodeThatNamesNothingIsReported() {
        for stored: [UInt8] in [[0x7B, 0x1F], [0x7B, 0x1F, 0x7F, 0x7D], [0x1F, 0x80 + 39]] {
            guard case .corruptState(let reason)? = Self.error({ () throws(AppStoreEngineError) in
                _ = try StoredMemberNames.expanding(stored)
            }) else {
                Issue.record("no error for \(stored)")
                continue
            }
            #expect(reason.contains("names no member"))
        }
    }

    static func error(_ body: () throws(AppStoreEngineError) -> Void) -> AppStoreEngineError? {
        do {
            try body()
            return nil
        } catch {
            return error
        }
    }

    /// The stored payloads of a table, by key.
    static func payloads(_ table: String, key: String, in database: any SQLDatabase) async throws -> [Int64: [UInt8]] {
        var payloads: [Int64: [UInt8]] = [:]
        for row in try await database.query("SELECT \(key) AS key, payload FROM \(table)") {
            payloads[try row.int64("key")] = [UInt8](try row.data("payload"))
        }
        return payloads
    }

    @Test(arguments: MigrationBackend.available)
    func aStoreWrittenAsPlainJSONReadsTheSame(backend: MigrationBackend) async throws {
        try await backend.withDatabase { database in
            let engine = try await EngineHarness.engine(on: database, accounts: ["alice"])
            let bought = try await engine.purchase(PurchaseRequest(
                bundleId: EngineHarness.bundleId, accountId: "alice", productId: EngineHarness.monthly))
            let original = try #require(bought.transaction?.transactionId)
            _ = try await engine.advance(by: .seconds(40 * 86_400))
            try await engine.refund(transactionId: original)
            let history = try await engine.notificationHistory(NotificationHistoryQuery(limit: 100))
            #expect(history.map(\.notificationType) == [.subscribed, .didRenew, .refund])
            // The device-verification fields are drawn for each answer; the rest is the stored transaction.
            func transactions() async throws -> [JWSTransactionDecodedPayload] {
                try await engine.allTransactions(bundleId: EngineHarness.bundleId, accountId: "alice").map { signed in
                    var payload = signed.payload
                    payload.deviceVerification = nil
                    payload.deviceVerificationNonce = nil
                    return payload
                }
            }
            let expected = try await transactions()
            #expect(expected.map { $0.revocationDate != nil } == [true, false])

            // Every payload is stored coded, and shorter than its JSON.
            var stored: [(table: String, key: String, rows: [Int64: [UInt8]])] = []
            for (table, key) in [("transactions", "transaction_id"), ("outbox", "sequence"), ("transaction_versions", "before_sequence")] {
                stored.append((table, key, try await Self.payloads(table, key: key, in: database)))
            }
            #expect(stored.map(\.rows.count) == [2, 3, 1])
            for (_, _, rows) in stored {
                for payload in rows.values {
                    let json = try StoredMemberNames.expanding(payload)
                    #expect(payload.count * 3 < json.count * 2)
                    #expect(!String(decoding: payload, as: UTF8.self).contains(#""originalTransactionId":"#))
                }
            }

            // Written as plain JSON, as before the codes, every payload reads the same.
            for (table, key, rows) in stored {
                for (id, payload) in rows {
                    try await database.execute(
                        "UPDATE \(table) SET payload = ? WHERE \(key) = ?",
                        [.blob(Data(try StoredMemberNames.expanding(payload))), .integer(id)])
                }
            }
            #expect(try await engine.notificationHistory(NotificationHistoryQuery(limit: 100)).map(\.signedPayload)
                == history.map(\.signedPayload))
            #expect(try await transactions() == expected)
            await engine.close()
        }
    }
}
