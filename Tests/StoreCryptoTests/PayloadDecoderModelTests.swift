import Foundation
import StoreModel
import Testing

@testable import StoreCrypto

/// `PayloadDecoder` must decode every Apple model file into its StoreModel type exactly as `JSONDecoder()` does
/// (the verifier decodes payloads with it; the files cover every payload type and the types nested in them).
@Suite struct PayloadDecoderModelTests {
    /// A model file and a comparison of both decoders on it.
    struct Vector: Sendable, CustomTestStringConvertible {
        let file: String
        let typeName: String
        /// Decodes the file's bytes with both decoders; `nil` when they agree.
        let disagreement: @Sendable (Data) -> String?

        var testDescription: String { "\(file) as \(typeName)" }

        static func of<Model: Decodable & Equatable & Sendable>(_ file: String, _ type: Model.Type) -> Vector {
            Vector(file: file, typeName: "\(type)") { data in
                let ours = Result { try PayloadDecoder.decode(Model.self, from: data) }
                let foundation = Result { try JSONDecoder().decode(Model.self, from: data) }
                switch (ours, foundation) {
                case (.success(let ours), .success(let foundation)):
                    return ours == foundation ? nil : "decoded differently:\n\(ours)\n\(foundation)"
                case (.failure, .failure): return nil
                default: return "one decoder failed: \(ours) / \(foundation)"
                }
            }
        }
    }

