import Foundation
import StoreCrypto

/// libFuzzer entry point for signed data: every input runs through ``JWSFuzzTarget/run(data:)`` (base64, JWS
/// parsing, DER signatures and certificates, and two verifiers). Returning normally is the only requirement.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSignedData(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    JWSFuzzTarget.run(data: data)
    return 0
}
