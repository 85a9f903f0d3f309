/// Every operation the emulator serves, grouped as in the document.
extension OpenAPIDocument {
    static let operations: [APIOperation] = serverAPI + retentionMessaging + storeKit + control + deliveryAndOCSP + emulator

    private static func apple(_ method: String, _ path: String, _ summary: String, body: String? = nil, response: String = "AppleResponse",
        query: [(String, String)] = []) -> APIOperation {
        APIOperation(method: method, path: "/inApps" + path, tag: "App Store Server API", summary: summary,
            query: query.map { (name: $0.0, description: $0.1) }, body: body, response: response)
    }

    static let serverAPI: [APIOperation] = [
        apple("get", "/v1/transactions/{transactionId}", "Get Transaction Info (TransactionInfoResponse)."),
        apple("get", "/v1/history/{transactionId}", "Get Transaction History v1 (HistoryResponse).", query: historyQuery),
        apple("get", "/v2/history/{transactionId}", "Get Transaction History v2 (HistoryResponse).", query: historyQuery),
        apple("get", "/v1/subscriptions/{transactionId}", "Get All Subscription Statuses (StatusResponse).",
            query: [("status", "Repeatable status filter, 1…5.")]),
        apple("get", "/v2/refund/lookup/{transactionId}", "Get Refund History (RefundHistoryResponse).", query: [("revision", "Paging token.")]),
        apple("get", "/v1/lookup/{orderId}", "Look Up Order ID (OrderLookupResponse)."),
        apple("put", "/v1/subscriptions/extend/{originalTransactionId}", "Extend a Subscription Renewal Date.", body: "AppleRequest"),
        apple("post", "/v1/subscriptions/extend/mass", "Extend Subscription Renewal Dates for All Active Subscribers.", body: "AppleRequest"),
        apple("get", "/v1/subscriptions/extend/mass/{productId}/{requestIdentifier}", "Get Status of Subscription Renewal Date Extensions."),
        apple("post", "/v1/notifications/test", "Request a Test Notification."),
        apple("get", "/v1/notifications/test/{testNotificationToken}", "Get Test Notification Status."),
        apple("post", "/v1/notifications/history", "Get Notification History.", body: "AppleRequest",
            query: [("paginationToken", "Paging token.")]),
        apple("put", "/v1/transactions/consumption/{transactionId}", "Send Consumption Information (v1, deprecated).",
            body: "AppleRequest", response: "Empty"),
        apple("put", "/v2/transactions/consumption/{transactionId}", "Send Consumption Information.", body: "AppleRequest", response: "Empty"),
        apple("put", "/v1/transactions/{originalTransactionId}/appAccountToken", "Set App Account Token.", body: "AppleRequest", response: "Empty"),
        apple("get", "/v1/transactions/appTransactions/{transactionId}", "Get App Transaction Info."),
        apple("post", "/v1/transactions/{transactionId}/finish", "Finish a transaction.", response: "Empty"),
    ]

    static let historyQuery: [(String, String)] = [
        ("revision", "Paging token."), ("startDate", "ms since 1970."), ("endDate", "ms since 1970."),
        ("productId", "Repeatable."), ("productType", "Repeatable: AUTO_RENEWABLE, NON_RENEWABLE, CONSUMABLE, NON_CONSUMABLE."),
        ("sort", "ASCENDING or DESCENDING."), ("subscriptionGroupIdentifier", "Repeatable."),
        ("inAppOwnershipType", "PURCHASED or FAMILY_SHARED."), ("revoked", "true or false."),
    ]

    private static func messaging(_ method: String, _ path: String, _ summary: String, body: String? = nil,
        response: String = "AppleResponse") -> APIOperation {
        APIOperation(method: method, path: "/inApps/v1/messaging" + path, tag: "Retention Messaging", summary: summary,
            body: body, response: response)
    }

    static let retentionMessaging: [APIOperation] = [
        messaging("put", "/image/{imageIdentifier}", "Upload an image (PNG).", body: "Image", response: "Empty"),
        messaging("delete", "/image/{imageIdentifier}", "Delete an image.", response: "Empty"),
        messaging("get", "/image/list", "List images."),
        messaging("put", "/message/{messageIdentifier}", "Upload a message.", body: "AppleRequest", response: "Empty"),
        messaging("delete", "/message/{messageIdentifier}", "Delete a message.", response: "Empty"),
        messaging("get", "/message/list", "List messages."),
        messaging("put", "/default/{productId}/{locale}", "Configure the default message.", body: "AppleRequest", response: "Empty"),
        messaging("get", "/default/{productId}/{locale}", "Get the default message."),
        messaging("delete", "/default/{productId}/{locale}", "Delete the default message.", response: "Empty"),
        messaging("put", "/realtime/url", "Configure the realtime URL.", body: "AppleRequest", response: "Empty"),
        messaging("get", "/realtime/url", "Get the realtime URL."),
        messaging("delete", "/realtime/url", "Delete the realtime URL.", response: "Empty"),
        messaging("post", "/performanceTest", "Start a performance test of the realtime URL.", body: "AppleRequest"),
        messaging("get", "/performanceTest/result/{requestId}", "Get a performance test's results."),
    ]

