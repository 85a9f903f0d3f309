import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// The app's StoreKit settings, product availability, accounts' details, family sharing, offer codes and mass
/// renewal-date extensions.
extension ControlRoutes {
    struct SettingsBody: Decodable, Sendable {
        var bundleId: String?
        var timeRate: Int?
        var locale: String?
        var storefront: String?
        var askToBuyEnabled: Bool?
        var interruptedPurchasesEnabled: Bool?
        var billingRetryOnRenewalEnabled: Bool?
        var billingGracePeriodEnabled: Bool?
        var failTransactionsEnabled: Bool?
        var storeKitErrorCode: Int?
        var disableDialogs: Bool?
    }

    struct SettingsJSON: Encodable, Sendable {
        let bundleId: String
        let timeRate: Int
        let locale: String
        let storefront: String
        let askToBuyEnabled: Bool
        let interruptedPurchasesEnabled: Bool
        let billingRetryOnRenewalEnabled: Bool
        let billingGracePeriodEnabled: Bool
        let failTransactionsEnabled: Bool
        let productsNotForSale: [String]
        /// The simulated error in effect per StoreKit API (`Load Products`, `Verification`, …).
        let simulatedErrors: [String: SimulatedErrorJSON]

        struct SimulatedErrorJSON: Encodable, Sendable {
            let type: String
            let index: Int
        }

        init(_ app: RegisteredApp) {
            bundleId = app.bundleId
            timeRate = app.settings.timeRate.rawValue
            locale = app.settings.locale
            storefront = app.settings.storefront
            askToBuyEnabled = app.settings.askToBuyEnabled
            interruptedPurchasesEnabled = app.settings.interruptedPurchasesEnabled
            billingRetryOnRenewalEnabled = app.settings.billingRetryOnRenewalEnabled
            billingGracePeriodEnabled = app.settings.billingGracePeriodEnabled
            failTransactionsEnabled = app.settings.failTransactionsEnabled
            productsNotForSale = app.productsNotForSale.sorted()
            var errors: [String: SimulatedErrorJSON] = [:]
            for api in FailableStoreKitAPI.knownValues {
                if let error = app.settings.activeError(for: api) {
                    errors[api.rawValue] = SimulatedErrorJSON(type: error.type.rawValue, index: error.index)
                }
            }
            simulatedErrors = errors
        }
    }

    @Sendable func settings(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        JSONAPI.json(SettingsJSON(try await engine.app(try await bundleId(request))))
    }

    /// Overrides the `.storekit` file's settings; fields left out keep their value (`POST /reset` restores all).
    @Sendable func updateSettings(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(SettingsBody.self, of: request)
        let bundleId = try await JSONAPI.bundleId(body.bundleId, engine: engine)
        let app = try await engine.updateSettings(bundleId: bundleId) { overrides in
            if let value = body.timeRate { overrides.timeRate = value }
            if let value = body.locale { overrides.locale = value }
            if let value = body.storefront { overrides.storefront = value }
            if let value = body.askToBuyEnabled { overrides.askToBuyEnabled = value }
            if let value = body.interruptedPurchasesEnabled { overrides.interruptedPurchasesEnabled = value }
            if let value = body.billingRetryOnRenewalEnabled { overrides.billingRetryOnRenewalEnabled = value }
            if let value = body.billingGracePeriodEnabled { overrides.billingGracePeriodEnabled = value }
            if let value = body.failTransactionsEnabled { overrides.failTransactionsEnabled = value }
            if let value = body.storeKitErrorCode { overrides.storeKitErrorCode = value }
            if let value = body.disableDialogs { overrides.disableDialogs = value }
        }
        return JSONAPI.json(SettingsJSON(app))
    }

    struct AvailabilityBody: Decodable, Sendable {
        var bundleId: String?
        var forSale: Bool
    }

    /// Takes a product off sale (purchases fail with `productUnavailable`) or puts it back.
    @Sendable func productAvailability(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(AvailabilityBody.self, of: request)
        let productId = try JSONAPI.parameter("productId", parameters)
        let app = try await engine.setProductAvailability(
            productId, forSale: body.forSale, bundleId: try await JSONAPI.bundleId(body.bundleId, engine: engine))
        return JSONAPI.json(SettingsJSON(app))
    }

    struct AccountChangeBody: Decodable, Sendable {
        var storefront: String?
        var canMakePayments: Bool?
        /// A family group to join; `""` leaves the family.
        var familyGroup: String?
    }

    /// Changes an account's storefront, payment permission or family group.
    @Sendable func updateAccount(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let accountId = try JSONAPI.parameter("accountId", parameters)
        let body = try JSONAPI.body(AccountChangeBody.self, of: request)
        var storefront: Storefront?
        if let code = body.storefront {
            guard let known = Storefront.known(code) else {
                throw EmulatorAPIError.badRequest("\"storefront\": \(code) is no storefront; use an ISO 3166-1 alpha-3 code such as USA.")
            }
            storefront = known
        }
        var account = try await engine.updateAccount(accountId, storefront: storefront, canMakePayments: body.canMakePayments)
        if let group = body.familyGroup {
            account = try await engine.setFamilyGroup(group.isEmpty ? nil : group, for: accountId)
        }
        return JSONAPI.json(account)
    }

