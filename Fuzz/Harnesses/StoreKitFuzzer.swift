import Foundation
import StoreModel

/// libFuzzer entry point for `.storekit` catalogs: every input is parsed and validated by
/// `StoreKitConfiguration(data:fileName:)`. A thrown error is a normal outcome; only a crash is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreKitConfiguration(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    _ = try? StoreKitConfiguration(data: data, fileName: "fuzz.storekit")
    return 0
}