    private static func storeKit(_ method: String, _ path: String, _ summary: String, body: String? = nil, response: String,
        query: [(String, String)] = []) -> APIOperation {
        APIOperation(method: method, path: "/storekit/v1/apps/{bundleId}" + path, tag: "StoreKit", summary: summary,
            query: query.map { (name: $0.0, description: $0.1) }, body: body, response: response, status: response == "Empty" ? 204 : 200)
    }

    static let storeKit: [APIOperation] = [
        storeKit("get", "/products", "Product.products(for:): the catalog, or the products named by repeated id.", response: "ProductList",
            query: [("id", "Repeatable product ID; all products when absent."), ("locale", "Localization, default en_US.")]),
        storeKit("post", "/transactions/{transactionId}/finish", "Transaction.finish().", response: "Empty"),
        storeKit("post", "/accounts/{accountId}/purchases", "Product.purchase(options:): success with the transaction, or pending.",
            body: "PurchaseRequest", response: "PurchaseResult"),
        storeKit("get", "/accounts/{accountId}/transactions", "Transaction.all (or all(for:) with productId).", response: "TransactionList",
            query: [("productId", "Only this product's transactions.")]),
        storeKit("get", "/accounts/{accountId}/transactions/current", "Transaction.currentEntitlements.", response: "TransactionList"),
        storeKit("get", "/accounts/{accountId}/transactions/latest/{productId}", "Transaction.latest(for:); 404 when never bought.",
            response: "Transaction"),
        storeKit("get", "/accounts/{accountId}/transactions/unfinished", "Transaction.unfinished.", response: "TransactionList"),
        storeKit("get", "/accounts/{accountId}/updates",
            "Transaction.updates as a long poll: answers at once when updates follow the cursor, else waits up to wait seconds "
                + "for the next; ask again with the returned cursor.", response: "Updates",
            query: [("after", "Cursor from the previous answer (0 at first)."), ("wait", "Seconds to wait, 0…25 (default 25)."),
                ("limit", "Most updates per answer (default 100).")]),
        storeKit("post", "/accounts/{accountId}/sync", "AppStore.sync(): every transaction of the account.", response: "TransactionList"),
        storeKit("get", "/accounts/{accountId}/app-transaction", "AppTransaction.shared.", response: "AppTransaction"),
        storeKit("get", "/accounts/{accountId}/subscriptions", "Product.SubscriptionInfo.status(for:).", response: "StatusList",
            query: [("groupId", "Only this subscription group.")]),
        storeKit("get", "/accounts/{accountId}/eligibility/{groupId}", "Product.SubscriptionInfo.isEligibleForIntroOffer(for:).",
            response: "Eligibility"),
    ]

    static func control(_ method: String, _ path: String, _ summary: String, body: String? = nil, response: String = "Ok",
        query: [(String, String)] = [], status: Int = 200) -> APIOperation {
        APIOperation(method: method, path: "/control/v1" + path, tag: "Control", summary: summary,
            query: query.map { (name: $0.0, description: $0.1) }, body: body, response: response, status: status)
    }

    static let app: (String, String) = ("bundleId", "The app; the first app served when absent.")