    struct AppTransactionBody: Decodable, Sendable {
        var bundleId: String?
        var originalApplicationVersion: String
        var originalPurchaseDate: Int64?
    }

    /// Sets the app version (and date) the account first got the app with, as `AppTransaction` reports them.
    @Sendable func setAppTransaction(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let accountId = try JSONAPI.parameter("accountId", parameters)
        let body = try JSONAPI.body(AppTransactionBody.self, of: request)
        let signed = try await engine.setOriginalApplicationVersion(
            body.originalApplicationVersion, originalPurchaseDate: body.originalPurchaseDate.map(Timestamp.init(milliseconds:)),
            bundleId: try await JSONAPI.bundleId(body.bundleId, engine: engine), accountId: accountId)
        return JSONAPI.json(AppTransactionJSON(signed))
    }

    struct RevokeFamilyBody: Decodable, Sendable {
        var memberAccountId: String
    }

    /// The purchaser stops sharing a purchase with a family member (`REVOKE` for the member's copy).
    @Sendable func revokeFamilyAccess(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let transactionId = try JSONAPI.parameter("transactionId", parameters)
        let body = try JSONAPI.body(RevokeFamilyBody.self, of: request)
        try await engine.revokeFamilyAccess(memberAccountId: body.memberAccountId, transactionId: transactionId)
        return Self.done
    }

    /// A refund is reversed (`REFUND_REVERSED`).
    @Sendable func reverseRefund(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let transactionId = try JSONAPI.parameter("transactionId", parameters)
        try await engine.reverseRefund(transactionId: transactionId)
        return JSONAPI.json(TransactionJSON(try await engine.transaction(transactionId)))
    }

    /// The App Store asks for consumption data (`CONSUMPTION_REQUEST`), as for a refund asked for outside the app.
    @Sendable func consumptionRequest(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        try await engine.sendConsumptionRequest(transactionId: try JSONAPI.parameter("transactionId", parameters))
        return Self.done
    }

    struct OfferCodeBody: Decodable, Sendable {
        var bundleId: String?
        var accountId: String?
        var productId: String
        var referenceName: String
    }

    /// The customer redeems an offer code in the App Store.
    @Sendable func redeemOfferCode(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(OfferCodeBody.self, of: request)
        let accountId = body.accountId ?? Self.defaultAccountId
        try await JSONAPI.ensureAccount(accountId, engine: engine)
        let transaction = try await engine.redeemOfferCode(
            bundleId: try await JSONAPI.bundleId(body.bundleId, engine: engine), accountId: accountId, productId: body.productId,
            referenceName: body.referenceName)
        return JSONAPI.json(TransactionJSON(transaction), status: .created)
    }

    struct MassExtendBody: Decodable, Sendable {
        var bundleId: String?
        var productId: String
        var days: Int
        var reason: Int32?
        var storefrontCountryCodes: [String]?
    }

    struct MassExtensionJSON: Encodable, Sendable {
        let requestIdentifier: String
        let productId: String
        let complete: Bool
        let succeededCount: Int64
    }

    /// Extends every active subscriber of a product (the Server API's mass extension); it completes as the
    /// clock moves on.
    @Sendable func extendAll(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(MassExtendBody.self, of: request)
        let status = try await engine.extendRenewalDatesForAllSubscribers(
            bundleId: try await JSONAPI.bundleId(body.bundleId, engine: engine), productId: body.productId, days: body.days,
            reason: ExtendReasonCode(rawValue: body.reason ?? 0), storefrontCountryCodes: body.storefrontCountryCodes ?? [])
        return JSONAPI.json(MassExtensionJSON(
            requestIdentifier: status.requestIdentifier, productId: status.productId, complete: status.complete,
            succeededCount: status.succeededCount), status: .accepted)
    }
}

/// StoreKit errors the settings simulate, as Xcode's StoreKit Testing does.
extension ControlRoutes {
    struct SimulatedErrorBody: Decodable, Sendable {
        var bundleId: String?
        /// The StoreKit API: `Load Products`, `Purchase`, `Verification`, `App Store Sync`, `Subscription Status`,
        /// `App Transaction`, `Manage Subscriptions Sheet`, `Refund Request Sheet`, `Offer Code Redeem Sheet`.
        var api: String
        /// The error enum: `generic`, `purchase`, `verification`, `refundRequest`; absent to stop failing.
        var type: String?
        /// The case's index in its enum.
        var index: Int?
    }

    /// Makes a StoreKit API fail with a chosen error, or stop failing. StoreKit routes then answer
    /// `simulatedError` with `details` naming the error.
    @Sendable func setSimulatedError(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let body = try JSONAPI.body(SimulatedErrorBody.self, of: request)
        let api = FailableStoreKitAPI(rawValue: body.api)
        guard FailableStoreKitAPI.knownValues.contains(api) else {
            let known = FailableStoreKitAPI.knownValues.map(\.rawValue).joined(separator: ", ")
            throw EmulatorAPIError.badRequest("\"api\": \(body.api) is none of \(known).")
        }
        var error: SimulatedStoreKitError?
        if let type = body.type {
            error = SimulatedStoreKitError(type: .init(rawValue: type), index: body.index ?? 0)
        }
        let app = try await engine.setSimulatedError(error, for: api, bundleId: try await JSONAPI.bundleId(body.bundleId, engine: engine))
        return JSONAPI.json(SettingsJSON(app))
    }
}
