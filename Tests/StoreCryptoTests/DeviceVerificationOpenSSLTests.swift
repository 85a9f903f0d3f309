import Foundation
import StoreCrypto
import StoreModel
import Testing

/// The OpenSSL device verification value against StoreModel's portable one and a fixed vector.
@Suite struct DeviceVerificationOpenSSLTests {
    @Test func matchesTheVectorOfStoreModelsTests() throws {
        let value = DeviceVerification.valueUsingOpenSSL(
            nonce: "6F0E3C1A-0000-4000-8000-000000000001", deviceVerificationID: "7E3FA3B4-1A2B-4C3D-8E9F-0A1B2C3D4E5F")
        #expect(value.base64EncodedString() == "DnSUJFPv6i0PbkjbaCJ+Zluq/gMrfPet+xTObp7L3iKKfXIcL4l260/5PPZLKgVo")
        #expect(value.count == 48)
    }

    @Test func equalsThePortableValueForAnyCaseAndLength() {
        // Random UUIDs in both cases, and strings long enough to take SHA-384 past one 128-byte block.
        var inputs: [(String, String)] = (0..<200).map { index in
            let nonce = UUID().uuidString
            let device = UUID().uuidString
            return index.isMultiple(of: 2) ? (nonce, device.lowercased()) : (nonce.lowercased(), device)
        }
        inputs.append(("", ""))
        inputs.append((String(repeating: "A", count: 100), String(repeating: "b", count: 100)))
        inputs.append(("É-nonce", "ÅppID"))
        for (nonce, device) in inputs {
            #expect(
                DeviceVerification.valueUsingOpenSSL(nonce: nonce, deviceVerificationID: device)
                    == DeviceVerification.value(nonce: nonce, deviceVerificationID: device),
                "nonce \(nonce), device \(device)")
        }
    }

    @Test func isValidAcceptsTheOpenSSLValue() {
        let nonce = UUID().uuidString.lowercased()
        let device = UUID().uuidString
        let value = DeviceVerification.valueUsingOpenSSL(nonce: nonce, deviceVerificationID: device)
        #expect(DeviceVerification.isValid(value.base64EncodedString(), nonce: nonce, deviceVerificationID: device))
        #expect(!DeviceVerification.isValid(value.base64EncodedString(), nonce: nonce, deviceVerificationID: UUID().uuidString))
    }
}