    static let vectors: [Vector] = [
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
        .of("getImageListResponse.json", GetImageListResponse.self),
        .of("getMessageListResponse.json", GetMessageListResponse.self),
        .of("getDefaultMessageResponse.json", DefaultConfigurationResponse.self),
        .of("getRealtimeUrlResponse.json", RealtimeUrlResponse.self),
        .of("performanceTestResponse.json", PerformanceTestResponse.self),
        .of("performanceTestResultResponse.json", PerformanceTestResultResponse.self),
        .of("advancedCommerceDescriptors.json", AdvancedCommerceDescriptors.self),
        .of("advancedCommerceOffer.json", AdvancedCommerceOffer.self),
        .of("advancedCommerceOneTimeChargeCreateRequest.json", AdvancedCommerceOneTimeChargeCreateRequest.self),
        .of("advancedCommerceOneTimeChargeItem.json", AdvancedCommerceOneTimeChargeItem.self),
        .of("advancedCommerceRequestInfo.json", AdvancedCommerceRequestInfo.self),
        .of("advancedCommerceRequestRefundItem.json", AdvancedCommerceRequestRefundItem.self),
        .of("advancedCommerceRequestRefundRequest.json", AdvancedCommerceRequestRefundRequest.self),
        .of("advancedCommerceRequestRefundResponse.json", AdvancedCommerceRequestRefundResponse.self),
        .of("advancedCommerceSubscriptionCancelRequest.json", AdvancedCommerceSubscriptionCancelRequest.self),
        .of("advancedCommerceSubscriptionCancelResponse.json", AdvancedCommerceSubscriptionCancelResponse.self),
        .of("advancedCommerceSubscriptionChangeMetadataDescriptors.json", AdvancedCommerceSubscriptionChangeMetadataDescriptors.self),
        .of("advancedCommerceSubscriptionChangeMetadataItem.json", AdvancedCommerceSubscriptionChangeMetadataItem.self),
        .of("advancedCommerceSubscriptionChangeMetadataRequest.json", AdvancedCommerceSubscriptionChangeMetadataRequest.self),
        .of("advancedCommerceSubscriptionChangeMetadataResponse.json", AdvancedCommerceSubscriptionChangeMetadataResponse.self),
        .of("advancedCommerceSubscriptionCreateItem.json", AdvancedCommerceSubscriptionCreateItem.self),
        .of("advancedCommerceSubscriptionCreateRequest.json", AdvancedCommerceSubscriptionCreateRequest.self),
        .of("advancedCommerceSubscriptionMigrateDescriptors.json", AdvancedCommerceSubscriptionMigrateDescriptors.self),
        .of("advancedCommerceSubscriptionMigrateItem.json", AdvancedCommerceSubscriptionMigrateItem.self),
        .of("advancedCommerceSubscriptionMigrateRenewalItem.json", AdvancedCommerceSubscriptionMigrateRenewalItem.self),
        .of("advancedCommerceSubscriptionMigrateRequest.json", AdvancedCommerceSubscriptionMigrateRequest.self),
        .of("advancedCommerceSubscriptionMigrateResponse.json", AdvancedCommerceSubscriptionMigrateResponse.self),
        .of("advancedCommerceSubscriptionModifyAddItem.json", AdvancedCommerceSubscriptionModifyAddItem.self),
        .of("advancedCommerceSubscriptionModifyChangeItem.json", AdvancedCommerceSubscriptionModifyChangeItem.self),
        .of("advancedCommerceSubscriptionModifyDescriptors.json", AdvancedCommerceSubscriptionModifyDescriptors.self),
        .of("advancedCommerceSubscriptionModifyInAppRequest.json", AdvancedCommerceSubscriptionModifyInAppRequest.self),
        .of("advancedCommerceSubscriptionModifyPeriodChange.json", AdvancedCommerceSubscriptionModifyPeriodChange.self),
        .of("advancedCommerceSubscriptionModifyRemoveItem.json", AdvancedCommerceSubscriptionModifyRemoveItem.self),
        .of("advancedCommerceSubscriptionPriceChangeItem.json", AdvancedCommerceSubscriptionPriceChangeItem.self),
        .of("advancedCommerceSubscriptionPriceChangeRequest.json", AdvancedCommerceSubscriptionPriceChangeRequest.self),
        .of("advancedCommerceSubscriptionPriceChangeResponse.json", AdvancedCommerceSubscriptionPriceChangeResponse.self),
        .of("advancedCommerceSubscriptionReactivateInAppRequest.json", AdvancedCommerceSubscriptionReactivateInAppRequest.self),
        .of("advancedCommerceSubscriptionReactivateItem.json", AdvancedCommerceSubscriptionReactivateItem.self),
        .of("advancedCommerceSubscriptionRevokeRequest.json", AdvancedCommerceSubscriptionRevokeRequest.self),
        .of("advancedCommerceSubscriptionRevokeResponse.json", AdvancedCommerceSubscriptionRevokeResponse.self),
        .of("apiException.json", ErrorPayload.self),
        .of("apiTooManyRequestsException.json", ErrorPayload.self),
        .of("apiUnknownError.json", ErrorPayload.self),
        .of("invalidTransactionIdError.json", ErrorPayload.self),
        .of("transactionIdNotFoundError.json", ErrorPayload.self),
        .of("appTransactionDoesNotExistError.json", ErrorPayload.self),
        .of("invalidAppAccountTokenUUIDError.json", ErrorPayload.self),
        .of("familyTransactionNotSupportedError.json", ErrorPayload.self),
        .of("transactionIdNotOriginalTransactionId.json", ErrorPayload.self),
        .of("transactionHistoryResponseWithMalformedAppAppleId.json", HistoryResponse.self),
    ]

    @Test func everyModelFileHasAVector() throws {
        let directory = Fixtures.appleVectors.appendingPathComponent("models")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.vectors.map(\.file)))
    }

    @Test("Both decoders agree on the model file", arguments: vectors)
    func decodersAgree(_ vector: Vector) throws {
        let disagreement = vector.disagreement(try Fixtures.data("models/\(vector.file)"))
        #expect(disagreement == nil)
    }

    @Test func theMalformedHistoryFailsInBothDecoders() throws {
        let data = try Fixtures.data("models/transactionHistoryResponseWithMalformedAppAppleId.json")
        #expect(throws: (any Error).self) { try PayloadDecoder.decode(HistoryResponse.self, from: data) }
        #expect(throws: (any Error).self) { try JSONDecoder().decode(HistoryResponse.self, from: data) }
    }
}
