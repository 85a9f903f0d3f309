import Foundation
import StoreModel
import Testing

@Suite struct AdvancedCommerceTests {
    static func requestInfo(_ suffix: String) -> AdvancedCommerceRequestInfo {
        AdvancedCommerceRequestInfo(requestReferenceId: "550e8400-e29b-41d4-a716-4466554400\(suffix)")
    }

    @Test func theInAppRequestsEncodeTheirOperationAndVersion() throws {
        let encoded: [(Data, String)] = [
            (try AppleJSON.encode(AdvancedCommerceOneTimeChargeCreateRequest()), "CREATE_ONE_TIME_CHARGE"),
            (try AppleJSON.encode(AdvancedCommerceSubscriptionCreateRequest()), "CREATE_SUBSCRIPTION"),
            (try AppleJSON.encode(AdvancedCommerceSubscriptionModifyInAppRequest()), "MODIFY_SUBSCRIPTION"),
            (try AppleJSON.encode(AdvancedCommerceSubscriptionReactivateInAppRequest()), "REACTIVATE_SUBSCRIPTION"),
        ]
        for (data, operation) in encoded {
            #expect(try JSONTree(parsing: data) == .object(["operation": .string(operation), "version": .string("1")]))
        }
    }

    @Test func anInAppRequestDecodesWithItsOwnOperationAndRejectsAnother() throws {
        let own = Data(#"{"operation":"REACTIVATE_SUBSCRIPTION","version":"1","transactionId":"7"}"#.utf8)
        let request = try AppleJSON.decode(AdvancedCommerceSubscriptionReactivateInAppRequest.self, from: own)
        #expect(request.transactionId == "7")
        let other = Data(#"{"operation":"CREATE_SUBSCRIPTION","transactionId":"7"}"#.utf8)
        #expect(throws: DecodingError.self) {
            try AppleJSON.decode(AdvancedCommerceSubscriptionReactivateInAppRequest.self, from: other)
        }
    }

    @Test func theSubscriptionCreateRequestDecodesEveryField() throws {
        let request = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionCreateRequest.self, "advancedCommerceSubscriptionCreateRequest.json")
        let item = { (price: Int64) in
            AdvancedCommerceSubscriptionCreateItem(
                SKU: "sku", description: "description", displayName: "display name", price: price)
        }
        let expected = AdvancedCommerceSubscriptionCreateRequest(
            currency: "USD",
            descriptors: AdvancedCommerceDescriptors(description: "description", displayName: "display name"),
            items: [item(20000), item(30000)], period: .p1M, previousTransactionId: "transactionId",
            requestInfo: Self.requestInfo("01"), storefront: "USA", taxCode: "taxCode")
        #expect(request == expected)
    }

    @Test func theModifyRequestAndItsItemsDecodeTheirEnums() throws {
        let modify = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionModifyInAppRequest.self, "advancedCommerceSubscriptionModifyInAppRequest.json")
        #expect(
            modify
                == AdvancedCommerceSubscriptionModifyInAppRequest(
                    currency: "USD",
                    descriptors: AdvancedCommerceSubscriptionModifyDescriptors(
                        effective: .immediately, description: "description", displayName: "display name"),
                    requestInfo: Self.requestInfo("07"), retainBillingCycle: true, taxCode: "taxCode",
                    transactionId: "transactionId"))
        let change = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionModifyChangeItem.self, "advancedCommerceSubscriptionModifyChangeItem.json")
        #expect(
            change
                == AdvancedCommerceSubscriptionModifyChangeItem(
                    currentSKU: "currentSku", description: "description", displayName: "displayName",
                    effective: .immediately, price: 13000, reason: .upgrade, SKU: "sku"))
        let period = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionModifyPeriodChange.self, "advancedCommerceSubscriptionModifyPeriodChange.json")
        #expect(period == AdvancedCommerceSubscriptionModifyPeriodChange(effective: .immediately, period: .p3M))
    }

    @Test func refundAndRevokeRequestsDecodeTheirEnums() throws {
        let refund = try Fixtures.decodeAppleModel(
            AdvancedCommerceRequestRefundRequest.self, "advancedCommerceRequestRefundRequest.json")
        #expect(
            refund
                == AdvancedCommerceRequestRefundRequest(
                    items: [
                        AdvancedCommerceRequestRefundItem(
                            SKU: "sku", refundReason: .legal, refundType: .full, revoke: true),
                        AdvancedCommerceRequestRefundItem(
                            SKU: "sku", refundReason: .other, refundType: .prorated, revoke: false),
                    ],
                    refundRiskingPreference: true, requestInfo: Self.requestInfo("02"), currency: "USD",
                    storefront: "USA"))
        let item = try Fixtures.decodeAppleModel(
            AdvancedCommerceRequestRefundItem.self, "advancedCommerceRequestRefundItem.json")
        #expect(item.refundAmount == 5000)
        let revoke = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionRevokeRequest.self, "advancedCommerceSubscriptionRevokeRequest.json")
        #expect(
            revoke
                == AdvancedCommerceSubscriptionRevokeRequest(
                    requestInfo: Self.requestInfo("04"), refundRiskingPreference: true, refundReason: .legal,
                    refundType: .full, storefront: "USA"))
    }

    @Test func offersAndMetadataChangesDecodeTheirEnums() throws {
        let offer = try Fixtures.decodeAppleModel(AdvancedCommerceOffer.self, "advancedCommerceOffer.json")
        #expect(offer == AdvancedCommerceOffer(period: .p1W, periodCount: 3, price: 5000, reason: .winBack))
        let item = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionChangeMetadataItem.self, "advancedCommerceSubscriptionChangeMetadataItem.json")
        #expect(
            item
                == AdvancedCommerceSubscriptionChangeMetadataItem(
                    currentSKU: "currentSku", effective: .nextBillCycle, description: "description",
                    displayName: "displayName", SKU: "sku"))
        let price = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionPriceChangeItem.self, "advancedCommerceSubscriptionPriceChangeItem.json")
        #expect(price.SKU == "sku")
        #expect(price.price == 16000)
        #expect(price.dependentSKUs == ["dependentSKU"])
    }

    @Test func requestInfoCarriesItsUUIDsAsReceived() throws {
        let info = try Fixtures.decodeAppleModel(AdvancedCommerceRequestInfo.self, "advancedCommerceRequestInfo.json")
        #expect(info.requestReferenceIdUUID == UUID(uuidString: "550e8400-e29b-41d4-a716-446655440010"))
        #expect(info.appAccountTokenUUID == UUID(uuidString: "660e8400-e29b-41d4-a716-446655440011"))
        #expect(info.consistencyToken == "consistency_token_value")
    }

    @Test func responsesCarryTheSignedRenewalAndTransaction() throws {
        let cancel = try Fixtures.decodeAppleModel(
            AdvancedCommerceSubscriptionCancelResponse.self, "advancedCommerceSubscriptionCancelResponse.json")
        #expect(
            cancel
                == AdvancedCommerceSubscriptionCancelResponse(
                    signedRenewalInfo: "signed_renewal_info", signedTransactionInfo: "signed_transaction_info"))
        let refund = try Fixtures.decodeAppleModel(
            AdvancedCommerceRequestRefundResponse.self, "advancedCommerceRequestRefundResponse.json")
        #expect(refund.signedTransactionInfo == "signed_transaction_info_value")
    }
}
