import Foundation
import StoreModel
import Testing

/// One of Apple's model JSON files and the model it decodes into.
struct ModelVector: Sendable, CustomTestStringConvertible {
    /// The file name under `apple-vectors/models`.
    let file: String
    /// The model's type name.
    let typeName: String
    /// Top-level members that re-encoding adds (the constant `operation`/`version` of in-app requests).
    let addedOnEncode: [String: String]
    /// Decodes the JSON into the model and encodes it again.
    let reencode: @Sendable (Data) throws -> Data

    var testDescription: String { "\(file) as \(typeName)" }

    static func of<Model: Codable & Sendable>(
        _ file: String, _ type: Model.Type, adding addedOnEncode: [String: String] = [:]
    ) -> ModelVector {
        ModelVector(file: file, typeName: "\(type)", addedOnEncode: addedOnEncode) { data in
            try AppleJSON.encode(try AppleJSON.decode(Model.self, from: data))
        }
    }

    static func inApp<Model: AdvancedCommerceInAppRequest>(_ file: String, _ type: Model.Type) -> ModelVector {
        of(file, type, adding: ["operation": Model.operation, "version": Model.version])
    }
}

extension ModelVector {
    /// Every file of `apple-vectors/models` that decodes, with its model.
    static let all: [ModelVector] = payloads + serverAPI + errors + retentionMessaging + advancedCommerce

    static let payloads: [ModelVector] = [
        .of("signedTransaction.json", JWSTransactionDecodedPayload.self),
        .of("signedTransactionWithRevocation.json", JWSTransactionDecodedPayload.self),
        .of("signedRenewalInfo.json", JWSRenewalInfoDecodedPayload.self),
        .of("appTransaction.json", AppTransaction.self),
        .of("signedNotification.json", ResponseBodyV2DecodedPayload.self),
        .of("signedConsumptionRequestNotification.json", ResponseBodyV2DecodedPayload.self),
        .of("signedSummaryNotification.json", ResponseBodyV2DecodedPayload.self),
        .of("signedExternalPurchaseTokenNotification.json", ResponseBodyV2DecodedPayload.self),
        .of("signedExternalPurchaseTokenSandboxNotification.json", ResponseBodyV2DecodedPayload.self),
        .of("signedRescindConsentNotification.json", ResponseBodyV2DecodedPayload.self),
        .of("appData.json", AppData.self),
        .of("decodedRealtimeRequest.json", DecodedRealtimeRequestBody.self),
    ]

    static let serverAPI: [ModelVector] = [
        .of("transactionInfoResponse.json", TransactionInfoResponse.self),
        .of("appTransactionInfoResponse.json", AppTransactionInfoResponse.self),
        .of("transactionHistoryResponse.json", HistoryResponse.self),
        .of("transactionHistoryResponseWithMalformedEnvironment.json", HistoryResponse.self),
        .of("getAllSubscriptionStatusesResponse.json", StatusResponse.self),
        .of("getRefundHistoryResponse.json", RefundHistoryResponse.self),
        .of("lookupOrderIdResponse.json", OrderLookupResponse.self),
        .of("requestTestNotificationResponse.json", SendTestNotificationResponse.self),
        .of("getTestNotificationStatusResponse.json", CheckTestNotificationResponse.self),
        .of("getNotificationHistoryResponse.json", NotificationHistoryResponse.self),
        .of("extendSubscriptionRenewalDateResponse.json", ExtendRenewalDateResponse.self),
        .of("extendRenewalDateForAllActiveSubscribersResponse.json", MassExtendRenewalDateResponse.self),
        .of("getStatusOfSubscriptionRenewalDateExtensionsResponse.json", MassExtendRenewalDateStatusResponse.self),
    ]

    static let errors: [ModelVector] = [
        "apiException.json", "apiTooManyRequestsException.json", "apiUnknownError.json",
        "invalidTransactionIdError.json", "transactionIdNotFoundError.json", "appTransactionDoesNotExistError.json",
        "invalidAppAccountTokenUUIDError.json", "familyTransactionNotSupportedError.json",
        "transactionIdNotOriginalTransactionId.json",
    ].map { .of($0, ErrorPayload.self) }

    static let retentionMessaging: [ModelVector] = [
        .of("getImageListResponse.json", GetImageListResponse.self),
        .of("getMessageListResponse.json", GetMessageListResponse.self),
        .of("getDefaultMessageResponse.json", DefaultConfigurationResponse.self),
        .of("getRealtimeUrlResponse.json", RealtimeUrlResponse.self),
        .of("performanceTestResponse.json", PerformanceTestResponse.self),
        .of("performanceTestResultResponse.json", PerformanceTestResultResponse.self),
    ]

