import EntitlementServer
import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel
import Testing

@Suite struct RouteTests {
    /// The key whose SHA-256 the test configuration lists ("test").
    static let apiKey = "test"

    private func withServer<T>(
        configuration: EntitlementServerConfiguration = TestAppStore.configuration(),
        _ body: (URL, HTTPClient, EntitlementServerProcess) async throws -> T
    ) async throws -> T {
        try await Backend.inMemory.withDatabase { database in
            let process = try await EntitlementServerProcess.start(configuration: configuration, database: database)
            let client = HTTPClient()
            let result: Result<T, any Error>
            do {
                result = .success(try await body(URL(string: "http://127.0.0.1:\(process.port)")!, client, process))
            } catch {
                result = .failure(error)
            }
            await process.stop()
            return try result.get()
        }
    }

    private func json(_ response: HTTPClientResponse) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
    }

    @Test func `a notification posted over HTTP is answered 200 after the write and shows in the account's entitlements`() async throws {
        try await withServer { base, client, _ in
            let store = TestAppStore()
            let token = UUID()
            let body = store.notificationBody(
                .subscribed, subtype: .initialBuy, signedDate: .day(0),
                transaction: store.transaction(id: "9000", product: "notes.pro.monthly", type: .autoRenewable, purchase: .day(0),
                                               expires: .distantFutureDay, token: token),
                status: .active)
            let url = base.appending(path: "v1/notifications")
            let first = try await client.send(method: .post, url: url, headers: ["Content-Type": "application/json"], body: body)
            #expect(first.status == .ok)
            #expect(try json(first)["status"] as? String == "applied")
            let again = try await client.send(method: .post, url: url, body: body)
            #expect(try json(again)["status"] as? String == "duplicate")
            let account = base.appending(path: "v1/accounts/\(token.uuidString.lowercased())/entitlements")
            let answer = try await client.send(url: account, headers: ["Authorization": "Bearer \(Self.apiKey)"])
            #expect(answer.status == .ok)
            let decoded = try JSONDecoder().decode(AccountEntitlements.self, from: answer.body)
            #expect(decoded.activeCapabilities == ["pro"])
        }
    }

    @Test func `account routes answer 401 without a key or with a wrong one, in the JSON error shape`() async throws {
        try await withServer { base, client, _ in
            let url = base.appending(path: "v1/accounts/alice/entitlements")
            for headers: HTTPHeaders in [[:], ["Authorization": "Bearer wrong"], ["Authorization": "Basic dGVzdA=="]] {
                let response = try await client.send(url: url, headers: headers)
                #expect(response.status == .unauthorized)
                let error = try #require(try json(response)["error"] as? [String: String])
                #expect(error["code"] == "unauthorized" && error["message"]?.isEmpty == false)
            }
            let missing = try await client.send(url: base.appending(path: "v2/nothing"))
            #expect(missing.status == .notFound)
            #expect((try json(missing)["error"] as? [String: String])?["code"] == "not_found")
        }
    }

    @Test func `a forged notification gets a 4xx over HTTP`() async throws {
        try await withServer { base, client, _ in
            let forger = TestAppStore(authority: TestAppStore.forger)
            let body = forger.notificationBody(
                .oneTimeCharge, signedDate: .day(0),
                transaction: forger.transaction(id: "9100", product: "notes.lifetime", type: .nonConsumable, purchase: .day(0)))
            let response = try await client.send(method: .post, url: base.appending(path: "v1/notifications"), body: body)
            #expect(response.status == .forbidden)
            #expect((try json(response)["error"] as? [String: String])?["code"] == "untrusted_signature")
        }
    }

    @Test func `a signed answer verifies with the published key`() async throws {
        var configuration = TestAppStore.configuration()
        configuration.signingKeyPEM = try P256PrivateKey.generate().pemRepresentation
        try await withServer(configuration: configuration) { base, client, _ in
            let headers: HTTPHeaders = ["Authorization": "Bearer \(Self.apiKey)", "Content-Type": "application/json"]
            let grant = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/zoe/grants"), headers: headers,
                body: Data(#"{"grantId": "g1", "capability": "pro", "durationSeconds": 3600, "reason": "support"}"#.utf8))
            #expect(grant.status == .created)
            let signed = try await client.send(url: URL(string: base.absoluteString + "/v1/accounts/zoe/entitlements?signed=true")!, headers: headers)
            let jws = try #require(try json(signed)["signedEntitlements"] as? String)
            let key = try await client.send(url: base.appending(path: "v1/signing-key"))
            let pem = try #require(try json(key)["pem"] as? String)
            let publicKey = try P256PublicKey(pemRepresentation: pem)
            let parts = jws.split(separator: ".")
            #expect(parts.count == 3)
            let signature = try Base64URL.decode(parts[2])
            #expect(publicKey.isValidRawSignature(signature, for: Data("\(parts[0]).\(parts[1])".utf8)))
            let payload = try JSONSerialization.jsonObject(with: try Base64URL.decode(parts[1])) as? [String: Any]
            let entitlements = payload?["entitlements"] as? [String: Any]
            #expect(entitlements?["accountId"] as? String == "zoe")
        }
    }

    @Test func `spending more than the balance is a 409 conflict`() async throws {
        try await withServer { base, client, _ in
            let response = try await client.send(
                method: .post, url: base.appending(path: "v1/accounts/yan/consumables/coins/spend"),
                headers: ["Authorization": "Bearer \(Self.apiKey)"], body: Data(#"{"amount": 5, "idempotencyKey": "k"}"#.utf8))
            #expect(response.status == .conflict)
        }
    }
}

extension Timestamp {
    /// Far enough ahead that the test clock never reaches it.
    static let distantFutureDay = Timestamp.day(100_000)
}
