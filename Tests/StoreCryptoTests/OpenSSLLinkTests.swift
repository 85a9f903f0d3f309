import COpenSSL
import Testing

@Suite struct OpenSSLLinkTests {
    @Test func linksOpenSSL3() {
        #expect(OpenSSL_version_num() >= 0x3000_0000)
    }
}
