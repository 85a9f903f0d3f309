import Foundation
import StoreHTTPClient
import StoreModel
import Synchronization

/// A store behind `tienda serve`: one account on one device, buying in one app, over HTTP.
///
/// StoreKit calls go to the emulator's `/storekit/v1` routes and test controls to `/control/v1`. The server
/// answers with signed data; TiendaKit verifies it on this side against the root certificate given here (the
/// server's `state/pki/root.der`), exactly as with ``InProcessBackend``. Product metadata (names, prices, offers)
/// comes from the same `.storekit` file the server sells, read locally; which products exist and are for sale
/// is asked from the server.
///
/// ```swift
/// let backend = try await RemoteBackend(
///     server: URL(string: "http://127.0.0.1:8480")!, catalog: storekitURL, bundleID: "com.example.app",
///     accountID: "customer", rootCertificate: try Data(contentsOf: rootDER))
/// try await TiendaKit.withBackend(backend) { … }
/// ```
public final class RemoteBackend: StoreBackend, Sendable {
    /// The server's base URL.
    public let server: URL
    /// The app whose catalog is sold.
    public let bundleID: String
    /// The customer's account.
    public let accountID: String
    /// The trusted root, the app and this device.
    public let identity: BackendIdentity
    /// The payment sheet and App Store sign-in of this device.
    public let dialogs: SystemDialogs
    /// The `.storekit` catalog the server sells, for product metadata.
    let catalog: Catalog
    /// The currency of the account's storefront.
    let currencyCode: String
    let client = HTTPClient()
    private let paymentsAllowed: Mutex<Bool>

    /// Connects to an app and account on a running emulator; the account is created when new.
    /// - Parameters:
    ///   - server: The emulator's base URL.
    ///   - catalog: The `.storekit` file the server sells for `bundleID`.
    ///   - bundleID: The app.
    ///   - accountID: The customer.
    ///   - storefront: The account's storefront, whose currency prices are shown in.
    ///   - rootCertificate: The DER of the server's root certificate (its `state/pki/root.der`).
    ///   - environment: The environment the server signs for.
    ///   - appAppleID: The app's Apple ID, required for Production.
    /// - Throws: ``RemoteBackendError`` when the catalog cannot be read or the server cannot be reached.
    public init(
        server: URL, catalog: URL, bundleID: String, accountID: String, storefront: StoreModel.Storefront = .unitedStates,
        rootCertificate: Data, environment: AppStore.Environment = .sandbox, appAppleID: Int64? = nil,
        dialogs: SystemDialogs = SystemDialogs()
    ) async throws(RemoteBackendError) {
        do {
            self.catalog = try Catalog.load(contentsOf: catalog)
        } catch {
            throw .catalog(file: catalog.path, reason: "\(error)")
        }
        self.server = server
        self.bundleID = bundleID
        self.accountID = accountID
        self.dialogs = dialogs
        currencyCode = storefront.currency
        paymentsAllowed = Mutex(true)
        let accounts: AccountsAnswer = try await Self.request(
            client, .get, server.appendingPathComponent("control/v1/accounts"), body: nil)
        var account = accounts.accounts.first { $0.id == accountID }
        if account == nil {
            let created: AccountAnswer = try await Self.request(
                client, .post, server.appendingPathComponent("control/v1/accounts"),
                body: try Self.encode(NewAccount(id: accountID, storefront: storefront.countryCode)))
            account = created
        }
        paymentsAllowed.withLock { $0 = account?.canMakePayments ?? true }
        identity = BackendIdentity(
            rootCertificate: rootCertificate, bundleID: bundleID, appAppleID: appAppleID, environment: environment,
            deviceVerificationID: account.flatMap { UUID(uuidString: $0.deviceVerificationId ?? "") } ?? UUID())
    }

    /// Whether the account may make payments, as last read or set through this backend.
    public func canMakePayments() -> Bool {
        paymentsAllowed.withLock { $0 }
    }

    func setPaymentsAllowed(_ allowed: Bool) {
        paymentsAllowed.withLock { $0 = allowed }
    }

    /// `…/storekit/v1/apps/{bundleId}/accounts/{accountId}` + `path`.
    func accountURL(_ path: String) -> URL {
        server.appendingPathComponent("storekit/v1/apps/\(bundleID)/accounts/\(accountID)\(path)")
    }

    /// `…/control/v1` + `path`.
    func controlURL(_ path: String) -> URL {
        server.appendingPathComponent("control/v1\(path)")
    }

    /// Sends a request and decodes its JSON answer, or throws the server's error.
    func send<Answer: Decodable>(
        _ method: HTTPMethod, _ url: URL, body: (any Encodable)? = nil, timeout: Duration = .seconds(30)
    ) async throws(RemoteBackendError) -> Answer {
        let data = try body.map { body throws(RemoteBackendError) in try Self.encode(body) }
        return try await Self.request(client, method, url, body: data, timeout: timeout)
    }

    /// Sends a request whose answer does not matter, or throws the server's error.
    func perform(_ method: HTTPMethod, _ url: URL, body: (any Encodable)? = nil) async throws(RemoteBackendError) {
        let _: Ignored = try await send(method, url, body: body)
    }

    static func request<Answer: Decodable>(
        _ client: HTTPClient, _ method: HTTPMethod, _ url: URL, body: Data?, timeout: Duration = .seconds(30)
    ) async throws(RemoteBackendError) -> Answer {
        let response: HTTPClientResponse
        do {
            response = try await client.send(
                method: method, url: url, headers: body == nil ? [:] : ["Content-Type": "application/json"], body: body,
                timeout: timeout)
        } catch {
            throw .unreachable(url: url.absoluteString, reason: error.reason)
        }
        guard (200..<300).contains(response.status.code) else {
            let problem = try? JSONDecoder().decode(ServerProblem.self, from: response.body)
            throw .server(
                status: response.status.code, code: problem?.error ?? "unknown",
                message: problem?.message ?? response.text, details: problem?.details ?? [:])
        }
        if Answer.self == Ignored.self { return Ignored() as! Answer }
        do {
            return try JSONDecoder().decode(Answer.self, from: response.body)
        } catch {
            throw .malformedAnswer(url: url.absoluteString, reason: "\(error)")
        }
    }

    static func encode(_ body: any Encodable) throws(RemoteBackendError) -> Data {
        do {
            return try JSONEncoder().encode(body)
        } catch {
            throw .malformedAnswer(url: "", reason: "cannot encode the request body: \(error)")
        }
    }
}

/// An answer whose body is not read.
struct Ignored: Decodable {}

/// The emulator's error body.
struct ServerProblem: Decodable {
    let error: String
    let message: String
    let details: [String: String]?
}

struct AccountsAnswer: Decodable {
    let accounts: [AccountAnswer]
}

struct AccountAnswer: Decodable {
    let id: String
    let deviceVerificationId: String?
    let canMakePayments: Bool?
}

struct NewAccount: Encodable {
    let id: String
    let storefront: String
}
