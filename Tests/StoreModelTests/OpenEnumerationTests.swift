import Foundation
import StoreModel
import Testing

@Suite struct OpenEnumerationTests {
    @Test func anUnknownStringValueDecodesAndIsKeptOnReencoding() throws {
        let data = Data(#"{"type":"Weird"}"#.utf8)
        let transaction = try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: data)
        #expect(transaction.type == ProductType(rawValue: "Weird"))
        #expect(transaction.type?.isKnown == false)
        #expect(transaction.type != .consumable)
        #expect(try AppleJSON.encode(transaction) == data)
    }

    @Test func anUnknownIntegerValueDecodesAndIsKeptOnReencoding() throws {
        let data = Data(#"{"status":9}"#.utf8)
        let item = try AppleJSON.decode(LastTransactionsItem.self, from: data)
        #expect(item.status?.rawValue == 9)
        #expect(item.status?.isKnown == false)
        #expect(try AppleJSON.encode(item) == data)
    }

    @Test func aValueOfTheWrongWireTypeFailsToDecode() {
        #expect(throws: DecodingError.self) {
            try AppleJSON.decode(LastTransactionsItem.self, from: Data(#"{"status":"ACTIVE"}"#.utf8))
        }
        #expect(throws: DecodingError.self) {
            try AppleJSON.decode(JWSTransactionDecodedPayload.self, from: Data(#"{"offerType":1.5}"#.utf8))
        }
    }

    @Test func namedValuesCarryTheirWireValues() {
        #expect(NotificationTypeV2.didRenew.rawValue == "DID_RENEW")
        #expect(Subtype.initialBuy.rawValue == "INITIAL_BUY")
        #expect(Status.billingGracePeriod.rawValue == 4)
        #expect(OfferType.winBackOffer.rawValue == 4)
        #expect(ProductType.nonRenewable.rawValue == "Non-Renewing Subscription")
        #expect(PurchasePlatform.visionOS.rawValue == "visionOS")
        #expect(SendAttemptResult.unsuccessfulHTTPResponseCode.rawValue == "UNSUCCESSFUL_HTTP_RESPONSE_CODE")
        #expect(ExtendReasonCode.serviceIssueOrOutage.rawValue == 3)
        #expect(AdvancedCommerceOfferPeriod.p9M.rawValue == "P9M")
        #expect(AdvancedCommerceRefundReason.simulateRefundDecline.rawValue == "SIMULATE_REFUND_DECLINE")
        #expect(Status.billingGracePeriod.description == "4")
    }

    /// Each enumeration's documented wire values, in order.
    static let documented: [(name: String, values: [String])] = [
        ("AppStoreEnvironment", AppStoreEnvironment.knownValues.map(\.rawValue)),
        ("ProductType", ProductType.knownValues.map(\.rawValue)),
        ("InAppOwnershipType", InAppOwnershipType.knownValues.map(\.rawValue)),
        ("OfferType", OfferType.knownValues.map(\.description)),
        ("OfferDiscountType", OfferDiscountType.knownValues.map(\.rawValue)),
        ("RevocationReason", RevocationReason.knownValues.map(\.description)),
        ("RevocationType", RevocationType.knownValues.map(\.rawValue)),
        ("TransactionReason", TransactionReason.knownValues.map(\.rawValue)),
        ("BillingPlanType", BillingPlanType.knownValues.map(\.rawValue)),
        ("ExpirationIntent", ExpirationIntent.knownValues.map(\.description)),
        ("AutoRenewStatus", AutoRenewStatus.knownValues.map(\.description)),
        ("PriceIncreaseStatus", PriceIncreaseStatus.knownValues.map(\.description)),
        ("Status", Status.knownValues.map(\.description)),
        ("NotificationTypeV2", NotificationTypeV2.knownValues.map(\.rawValue)),
        ("Subtype", Subtype.knownValues.map(\.rawValue)),
        ("ConsumptionRequestReason", ConsumptionRequestReason.knownValues.map(\.rawValue)),
        ("PurchasePlatform", PurchasePlatform.knownValues.map(\.rawValue)),
        ("SendAttemptResult", SendAttemptResult.knownValues.map(\.rawValue)),
        ("OrderLookupStatus", OrderLookupStatus.knownValues.map(\.description)),
        ("ExtendReasonCode", ExtendReasonCode.knownValues.map(\.description)),
        ("DeliveryStatus", DeliveryStatus.knownValues.map(\.rawValue)),
        ("RefundPreference", RefundPreference.knownValues.map(\.rawValue)),
        ("DeliveryStatusV1", DeliveryStatusV1.knownValues.map(\.description)),
        ("RefundPreferenceV1", RefundPreferenceV1.knownValues.map(\.description)),
        ("ConsumptionStatus", ConsumptionStatus.knownValues.map(\.description)),
        ("Platform", Platform.knownValues.map(\.description)),
        ("AccountTenure", AccountTenure.knownValues.map(\.description)),
        ("PlayTime", PlayTime.knownValues.map(\.description)),
        ("LifetimeDollarsPurchased", LifetimeDollarsPurchased.knownValues.map(\.description)),
        ("LifetimeDollarsRefunded", LifetimeDollarsRefunded.knownValues.map(\.description)),
        ("UserStatus", UserStatus.knownValues.map(\.description)),
        ("ImageSize", ImageSize.knownValues.map(\.rawValue)),
        ("ImageState", ImageState.knownValues.map(\.rawValue)),
        ("MessageState", MessageState.knownValues.map(\.rawValue)),
        ("HeaderPosition", HeaderPosition.knownValues.map(\.rawValue)),
        ("PerformanceTestStatus", PerformanceTestStatus.knownValues.map(\.rawValue)),
        ("AdvancedCommercePeriod", AdvancedCommercePeriod.knownValues.map(\.rawValue)),
        ("AdvancedCommerceOfferPeriod", AdvancedCommerceOfferPeriod.knownValues.map(\.rawValue)),
        ("AdvancedCommerceOfferReason", AdvancedCommerceOfferReason.knownValues.map(\.rawValue)),
        ("AdvancedCommerceReason", AdvancedCommerceReason.knownValues.map(\.rawValue)),
        ("AdvancedCommerceEffective", AdvancedCommerceEffective.knownValues.map(\.rawValue)),
        ("AdvancedCommerceRefundReason", AdvancedCommerceRefundReason.knownValues.map(\.rawValue)),
        ("AdvancedCommerceRefundType", AdvancedCommerceRefundType.knownValues.map(\.rawValue)),
        (
            "AdvancedCommercePriceIncreaseInfoStatus",
            AdvancedCommercePriceIncreaseInfoStatus.knownValues.map(\.rawValue)
        ),
        ("TransactionHistoryRequest.ProductType", TransactionHistoryRequest.ProductType.knownValues.map(\.rawValue)),
        ("TransactionHistoryRequest.Order", TransactionHistoryRequest.Order.knownValues.map(\.rawValue)),
    ]

    /// The reference's value lists, as `count first…last`.
    static let expected: [String: String] = [
        "AppStoreEnvironment": "4 Sandbox…LocalTesting",
        "ProductType": "4 Auto-Renewable Subscription…Non-Renewing Subscription",
        "InAppOwnershipType": "2 FAMILY_SHARED…PURCHASED",
        "OfferType": "4 1…4",
        "OfferDiscountType": "4 FREE_TRIAL…ONE_TIME",
        "RevocationReason": "2 0…1",
        "RevocationType": "3 REFUND_FULL…FAMILY_REVOKE",
        "TransactionReason": "2 PURCHASE…RENEWAL",
        "BillingPlanType": "2 BILLED_UPFRONT…MONTHLY",
        "ExpirationIntent": "5 1…5",
        "AutoRenewStatus": "2 0…1",
        "PriceIncreaseStatus": "2 0…1",
        "Status": "5 1…5",
        "NotificationTypeV2": "23 SUBSCRIBED…PRICE_CHANGE",
        "Subtype": "17 INITIAL_BUY…UNREPORTED",
        "ConsumptionRequestReason": "5 UNINTENDED_PURCHASE…OTHER",
        "PurchasePlatform": "4 iOS…visionOS",
        "SendAttemptResult": "11 SUCCESS…OTHER",
        "OrderLookupStatus": "2 0…1",
        "ExtendReasonCode": "4 0…3",
        "DeliveryStatus": "5 DELIVERED…UNDELIVERED_OTHER",
        "RefundPreference": "3 DECLINE…GRANT_PRORATED",
        "DeliveryStatusV1": "6 0…5",
        "RefundPreferenceV1": "4 0…3",
        "ConsumptionStatus": "4 0…3",
        "Platform": "3 0…2",
        "AccountTenure": "8 0…7",
        "PlayTime": "8 0…7",
        "LifetimeDollarsPurchased": "8 0…7",
        "LifetimeDollarsRefunded": "8 0…7",
        "UserStatus": "5 0…4",
        "ImageSize": "2 FULL_SIZE…BULLET_POINT",
        "ImageState": "3 PENDING…REJECTED",
        "MessageState": "3 PENDING…REJECTED",
        "HeaderPosition": "2 ABOVE_BODY…ABOVE_IMAGE",
        "PerformanceTestStatus": "3 PENDING…FAIL",
        "AdvancedCommercePeriod": "6 P1W…P1Y",
        "AdvancedCommerceOfferPeriod": "9 P3D…P1Y",
        "AdvancedCommerceOfferReason": "3 ACQUISITION…RETENTION",
        "AdvancedCommerceReason": "3 UPGRADE…APPLY_OFFER",
        "AdvancedCommerceEffective": "2 IMMEDIATELY…NEXT_BILL_CYCLE",
        "AdvancedCommerceRefundReason": "7 UNINTENDED_PURCHASE…SIMULATE_REFUND_DECLINE",
        "AdvancedCommerceRefundType": "3 FULL…CUSTOM",
        "AdvancedCommercePriceIncreaseInfoStatus": "3 SCHEDULED…ACCEPTED",
        "TransactionHistoryRequest.ProductType": "4 AUTO_RENEWABLE…NON_CONSUMABLE",
        "TransactionHistoryRequest.Order": "2 ASCENDING…DESCENDING",
    ]

    @Test(arguments: documented)
    func knownValuesFollowTheDocumentationWithoutDuplicates(_ name: String, _ values: [String]) {
        #expect(Set(values).count == values.count)
        #expect("\(values.count) \(values.first ?? "")…\(values.last ?? "")" == Self.expected[name])
    }
}