    static let advancedCommerce: [ModelVector] = [
        .of("advancedCommerceDescriptors.json", AdvancedCommerceDescriptors.self),
        .of("advancedCommerceOffer.json", AdvancedCommerceOffer.self),
        .inApp("advancedCommerceOneTimeChargeCreateRequest.json", AdvancedCommerceOneTimeChargeCreateRequest.self),
        .of("advancedCommerceOneTimeChargeItem.json", AdvancedCommerceOneTimeChargeItem.self),
        .of("advancedCommerceRequestInfo.json", AdvancedCommerceRequestInfo.self),
        .of("advancedCommerceRequestRefundItem.json", AdvancedCommerceRequestRefundItem.self),
        .of("advancedCommerceRequestRefundRequest.json", AdvancedCommerceRequestRefundRequest.self),
        .of("advancedCommerceRequestRefundResponse.json", AdvancedCommerceRequestRefundResponse.self),
        .of("advancedCommerceSubscriptionCancelRequest.json", AdvancedCommerceSubscriptionCancelRequest.self),
        .of("advancedCommerceSubscriptionCancelResponse.json", AdvancedCommerceSubscriptionCancelResponse.self),
        .of(
            "advancedCommerceSubscriptionChangeMetadataDescriptors.json",
            AdvancedCommerceSubscriptionChangeMetadataDescriptors.self),
        .of(
            "advancedCommerceSubscriptionChangeMetadataItem.json", AdvancedCommerceSubscriptionChangeMetadataItem.self),
        .of(
            "advancedCommerceSubscriptionChangeMetadataRequest.json",
            AdvancedCommerceSubscriptionChangeMetadataRequest.self),
        .of(
            "advancedCommerceSubscriptionChangeMetadataResponse.json",
            AdvancedCommerceSubscriptionChangeMetadataResponse.self),
        .of("advancedCommerceSubscriptionCreateItem.json", AdvancedCommerceSubscriptionCreateItem.self),
        .inApp("advancedCommerceSubscriptionCreateRequest.json", AdvancedCommerceSubscriptionCreateRequest.self),
        .of("advancedCommerceSubscriptionMigrateDescriptors.json", AdvancedCommerceSubscriptionMigrateDescriptors.self),
        .of("advancedCommerceSubscriptionMigrateItem.json", AdvancedCommerceSubscriptionMigrateItem.self),
        .of("advancedCommerceSubscriptionMigrateRenewalItem.json", AdvancedCommerceSubscriptionMigrateRenewalItem.self),
        .of("advancedCommerceSubscriptionMigrateRequest.json", AdvancedCommerceSubscriptionMigrateRequest.self),
        .of("advancedCommerceSubscriptionMigrateResponse.json", AdvancedCommerceSubscriptionMigrateResponse.self),
        .of("advancedCommerceSubscriptionModifyAddItem.json", AdvancedCommerceSubscriptionModifyAddItem.self),
        .of("advancedCommerceSubscriptionModifyChangeItem.json", AdvancedCommerceSubscriptionModifyChangeItem.self),
        .of("advancedCommerceSubscriptionModifyDescriptors.json", AdvancedCommerceSubscriptionModifyDescriptors.self),
        .inApp(
            "advancedCommerceSubscriptionModifyInAppRequest.json", AdvancedCommerceSubscriptionModifyInAppRequest.self),
        .of("advancedCommerceSubscriptionModifyPeriodChange.json", AdvancedCommerceSubscriptionModifyPeriodChange.self),
        .of("advancedCommerceSubscriptionModifyRemoveItem.json", AdvancedCommerceSubscriptionModifyRemoveItem.self),
        .of("advancedCommerceSubscriptionPriceChangeItem.json", AdvancedCommerceSubscriptionPriceChangeItem.self),
        .of("advancedCommerceSubscriptionPriceChangeRequest.json", AdvancedCommerceSubscriptionPriceChangeRequest.self),
        .of(
            "advancedCommerceSubscriptionPriceChangeResponse.json",
            AdvancedCommerceSubscriptionPriceChangeResponse.self),
        .inApp(
            "advancedCommerceSubscriptionReactivateInAppRequest.json",
            AdvancedCommerceSubscriptionReactivateInAppRequest.self),
        .of("advancedCommerceSubscriptionReactivateItem.json", AdvancedCommerceSubscriptionReactivateItem.self),
        .of("advancedCommerceSubscriptionRevokeRequest.json", AdvancedCommerceSubscriptionRevokeRequest.self),
        .of("advancedCommerceSubscriptionRevokeResponse.json", AdvancedCommerceSubscriptionRevokeResponse.self),
    ]
}
