import Foundation
import StoreModel

/// The signed record of the customer's purchase or download of the app itself (`AppTransaction`).
///
/// ```swift
/// // Whoever first installed before the paid version keeps Pro.
/// guard case .verified(let app) = try await AppTransaction.shared,
///       let original = Int(app.originalAppVersion) else { return false }
/// return original < 3
/// ```
public struct AppTransaction: Hashable, Sendable {
    /// The decoded payload.
    let payload: StoreModel.AppTransaction
    /// The compact JWS.
    let jws: String

    init(payload: StoreModel.AppTransaction, jws: String) {
        self.payload = payload
        self.jws = jws
    }

    /// Creates an app transaction in code, for tests and previews.
    public init(
        bundleID: String, appVersion: String, originalAppVersion: String,
        originalPurchaseDate: Date = Date(timeIntervalSince1970: 1_704_067_200), environment: AppStore.Environment = .sandbox,
        appID: UInt64? = nil
    ) {
        self.init(
            payload: StoreModel.AppTransaction(
                receiptType: AppStoreEnvironment(rawValue: environment.rawValue), appAppleId: appID.map { Int64($0) },
                bundleId: bundleID, applicationVersion: appVersion, receiptCreationDate: Timestamp(originalPurchaseDate),
                originalPurchaseDate: Timestamp(originalPurchaseDate), originalApplicationVersion: originalAppVersion),
            jws: "")
    }

    /// The app transaction for this device's customer, verified (`AppTransaction.shared`).
    public static var shared: VerificationResult<AppTransaction> {
        get async throws { try await fetch(client: StoreClient.resolve(nil)) }
    }

    /// Fetches the app transaction again from the App Store (`AppTransaction.refresh()`).
    public static func refresh() async throws -> VerificationResult<AppTransaction> {
        try await fetch(client: StoreClient.resolve(nil))
    }

    static func fetch(client: StoreClient) async throws(StoreKitError) -> VerificationResult<AppTransaction> {
        let jws = try await client.backend.appTransaction()
        let simulated = await client.backend.simulatedVerificationError()
        guard let result = client.verifyAppTransaction(jws, simulated: simulated) else {
            throw .systemError(VerificationError.invalidEncoding)
        }
        return result
    }

    /// The app's Apple ID (Production only).
    public var appID: UInt64? { payload.appAppleId.map { UInt64($0) } }
    /// The app's bundle identifier.
    public var bundleID: String { payload.bundleId ?? "" }
    /// The app version the app transaction was issued for.
    public var appVersion: String { payload.applicationVersion ?? "" }
    /// The App Store's identifier of that version.
    public var appVersionID: UInt64? { payload.versionExternalIdentifier.map { UInt64($0) } }
    /// The version the customer first bought or downloaded (`CFBundleVersion` on iOS).
    public var originalAppVersion: String { payload.originalApplicationVersion ?? "" }
    /// When the customer first bought or downloaded the app.
    public var originalPurchaseDate: Date { (payload.originalPurchaseDate ?? Timestamp(milliseconds: 0)).date }
    /// When the customer pre-ordered the app, if they did.
    public var preorderDate: Date? { payload.preorderDate?.date }
    /// The server environment that signed it.
    public var environment: AppStore.Environment { AppStore.Environment(rawValue: payload.receiptType?.rawValue ?? "") }
    /// When the App Store signed it.
    public var signedDate: Date { (payload.receiptCreationDate ?? Timestamp(milliseconds: 0)).date }
    /// The identifier of the app download transaction.
    public var appTransactionID: String { payload.appTransactionId ?? "" }
    /// The platform the customer first bought the app on.
    public var originalPlatform: String { payload.originalPlatform?.rawValue ?? "" }
    /// The device verification value.
    public var deviceVerification: Data { payload.deviceVerification.flatMap { Data(base64Encoded: $0) } ?? Data() }
    /// The nonce of ``deviceVerification``.
    public var deviceVerificationNonce: UUID { payload.deviceVerificationNonceUUID ?? UUID(uuid: UUID.zero) }
    /// The payload as JSON, in the App Store's field names.
    public var jsonRepresentation: Data { PayloadJSON.encode(payload) }
    /// The compact JWS.
    public var jwsRepresentation: String { jws }

    /// Equal when the payloads are.
    public static func == (lhs: AppTransaction, rhs: AppTransaction) -> Bool { lhs.payload == rhs.payload }

    /// Hashes the payload.
    public func hash(into hasher: inout Hasher) { hasher.combine(payload) }
}
