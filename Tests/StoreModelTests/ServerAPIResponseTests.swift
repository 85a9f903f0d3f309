import Foundation
import StoreModel
import Testing

@Suite struct ServerAPIResponseTests {
    @Test func transactionAndAppTransactionInfoCarryTheirSignedValues() throws {
        let info = try Fixtures.decodeAppleModel(TransactionInfoResponse.self, "transactionInfoResponse.json")
        #expect(info.signedTransactionInfo == "signed_transaction_info_value")
        let app = try Fixtures.decodeAppleModel(AppTransactionInfoResponse.self, "appTransactionInfoResponse.json")
        #expect(app.signedAppTransactionInfo == "signed_app_transaction_info_value")
    }

    @Test func transactionHistoryDecodesEveryField() throws {
        let history = try Fixtures.decodeAppleModel(HistoryResponse.self, "transactionHistoryResponse.json")
        let expected = HistoryResponse(
            revision: "revision_output", hasMore: true, bundleId: "com.example", appAppleId: 323232,
            environment: .localTesting, signedTransactions: ["signed_transaction_value", "signed_transaction_value2"])
        #expect(history == expected)
    }

    @Test func subscriptionStatusesDecodeByGroup() throws {
        let statuses = try Fixtures.decodeAppleModel(StatusResponse.self, "getAllSubscriptionStatusesResponse.json")
        let expected = StatusResponse(
            environment: .localTesting, bundleId: "com.example", appAppleId: 5_454_545,
            data: [
                SubscriptionGroupIdentifierItem(
                    subscriptionGroupIdentifier: "sub_group_one",
                    lastTransactions: [
                        LastTransactionsItem(
                            status: .active, originalTransactionId: "3749183",
                            signedTransactionInfo: "signed_transaction_one", signedRenewalInfo: "signed_renewal_one"),
                        LastTransactionsItem(
                            status: .revoked, originalTransactionId: "5314314134",
                            signedTransactionInfo: "signed_transaction_two", signedRenewalInfo: "signed_renewal_two"),
                    ]),
                SubscriptionGroupIdentifierItem(
                    subscriptionGroupIdentifier: "sub_group_two",
                    lastTransactions: [
                        LastTransactionsItem(
                            status: .expired, originalTransactionId: "3413453",
                            signedTransactionInfo: "signed_transaction_three",
                            signedRenewalInfo: "signed_renewal_three")
                    ]),
            ])
        #expect(statuses == expected)
    }

    @Test func refundHistoryAndOrderLookupDecode() throws {
        let refunds = try Fixtures.decodeAppleModel(RefundHistoryResponse.self, "getRefundHistoryResponse.json")
        #expect(
            refunds
                == RefundHistoryResponse(
                    signedTransactions: ["signed_transaction_one", "signed_transaction_two"],
                    revision: "revision_output", hasMore: true))
        let order = try Fixtures.decodeAppleModel(OrderLookupResponse.self, "lookupOrderIdResponse.json")
        #expect(order.status == .invalid)
        #expect(order.signedTransactions == ["signed_transaction_one", "signed_transaction_two"])
    }

    @Test func testNotificationResponsesDecode() throws {
        let sent = try Fixtures.decodeAppleModel(
            SendTestNotificationResponse.self, "requestTestNotificationResponse.json")
        #expect(sent.testNotificationToken == "ce3af791-365e-4c60-841b-1674b43c1609")
        let status = try Fixtures.decodeAppleModel(
            CheckTestNotificationResponse.self, "getTestNotificationStatusResponse.json")
        #expect(
            status
                == CheckTestNotificationResponse(
                    signedPayload: "signed_payload",
                    sendAttempts: [
                        SendAttemptItem(attemptDate: .ms(1_698_148_900_000), sendAttemptResult: .noResponse),
                        SendAttemptItem(attemptDate: .ms(1_698_148_950_000), sendAttemptResult: .success),
                    ]))
    }

    @Test func notificationHistoryDecodesItsPages() throws {
        let history = try Fixtures.decodeAppleModel(
            NotificationHistoryResponse.self, "getNotificationHistoryResponse.json")
        let expected = NotificationHistoryResponse(
            paginationToken: "57715481-805a-4283-8499-1c19b5d6b20a", hasMore: true,
            notificationHistory: [
                NotificationHistoryResponseItem(
                    signedPayload: "signed_payload_one",
                    sendAttempts: [
                        SendAttemptItem(attemptDate: .ms(1_698_148_900_000), sendAttemptResult: .noResponse),
                        SendAttemptItem(attemptDate: .ms(1_698_148_950_000), sendAttemptResult: .success),
                    ]),
                NotificationHistoryResponseItem(
                    signedPayload: "signed_payload_two",
                    sendAttempts: [
                        SendAttemptItem(attemptDate: .ms(1_698_148_800_000), sendAttemptResult: .circularRedirect)
                    ]),
            ])
        #expect(history == expected)
    }

    @Test func renewalDateExtensionResponsesDecode() throws {
        let extended = try Fixtures.decodeAppleModel(
            ExtendRenewalDateResponse.self, "extendSubscriptionRenewalDateResponse.json")
        #expect(
            extended
                == ExtendRenewalDateResponse(
                    originalTransactionId: "2312412", webOrderLineItemId: "9993", success: true,
                    effectiveDate: .ms(1_698_148_900_000)))
        let mass = try Fixtures.decodeAppleModel(
            MassExtendRenewalDateResponse.self, "extendRenewalDateForAllActiveSubscribersResponse.json")
        #expect(mass.requestIdentifier == "758883e8-151b-47b7-abd0-60c4d804c2f5")
        let status = try Fixtures.decodeAppleModel(
            MassExtendRenewalDateStatusResponse.self, "getStatusOfSubscriptionRenewalDateExtensionsResponse.json")
        #expect(
            status
                == MassExtendRenewalDateStatusResponse(
                    requestIdentifier: "20fba8a0-2b80-4a7d-a17f-85c1854727f8", complete: true,
                    completeDate: .ms(1_698_148_900_000), succeededCount: 30, failedCount: 2))
    }

    static let errorBodies: [(file: String, code: Int64, message: String)] = [
        ("apiException.json", 5_000_000, "An unknown error occurred."),
        ("apiTooManyRequestsException.json", 4_290_000, "Rate limit exceeded."),
        ("apiUnknownError.json", 9_990_000, "Testing error."),
        ("invalidTransactionIdError.json", 4_000_006, "Invalid transaction id."),
        ("transactionIdNotFoundError.json", 4_040_010, "Transaction id not found."),
        ("appTransactionDoesNotExistError.json", 4_040_019, "No AppTransaction exists for the customer."),
        (
            "invalidAppAccountTokenUUIDError.json", 4_000_183,
            "Invalid request. The app account token field must be a valid UUID."
        ),
        (
            "familyTransactionNotSupportedError.json", 4_000_185,
            "Invalid request. Family Sharing transactions aren't supported by this endpoint."
        ),
        (
            "transactionIdNotOriginalTransactionId.json", 4_000_187,
            "Invalid request. The transaction ID provided is not an original transaction ID."
        ),
    ]

    @Test(arguments: errorBodies)
    func errorBodiesDecodeWithTheirCodeAndMessage(_ file: String, _ code: Int64, _ message: String) throws {
        let error = try Fixtures.decodeAppleModel(ErrorPayload.self, file)
        #expect(error == ErrorPayload(errorCode: code, errorMessage: message))
    }
}
