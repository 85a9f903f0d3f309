import Foundation
import Testing
import TiendaKit

@Suite struct VerificationTests {
    @Test(arguments: BackendKind.both)
    func dataSignedForAnotherDeviceIsUnverified(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        let foreign = InterposedBackend(base: store.backend) { identity in
            identity.deviceVerificationID = UUID()
        }
        try await TiendaKit.withBackend(foreign) {
            let theme = try #require(try await Product.products(for: [IDs.theme]).first)
            guard case .success(.unverified(let transaction, let error)) = try await theme.purchase() else {
                Issue.record("expected an unverified transaction")
                return
            }
            #expect(error == .invalidDeviceVerification)
            #expect(transaction.productID == IDs.theme)
            #expect(throws: VerificationError.invalidDeviceVerification) {
                _ = try VerificationResult<Transaction>.unverified(transaction, error).payloadValue
            }
        }
    }

    @Test(arguments: BackendKind.both)
    func dataSignedUnderAnotherRootIsUnverified(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        let other = try await kind.makeStore()
        let untrusting = InterposedBackend(base: store.backend) { identity in
            identity.rootCertificate = other.backend.identity.rootCertificate
        }
        try await TiendaKit.withBackend(untrusting) {
            let theme = try #require(try await Product.products(for: [IDs.theme]).first)
            let result = try await theme.purchase()
            guard case .success(let verification) = result else {
                Issue.record("expected a transaction")
                return
            }
            #expect(verification.verificationError == .invalidCertificateChain)
            #expect(await collect(Transaction.currentEntitlements).map(\.verificationError) == [.invalidCertificateChain])
        }
    }

    @Test(arguments: BackendKind.both)
    func aSimulatedVerificationErrorMarksEverySignedValue(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        try await store.session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
        try await store.launch {
            let monthly = try #require(try await Product.products(for: [IDs.monthly]).first)
            guard case .success(let result) = try await monthly.purchase() else {
                Issue.record("expected a transaction")
                return
            }
            #expect(result.verificationError == .invalidSignature)
            #expect(result.unsafePayloadValue.productID == IDs.monthly)
            let status = try #require(try await monthly.subscription?.status.first)
            #expect(status.transaction.verificationError == .invalidSignature)
            #expect(status.renewalInfo.verificationError == .invalidSignature)
            #expect(try await AppTransaction.shared.verificationError == .invalidSignature)
        }
    }

    @Test func valuesBuiltInCodeCanBeWrappedEitherWay() throws {
        let transaction = Transaction(id: 7, productID: "p", productType: .nonConsumable)
        #expect(try VerificationResult.verified(transaction).payloadValue == transaction)
        let unverified = VerificationResult<Transaction>.unverified(transaction, .invalidEncoding)
        #expect(unverified.unsafePayloadValue.id == 7)
        #expect(unverified.jwsRepresentation.isEmpty)
    }
}
