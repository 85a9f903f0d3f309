import Foundation
import StoreCrypto
import Testing
import TiendaTestSupport

@Suite struct JWSFuzzTargetTests {
    @Test func arbitraryBytesRunThroughEveryParserWithoutCrashing() {
        var generator = SeededRandom(seed: 0x5449_454E_4441)
        for length in 0..<400 {
            let bytes = Data((0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
            #expect(JWSFuzzTarget.run(data: bytes) == 0)
        }
    }

    @Test func mutationsOfRealSignedDataNeverCrash() throws {
        let seeds = try [
            Fixtures.data("mock_signed_data/transactionInfo"), Fixtures.data("xcode/xcode-signed-transaction"),
            Data(try TestPKI.authority.signer.sign(payload: Data(TestPKI.transactionJSON().utf8)).utf8),
        ]
        var generator = SeededRandom(seed: 42)
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ \n".utf8)
        for seed in seeds {
            for _ in 0..<150 {
                var mutated = seed
                for _ in 0..<(1 + Int(generator.next() % 4)) {
                    let position = Int(generator.next() % UInt64(mutated.count))
                    switch generator.next() % 3 {
                    case 0: mutated[position] = alphabet[Int(generator.next() % UInt64(alphabet.count))]
                    case 1: mutated.remove(at: position)
                    default: mutated.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
                    }
                }
                JWSFuzzTarget.run(data: mutated)
            }
        }
    }

    @Test func unsignedXcodeDataReachesTheDecodeOnlyVerifier() throws {
        let xcode = try Forge.jws(
            header: #"{"alg":"ES256","kid":"Apple_Xcode_Key"}"#,
            payload: #"{"bundleId":"com.example","environment":"Xcode","signedDate":1697679936056.7297}"#,
            signature: .bytes(Data(count: 64)))
        #expect(JWSFuzzTarget.run(data: Data(xcode.utf8)) == 1)
    }
}