    static let control: [APIOperation] = [
        control("get", "/status", "Clock, apps, accounts, notification URLs, pending notifications.", response: "Status"),
        control("get", "/products", "The catalog.", response: "ProductList", query: [app, ("id", "Repeatable product ID.")]),
        control("post", "/products/{productId}/availability", "Take a product off sale or put it back.", body: "AvailabilityRequest",
            response: "Settings"),
        control("get", "/settings", "The app's effective StoreKit settings.", response: "Settings", query: [app]),
        control("patch", "/settings", "Override StoreKit settings (time rate, Ask to Buy, billing retry, grace period, …).",
            body: "SettingsRequest", response: "Settings"),
        control("post", "/simulated-errors", "Make a StoreKit API fail with a chosen error (type and index), or stop failing.",
            body: "SimulatedErrorRequest", response: "Settings"),
        control(
            "post", "/reset",
            "Delete every transaction of the app (unless transactions is false) and restore its .storekit settings.",
            body: "ResetRequest"),
        control("post", "/clear", "Delete every transaction of the app.", body: "AppScope"),
        control("get", "/clock", "The emulator's clock.", response: "Clock"),
        control("post", "/clock/advance", "Move the clock forward by a duration or to a date, firing due events in order.",
            body: "AdvanceRequest", response: "Clock"),
        control("get", "/accounts", "Every account.", response: "AccountList"),
        control("post", "/accounts", "Create an account.", body: "AccountRequest", response: "Account", status: 201),
        control("patch", "/accounts/{accountId}", "Change an account's storefront, payment permission or family group.",
            body: "AccountChangeRequest", response: "Account"),
        control("put", "/accounts/{accountId}/app-transaction", "Set the app version the account first got the app with.",
            body: "AppTransactionRequest", response: "AppTransaction"),
        control("get", "/accounts/{accountId}/transactions", "The account's transactions, finished consumables included.",
            response: "TransactionRecordList", query: [app]),
        control("get", "/accounts/{accountId}/subscriptions", "The account's subscription statuses.", response: "StatusList", query: [app]),
        control("post", "/purchases", "Buy a product for an account, as outside the app (the device sees it in its updates).",
            body: "PurchaseRequest", response: "PurchaseResult", status: 201),
        control("post", "/offer-codes/redeem", "Redeem an offer code in the App Store.", body: "OfferCodeRequest",
            response: "Transaction", status: 201),
        control("get", "/pending", "Purchases waiting for Ask to Buy approval or a purchase issue.", response: "PendingList",
            query: [app, ("accountId", "Only this account's.")]),
        control("post", "/pending/{pendingId}/approve", "Approve an Ask to Buy request.", response: "Transaction"),
        control("post", "/pending/{pendingId}/decline", "Decline an Ask to Buy request."),
        control("post", "/pending/{pendingId}/resolve", "Resolve an interrupted purchase.", response: "Transaction"),
        control("get", "/transactions", "Every transaction of the app, all accounts.", response: "TransactionRecordList", query: [app]),
        control("get", "/transactions/{transactionId}", "One transaction, signed now.", response: "Transaction"),
        control("delete", "/transactions/{transactionId}", "Delete a transaction (a subscription's whole chain)."),
        control("post", "/transactions/{transactionId}/finish", "Finish a transaction."),
        control("post", "/transactions/{transactionId}/refund", "Refund (REFUND); a subscription's latest transaction is revoked.",
            body: "RefundRequest", response: "Transaction"),
        control("post", "/transactions/{transactionId}/refund-request", "The customer asks for a refund (CONSUMPTION_REQUEST follows)."),
        control("post", "/transactions/{transactionId}/refund-decline", "Decline the customer's refund request (REFUND_DECLINED)."),
        control("post", "/transactions/{transactionId}/refund-reverse", "Reverse a refund (REFUND_REVERSED).", response: "Transaction"),
        control("post", "/transactions/{transactionId}/consumption-request", "The App Store asks for consumption data (CONSUMPTION_REQUEST)."),
        control("post", "/transactions/{transactionId}/revoke-family", "Stop sharing a purchase with a family member (REVOKE).",
            body: "RevokeFamilyRequest"),
        control("get", "/subscriptions/{originalTransactionId}", "A subscription's status.", response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/expire", "Expire now.", response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/renew", "Renew now (DID_RENEW).", response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/billing-failure", "Renewals fail from now on (billing retry, grace).",
            response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/billing-resolution", "The payment method is fixed.",
            response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/auto-renew", "Turn auto-renew on or off.", body: "AutoRenewRequest",
            response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/change-plan", "Up-, down- or crossgrade within the group.",
            body: "ChangePlanRequest", response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/price-increase", "Announce a price increase.",
            body: "PriceIncreaseRequest", response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/price-increase/response", "The customer accepts or declines it.",
            body: "PriceIncreaseResponseRequest", response: "SubscriptionStatus"),
        control("post", "/subscriptions/{originalTransactionId}/extend", "Extend the renewal date by 1…90 days.", body: "ExtendRequest",
            response: "SubscriptionStatus"),
        control("post", "/subscriptions/extend-all", "Extend every active subscriber of a product (mass extension).",
            body: "MassExtendRequest", response: "MassExtension", status: 202),
        control("get", "/notifications", "The notification log with delivery state, oldest first.", response: "NotificationList",
            query: [("bundleId", "Only this app's."), ("transactionId", "Only this transaction's chain."),
                ("onlyFailures", "true for failed deliveries only."), ("after", "Sequence to read after."), ("limit", "1…1000, default 100.")]),
        control("post", "/notifications/test", "Raise a TEST notification.", body: "AppScope", response: "TestNotification"),
    ]

    static let emulator: [APIOperation] = [
        APIOperation(method: "get", path: "/openapi.json", tag: "Emulator", summary: "This document.", response: "OpenAPI"),
    ]
}
