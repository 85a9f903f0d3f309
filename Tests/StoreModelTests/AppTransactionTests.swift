import Foundation
import StoreModel
import Testing

@Suite struct AppTransactionTests {
    @Test func appTransactionDecodesEveryField() throws {
        let transaction = try Fixtures.decodeAppleModel(AppTransaction.self, "appTransaction.json")
        let expected = AppTransaction(
            receiptType: .localTesting, appAppleId: 531412, bundleId: "com.example", applicationVersion: "1.2.3",
            versionExternalIdentifier: 512, receiptCreationDate: .ms(1_698_148_900_000),
            originalPurchaseDate: .ms(1_698_148_800_000), originalApplicationVersion: "1.1.2",
            deviceVerification: "device_verification_value",
            deviceVerificationNonce: "48ccfa42-7431-4f22-9908-7e88983e105a", preorderDate: .ms(1_698_148_700_000),
            appTransactionId: "71134", originalPlatform: .iOS)
        #expect(transaction == expected)
        #expect(transaction.deviceVerificationNonceUUID == UUID(uuidString: "48ccfa42-7431-4f22-9908-7e88983e105a"))
        #expect(transaction.requestDate == nil)
    }

    @Test func appDataDecodesEveryField() throws {
        let appData = try Fixtures.decodeAppleModel(AppData.self, "appData.json")
        #expect(
            appData
                == AppData(
                    appAppleId: 987_654_321, bundleId: "com.example", environment: .sandbox,
                    signedAppTransactionInfo: "signed-app-transaction-info"))
    }
}
