import Foundation
import Testing

@testable import StoreModel

/// SHA-384 against Python's hashlib, and StoreKit's device verification built on it.
@Suite struct DeviceVerificationTests {
    @Test(arguments: [
        ("", "38b060a751ac96384cd9327eb1b1e36a21fdb71114be07434c0cc7bf63f6e1da274edebfe76f65fbd51ad2f14898b95b"),
        ("abc", "cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"),
        (String(repeating: "a", count: 111), "3c37955051cb5c3026f94d551d5b5e2ac38d572ae4e07172085fed81f8466b8f90dc23a8ffcdea0b8d8e58e8fdacc80a"),
        (String(repeating: "a", count: 112), "187d4e07cb306103c69967bf544d0dfbe9042577599c73c330abc0cb64c61236d5ed565ee19119d8c31779a38f791fcd"),
        (String(repeating: "a", count: 200), "0691b6e978614b67d60557b2a2cddd53406508522efa21c624dbbfa8ab6e726d5c586b489c7c09f24109a64c10211d48"),
    ])
    func sha384MatchesTheReferenceDigests(message: String, hex: String) {
        let digest = SHA384.hash(Array(message.utf8))
        #expect(digest.map { String(format: "%02x", $0) }.joined() == hex)
    }

    @Test func deviceVerificationHashesTheLowercaseNonceThenTheDevice() throws {
        let nonce = try #require(UUID(uuidString: "6F0E3C1A-0000-4000-8000-000000000001"))
        let device = try #require(UUID(uuidString: "7E3FA3B4-1A2B-4C3D-8E9F-0A1B2C3D4E5F"))
        let value = DeviceVerification.value(nonce: nonce, deviceVerificationID: device)
        #expect(value.base64EncodedString() == "DnSUJFPv6i0PbkjbaCJ+Zluq/gMrfPet+xTObp7L3iKKfXIcL4l260/5PPZLKgVo")
        #expect(DeviceVerification.isValid(value.base64EncodedString(), nonce: nonce.uuidString, deviceVerificationID: device.uuidString))
        #expect(!DeviceVerification.isValid(value.base64EncodedString(), nonce: UUID().uuidString, deviceVerificationID: device.uuidString))
        #expect(!DeviceVerification.isValid(nil, nonce: nonce.uuidString, deviceVerificationID: device.uuidString))
    }
}
