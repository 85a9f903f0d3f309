import Foundation
import StoreCrypto
import StoreModel
import Testing

@Suite struct AttackCorpusTests {
    static let cases = AttackCorpus.make()

    static let sandbox = makeVerifier(environment: .sandbox)
    static let production = makeVerifier(environment: .production)

    private static func makeVerifier(environment: AppStoreEnvironment) -> SignedDataVerifier {
        do {
            return try TestPKI.verifier(environment: environment)
        } catch {
            fatalError("verifier: \(error)")
        }
    }

    @Test func theCorpusHasAtLeastFortyDistinctAttacks() {
        #expect(Self.cases.count >= 40)
        #expect(Set(Self.cases.map(\.name)).count == Self.cases.count)
    }

    @Test("Every forged or malformed input is rejected with its specific reason", arguments: cases)
    func attackIsRejected(_ attack: AttackCase) {
        let verifier = attack.verifier == .sandbox ? Self.sandbox : Self.production
        let failure: VerificationFailure? =
            switch attack.payload {
            case .transaction: verifier.verify(attack.input, as: TestTransactionPayload.self).failure
            case .notification: verifier.verify(attack.input, as: TestNotificationPayload.self).failure
            }
        #expect(failure?.reason == attack.expected, "\(String(describing: failure))")
        #expect(failure?.message.isEmpty == false)
    }

    @Test func theValidInputTheAttacksDeriveFromIsAccepted() throws {
        let jws = try Forge.jws(header: AttackCorpus.header, payload: AttackCorpus.payload, signature: .es256(AttackCorpus.key))
        #expect(Self.sandbox.verify(jws, as: TestTransactionPayload.self).isVerified)
    }

    @Test func aTenMegabyteInputIsRejectedWithoutDecoding() throws {
        let input = String(repeating: "eyJh", count: 10 << 18)
        // The size limit is checked before any decoding: the failure names the size, not a decoding error.
        #expect(Self.sandbox.verify(input, as: TestTransactionPayload.self).failure?.reason
            == .inputTooLarge(byteCount: 10 << 20, limit: 1 << 20))
    }
}
