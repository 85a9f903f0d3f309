import AppStoreEngine
import Foundation
import StoreModel
import Synchronization

/// A store in the same process: one account on one device, buying in one app of an `AppStoreEngine`.
///
/// Every call is an engine operation, so purchases, renewals and refunds follow the engine's lifecycle on its
/// clock. Listeners to `Transaction.updates` wake when an operation made through this backend (or its
/// ``TestSession``) changes the store; code that changes the engine directly calls ``storeDidChange()``.
///
/// ```swift
/// let backend = try await InProcessBackend.emulator(catalog: storekitURL, bundleID: "com.example.app")
/// let session = TestSession(backend: backend)
/// try await TiendaKit.withBackend(backend) {
///     let pro = try await Product.products(for: ["com.example.pro.monthly"])[0]
///     _ = try await pro.purchase()
///     try await session.advance(by: .seconds(31 * 86_400))   // renews; Transaction.updates delivers it
/// }
/// ```
public final class InProcessBackend: StoreBackend, Sendable {
    /// The engine.
    public let engine: AppStoreEngine
    /// The app whose catalog is sold.
    public let bundleID: String
    /// The customer's account.
    public let accountID: String
    /// The trusted root, the app and this device.
    public let identity: BackendIdentity
    /// The payment sheet and App Store sign-in of this device.
    public let dialogs: SystemDialogs
    /// Wakes updates listeners.
    let changes = ChangeSignal()
    private let paymentsAllowed: Mutex<Bool>

    /// Connects to an app and account the engine knows.
    /// - Throws: ``StoreKitError/systemError(_:)`` when the app is not registered or the account does not exist.
    public init(
        engine: AppStoreEngine, bundleID: String, accountID: String, dialogs: SystemDialogs = SystemDialogs()
    ) async throws(StoreKitError) {
        let app: RegisteredApp
        let account: Account
        do {
            app = try await engine.app(bundleID)
            account = try await engine.account(accountID)
        } catch {
            throw .systemError(error)
        }
        self.engine = engine
        self.bundleID = bundleID
        self.accountID = accountID
        self.dialogs = dialogs
        paymentsAllowed = Mutex(account.canMakePayments)
        identity = BackendIdentity(
            rootCertificate: engine.rootCertificateDER, bundleID: bundleID, appAppleID: app.appAppleId,
            environment: AppStore.Environment(rawValue: app.environment.rawValue),
            deviceVerificationID: UUID(uuidString: account.deviceVerificationId) ?? UUID())
    }

    /// A fresh in-memory engine on a virtual clock with one app selling `catalog` and one account: the quickest
    /// way to a store for tests and demos.
    /// - Parameters:
    ///   - catalog: A `.storekit` file.
    ///   - bundleID: The app.
    ///   - accountID: The customer.
    ///   - storefront: The customer's storefront, whose currency prices are shown in.
    ///   - appVersion: The app's current version (`AppTransaction.appVersion`).
    ///   - clock: The engine's clock; starts at 2024-01-01 by default.
    public static func emulator(
        catalog: URL, bundleID: String, accountID: String = "customer", storefront: StoreModel.Storefront = .unitedStates,
        appVersion: String = "1", clock: VirtualClock = VirtualClock()
    ) async throws -> InProcessBackend {
        let engine = try await AppStoreEngine(configuration: .init(storage: .inMemory, clock: clock))
        try await engine.registerApp(AppRegistration(bundleId: bundleID, bundleVersion: appVersion, catalogFile: catalog))
        try await engine.createAccount(Account(id: accountID, storefront: storefront))
        return try await InProcessBackend(engine: engine, bundleID: bundleID, accountID: accountID)
    }

    /// Wakes `Transaction.updates` listeners after the engine changed outside this backend.
    public func storeDidChange() {
        changes.fire()
    }

    /// Whether the account may make payments, as last read or set through this backend.
    public func canMakePayments() -> Bool {
        paymentsAllowed.withLock { $0 }
    }

    /// Records a change of the account's payment permission.
    func setPaymentsAllowed(_ allowed: Bool) {
        paymentsAllowed.withLock { $0 = allowed }
    }

    /// Runs an engine operation, maps its failure to StoreKit's vocabulary, and wakes listeners afterwards.
    func operation<T: Sendable>(
        _ body: (AppStoreEngine) async throws(AppStoreEngineError) -> T
    ) async throws(StoreKitError) -> T {
        defer { changes.fire() }
        do {
            return try await body(engine)
        } catch {
            throw StoreKitError(error)
        }
    }

    /// Runs an engine read and maps its failure to StoreKit's vocabulary.
    func read<T: Sendable>(
        _ body: (AppStoreEngine) async throws(AppStoreEngineError) -> T
    ) async throws(StoreKitError) -> T {
        do {
            return try await body(engine)
        } catch {
            throw StoreKitError(error)
        }
    }
}
