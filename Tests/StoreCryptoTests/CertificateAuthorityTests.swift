import Foundation
import StoreCrypto
import StoreModel
import Testing

@Suite struct CertificateAuthorityTests {
    let authority = TestPKI.authority

    @Test func chainPassesOpenSSLStrictModeAtAnInstant() throws {
        let store = try TrustStore(roots: [authority.root])
        let chain = try store.validate(
            leaf: authority.leaf, intermediates: [authority.intermediate], at: TestPKI.referenceTime, strict: true)
        #expect(chain == [authority.leaf, authority.intermediate, authority.root])
    }

    @Test("The chain is valid from 2020 through 2049 and not outside", arguments: [
        (Timestamp(milliseconds: 1_577_836_800_000), true),
        (Timestamp(milliseconds: 2_524_607_998_999), true),
        (Timestamp(milliseconds: 1_577_836_799_999), false),
        (Timestamp(milliseconds: 2_524_607_999_000), false),
    ])
    func defaultValidity(instant: Timestamp, valid: Bool) throws {
        let store = try TrustStore(roots: [authority.root])
        let outcome = Result {
            try store.validate(leaf: authority.leaf, intermediates: [authority.intermediate], at: instant, strict: true)
        }
        #expect(((try? outcome.get()) != nil) == valid)
    }

    @Test func rootHasTheAppleShapedProfile() {
        let root = authority.root
        #expect(root.subject == root.issuer)
        #expect(root.subject.commonName == "Tienda Root CA - G3")
        #expect(root.isExtensionCritical(oid: "2.5.29.19") == true)
        #expect(root.extensionValue(oid: "2.5.29.19") == Data([0x30, 0x03, 0x01, 0x01, 0xFF]))
        #expect(root.isExtensionCritical(oid: "2.5.29.15") == true)
        #expect(root.extensionValue(oid: "2.5.29.15") == Data([0x03, 0x02, 0x01, 0x06]))
        #expect(root.subjectKeyIdentifier?.count == 20)
        #expect(!root.hasExtension(oid: "2.5.29.35"))
        #expect(!root.hasExtension(oid: "1.3.6.1.5.5.7.1.1"))
    }

    @Test func intermediateHasTheAppleShapedProfile() {
        let intermediate = authority.intermediate
        #expect(intermediate.subject.commonName == "Tienda Worldwide Developer Relations CA G6")
        #expect(intermediate.issuer == authority.root.subject)
        #expect(intermediate.isExtensionCritical(oid: "2.5.29.19") == true)
        #expect(intermediate.extensionValue(oid: "2.5.29.19") == Data([0x30, 0x06, 0x01, 0x01, 0xFF, 0x02, 0x01, 0x00]))
        #expect(intermediate.isExtensionCritical(oid: "2.5.29.15") == true)
        #expect(intermediate.authorityKeyIdentifier == authority.root.subjectKeyIdentifier)
        #expect(intermediate.subjectKeyIdentifier?.count == 20)
        #expect(intermediate.isExtensionCritical(oid: "1.2.840.113635.100.6.2.1") == false)
        #expect(intermediate.extensionValue(oid: "1.2.840.113635.100.6.2.1") == Data([0x05, 0x00]))
        #expect(!intermediate.hasExtension(oid: "1.3.6.1.5.5.7.1.1"))
    }

    @Test func leafHasTheAppleShapedProfile() {
        let leaf = authority.leaf
        #expect(leaf.subject.commonName == "Tienda App Store Signing")
        #expect(leaf.hasP256PublicKey)
        #expect(leaf.isExtensionCritical(oid: "2.5.29.19") == true)
        #expect(leaf.extensionValue(oid: "2.5.29.19") == Data([0x30, 0x00]))
        #expect(leaf.isExtensionCritical(oid: "2.5.29.15") == true)
        #expect(leaf.extensionValue(oid: "2.5.29.15") == Data([0x03, 0x02, 0x07, 0x80]))
        #expect(leaf.authorityKeyIdentifier == authority.intermediate.subjectKeyIdentifier)
        #expect(leaf.isExtensionCritical(oid: "1.2.840.113635.100.6.11.1") == false)
        #expect(leaf.extensionValue(oid: "1.2.840.113635.100.6.11.1") == Data([0x05, 0x00]))
    }

    @Test func serialNumbersAreRandomPositiveSixteenByteIntegers() {
        let serials = [authority.root, authority.intermediate, authority.leaf, TestPKI.otherAuthority.root].map(\.serialNumber)
        #expect(Set(serials).count == serials.count)
        for serial in serials {
            #expect(serial.count == 16)
            #expect(serial[0] & 0x80 == 0)
        }
    }

    @Test func signerHeaderCarriesThePaddedBase64Chain() throws {
        #expect(authority.signer.header.alg == "ES256")
        #expect(authority.x5c.count == 3)
        #expect(try authority.x5c.map { try StrictBase64.decode($0) }
            == [authority.leaf, authority.intermediate, authority.root].map(\.derRepresentation))
        #expect(authority.x5c.allSatisfy { $0.count % 4 == 0 })
        #expect(authority.signer.key.publicKey == (try authority.leaf.p256PublicKey()))
    }

    @Test func ocspBaseURLAddsResponderLocationsToIntermediateAndLeaf() throws {
        let configured = try CertificateAuthority.generate(
            configuration: .init(ocspBaseURL: "http://127.0.0.1:8080/ocsp/"))
        let expected: [(Certificate, String)] = [
            (configured.intermediate, "http://127.0.0.1:8080/ocsp/root"),
            (configured.leaf, "http://127.0.0.1:8080/ocsp/intermediate"),
        ]
        for (certificate, url) in expected {
            let value = try #require(certificate.extensionValue(oid: "1.3.6.1.5.5.7.1.1"))
            #expect(value.range(of: Data(url.utf8)) != nil)
            #expect(certificate.isExtensionCritical(oid: "1.3.6.1.5.5.7.1.1") == false)
        }
        #expect(!configured.root.hasExtension(oid: "1.3.6.1.5.5.7.1.1"))
        let store = try TrustStore(roots: [configured.root])
        _ = try store.validate(
            leaf: configured.leaf, intermediates: [configured.intermediate], at: TestPKI.referenceTime, strict: true)
        #expect(throws: CertificateAuthorityError.self) {
            try CertificateAuthority.generate(configuration: .init(ocspBaseURL: "ftp://x,y"))
        }
    }

    @Test func validityPeriodsAreConfigurable() throws {
        let start = Timestamp(milliseconds: 946_684_800_000)  // 2000-01-01
        let end = Timestamp(milliseconds: 4_102_444_800_000)  // 2100-01-01
        let configured = try CertificateAuthority.generate(
            configuration: .init(rootValidity: start...end, intermediateValidity: start...end, leafValidity: start...end))
        #expect(configured.leaf.notBefore == start)
        #expect(configured.root.notAfter == end)
        let store = try TrustStore(roots: [configured.root])
        _ = try store.validate(
            leaf: configured.leaf, intermediates: [configured.intermediate],
            at: Timestamp(milliseconds: 4_000_000_000_000), strict: true)
    }
}
