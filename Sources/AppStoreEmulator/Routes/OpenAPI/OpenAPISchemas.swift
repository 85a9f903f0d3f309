/// The schemas of `/openapi.json`'s `components`.
enum OpenAPISchemas {
    private static var string: [String: Any] { ["type": "string"] }
    private static var integer: [String: Any] { ["type": "integer", "format": "int64"] }
    private static var boolean: [String: Any] { ["type": "boolean"] }
    private static var milliseconds: [String: Any] { ["type": "integer", "format": "int64", "description": "ms since 1970"] }
    private static var appleObject: [String: Any] {
        [
            "type": "object", "additionalProperties": true,
            "description": "Apple's JSON object of the same name, with Apple's keys (see Apple's App Store Server API documentation).",
        ]
    }

    private static func ref(_ name: String) -> [String: Any] { ["$ref": "#/components/schemas/\(name)"] }
    private static func array(_ item: [String: Any]) -> [String: Any] { ["type": "array", "items": item] }
    private static func object(_ properties: [String: [String: Any]], required: [String] = []) -> [String: Any] {
        var schema: [String: Any] = ["type": "object", "properties": properties]
        if !required.isEmpty { schema["required"] = required }
        return schema
    }

    static var all: [String: Any] {
        [
        "Error": object([
            "error": string, "message": string, "status": integer,
            "details": ["type": "object", "additionalProperties": ["type": "string"],
                "description": "For simulatedError: api, type, index and name of the StoreKit error."],
        ], required: ["error", "message", "status"]),
        "SimulatedErrorRequest": object([
            "bundleId": string, "api": ["type": "string", "description": "Load Products, Purchase, Verification, App Store Sync, …"],
            "type": ["type": "string", "description": "generic, purchase, verification or refundRequest; absent to stop failing."],
            "index": integer,
        ], required: ["api"]),
        "AppleError": object(["errorCode": integer, "errorMessage": string], required: ["errorCode", "errorMessage"]),
        "AppleRequest": appleObject,
        "AppleResponse": appleObject,
        "Image": ["type": "string", "format": "binary"],
        "OpenAPI": ["type": "object", "additionalProperties": true],
        "Ok": object(["ok": boolean]),
        "JWSTransactionDecodedPayload": appleObject,
        "JWSRenewalInfoDecodedPayload": appleObject,
        "Transaction": object(["jws": string, "transaction": ref("JWSTransactionDecodedPayload")], required: ["jws", "transaction"]),
        "TransactionList": object(["transactions": array(ref("Transaction"))]),
        "TransactionRecord": object(["accountId": string, "isFinished": boolean, "transaction": ref("JWSTransactionDecodedPayload")]),
        "TransactionRecordList": object(["transactions": array(ref("TransactionRecord"))]),
        "Product": object([
            "id": string, "type": ["type": "string", "enum": ["Consumable", "NonConsumable", "NonRenewingSubscription", "RecurringSubscription"]],
            "referenceName": string, "displayName": string, "description": string, "displayPrice": string,
            "priceMilliunits": integer, "familyShareable": boolean,
            "subscription": object(["groupId": string, "groupLevel": integer, "period": string, "introductoryOffer": boolean,
                "promotionalOfferIds": array(string)]),
        ]),
        "ProductList": object(["products": array(ref("Product"))]),
        "PurchaseRequest": object([
            "accountId": string, "bundleId": string, "productId": string, "quantity": integer,
            "appAccountToken": ["type": "string", "format": "uuid"], "askToBuy": boolean, "introductoryOfferEligibility": boolean,
            "offer": object([
                "type": ["type": "string", "enum": ["promotional", "offerCode", "winBack"]], "id": string, "keyId": string,
                "nonce": ["type": "string", "format": "uuid"], "signature": ["type": "string", "format": "byte"], "timestamp": milliseconds,
            ], required: ["type", "id"]),
        ], required: ["productId"]),
        "PendingPurchase": object([
            "id": string, "kind": ["type": "string", "enum": ["askToBuy", "interrupted"]], "bundleId": string, "accountId": string,
            "productId": string, "quantity": integer, "requestDate": milliseconds,
        ]),
        "PendingList": object(["pending": array(ref("PendingPurchase"))]),
        "PurchaseResult": object([
            "result": ["type": "string", "enum": ["success", "pending"]], "transaction": ref("Transaction"),
            "pendingPurchase": ref("PendingPurchase"),
        ], required: ["result"]),
        "SubscriptionStatus": object([
            "state": ["type": "string", "enum": ["subscribed", "expired", "inBillingRetryPeriod", "inGracePeriod", "revoked"]],
            "status": integer, "originalTransactionId": string, "transaction": ref("Transaction"), "renewalInfoJWS": string,
            "renewalInfo": ref("JWSRenewalInfoDecodedPayload"),
        ]),
        "StatusList": object(["statuses": array(ref("SubscriptionStatus"))]),
        "Updates": object([
            "updates": array(object(["sequence": integer, "date": milliseconds, "jws": string,
                "transaction": ref("JWSTransactionDecodedPayload")])),
            "cursor": integer, "hasMore": boolean,
        ]),
        "AppTransaction": object(["jws": string, "appTransaction": appleObject]),
        "Eligibility": object(["eligible": boolean]),
        "AppScope": object(["bundleId": string]),
        "ResetRequest": object(["bundleId": string, "transactions": boolean]),
        "Status": object([
            "clock": milliseconds, "clockDate": string, "nextDueDate": milliseconds,
            "apps": array(object(["bundleId": string, "environment": string, "products": integer, "timeRate": integer])),
            "accounts": array(string), "notificationURLs": array(string), "pendingNotifications": integer,
        ]),
        "Clock": object(["now": milliseconds, "date": string, "fired": integer]),
        "AdvanceRequest": object([
            "by": ["type": "string", "description": "Duration: <n>y|M|w|d|h|m|s parts, e.g. 1M, 3d12h."],
            "to": ["description": "A date: ms since 1970 or ISO 8601 text."],
        ]),
        "Account": object(["id": string, "storefront": appleObject, "familyGroup": string, "deviceVerificationId": string,
            "canMakePayments": boolean]),
        "AccountList": object(["accounts": array(ref("Account"))]),
        "AccountRequest": object(["id": string, "storefront": ["type": "string", "description": "ISO 3166-1 alpha-3, e.g. USA."],
            "familyGroup": string, "canMakePayments": boolean], required: ["id"]),
        "RefundRequest": object(["reason": ["type": "integer", "description": "revocationReason: 0 other, 1 issue in the app."],
            "percentage": ["type": "integer", "description": "Prorated refund, 1…99; full when absent."]]),
        "AutoRenewRequest": object(["enabled": boolean], required: ["enabled"]),
        "ChangePlanRequest": object(["productId": string], required: ["productId"]),
        "PriceIncreaseRequest": object(["priceMilliunits": integer, "requiresConsent": boolean], required: ["priceMilliunits"]),
        "PriceIncreaseResponseRequest": object(["accepted": boolean], required: ["accepted"]),
        "ExtendRequest": object(["days": integer, "reason": integer], required: ["days"]),
        "Notification": object([
            "sequence": integer, "notificationUUID": string, "bundleId": string, "notificationType": string, "subtype": string,
            "name": string, "transactionId": string, "originalTransactionId": string, "signedDate": milliseconds,
            "deliveryState": ["type": "string", "enum": ["pending", "delivered", "failed"]],
            "attempts": array(object(["date": milliseconds, "result": string])), "signedPayload": string,
        ]),
        "NotificationList": object(["notifications": array(ref("Notification"))]),
        "TestNotification": object(["testNotificationToken": string]),
        "Settings": object([
            "bundleId": string, "timeRate": integer, "locale": string, "storefront": string, "askToBuyEnabled": boolean,
            "interruptedPurchasesEnabled": boolean, "billingRetryOnRenewalEnabled": boolean, "billingGracePeriodEnabled": boolean,
            "failTransactionsEnabled": boolean, "productsNotForSale": array(string),
            "simulatedErrors": [
                "type": "object", "description": "The simulated error in effect per StoreKit API name.",
                "additionalProperties": object(["type": string, "index": integer]),
            ],
        ]),
        "SettingsRequest": object([
            "bundleId": string, "timeRate": integer, "locale": string, "storefront": string, "askToBuyEnabled": boolean,
            "interruptedPurchasesEnabled": boolean, "billingRetryOnRenewalEnabled": boolean, "billingGracePeriodEnabled": boolean,
            "failTransactionsEnabled": boolean, "storeKitErrorCode": integer, "disableDialogs": boolean,
        ]),
        "AvailabilityRequest": object(["bundleId": string, "forSale": boolean], required: ["forSale"]),
        "AccountChangeRequest": object([
            "storefront": string, "canMakePayments": boolean,
            "familyGroup": ["type": "string", "description": "The family to join; empty to leave."],
        ]),
        "AppTransactionRequest": object(["bundleId": string, "originalApplicationVersion": string, "originalPurchaseDate": milliseconds],
            required: ["originalApplicationVersion"]),
        "OfferCodeRequest": object(["bundleId": string, "accountId": string, "productId": string, "referenceName": string],
            required: ["productId", "referenceName"]),
        "RevokeFamilyRequest": object(["memberAccountId": string], required: ["memberAccountId"]),
        "MassExtendRequest": object(["bundleId": string, "productId": string, "days": integer, "reason": integer,
            "storefrontCountryCodes": array(string)], required: ["productId", "days"]),
        "MassExtension": object(["requestIdentifier": string, "productId": string, "complete": boolean, "succeededCount": integer]),
        ]
    }
}
