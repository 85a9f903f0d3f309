import Foundation
import StoreCrypto
import StoreModel
import Testing

@Suite struct CertificateTests {
    @Test func readsApplesRealSigningLeaf() throws {
        let leaf = try Certificate(derRepresentation: try Fixtures.data("chain/apple-signing-leaf.der"))
        #expect(leaf.subject.commonName == "Prod ECC Mac App Store and iTunes Store Receipt Signing")
        #expect(
            leaf.subject.description
                == "C=US,O=Apple Inc.,OU=Apple Worldwide Developer Relations,CN=Prod ECC Mac App Store and iTunes Store Receipt Signing")
        #expect(leaf.issuer.commonName == "Apple Worldwide Developer Relations Certification Authority")
        #expect(leaf.serialNumberHex == "47C287CDD9F9E7867F528ADA74DC7DB7")
        // 2025-09-19T19:44:51Z … 2027-10-13T17:47:23Z
        #expect(leaf.notBefore == Timestamp(milliseconds: 1_758_311_091_000))
        #expect(leaf.notAfter == Timestamp(milliseconds: 1_823_449_643_000))
        #expect(leaf.hasExtension(oid: "1.2.840.113635.100.6.11.1"))
        #expect(leaf.isExtensionCritical(oid: "1.2.840.113635.100.6.11.1") == false)
        #expect(leaf.extensionValue(oid: "1.2.840.113635.100.6.11.1") == Data([0x05, 0x00]))
        #expect(leaf.isExtensionCritical(oid: "2.5.29.19") == true)
        #expect(!leaf.hasExtension(oid: "1.2.840.113635.100.6.2.1"))
        #expect(leaf.subjectKeyIdentifier?.count == 20)
        #expect(leaf.authorityKeyIdentifier?.count == 20)
        #expect(leaf.hasP256PublicKey)
    }

    @Test func readsApplesTestChainWithoutKeyIdentifiers() throws {
        let root = try Certificate(derRepresentation: try Fixtures.data("chain/root.der"))
        let intermediate = try Certificate(derRepresentation: try Fixtures.data("chain/intermediate.der"))
        #expect(root.serialNumberHex == "B51CE402E21F9A5B")
        #expect(root.subjectKeyIdentifier == nil)
        #expect(intermediate.authorityKeyIdentifier == nil)
        #expect(intermediate.serialNumberHex == "0B")
        #expect(intermediate.subject.description == "O=Intermediate,L=Cupertino,ST=CA,C=US")
        #expect(intermediate.hasExtension(oid: "1.2.840.113635.100.6.2.1"))
        #expect(root.derRepresentation == (try Fixtures.data("certs/testCA.der")))
    }

    @Test func embeddedAppleRootIsTheFixture() throws {
        #expect(AppleRootCertificates.appleRootCAG3 == (try Fixtures.data("chain/apple-root-ca-g3.der")))
        let root = try Certificate(derRepresentation: AppleRootCertificates.appleRootCAG3)
        #expect(root.subject.commonName == "Apple Root CA - G3")
        #expect(root.serialNumberHex == "2DC5FC88D2C54B95")
    }

    @Test func validityFollowsOpenSSLAtWholeSeconds() throws {
        let leaf = try Certificate(derRepresentation: try Fixtures.data("chain/apple-signing-leaf.der"))
        #expect(leaf.isValid(at: leaf.notBefore))
        #expect(leaf.isValid(at: leaf.notAfter.adding(milliseconds: -1)))
        #expect(!leaf.isValid(at: leaf.notAfter))
        #expect(!leaf.isValid(at: leaf.notBefore.adding(milliseconds: -1)))
    }

    @Test func pemRoundTripsAndTrailingBytesAreRejected() throws {
        let der = try Fixtures.data("chain/leaf.der")
        let certificate = try Certificate(derRepresentation: der)
        #expect(try Certificate(pemRepresentation: certificate.pemRepresentation) == certificate)
        #expect(throws: CertificateError.notDER) { try Certificate(derRepresentation: der + Data([0])) }
        #expect(throws: CertificateError.notDER) { try Certificate(derRepresentation: der.dropLast()) }
        #expect(throws: CertificateError.notDER) { try Certificate(derRepresentation: Data("abc".utf8)) }
        #expect(throws: CertificateError.notDER) { try Certificate(derRepresentation: Data()) }
    }

    @Test func distinguishedNamesEscapeSpecialCharacters() {
        let name = DistinguishedName(commonName: "A, B + \"C\"", organization: " lead")
        #expect(name.description == #"O=\ lead,CN=A\, B \+ \"C\""#)
    }
}
