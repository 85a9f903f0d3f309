import Foundation

/// The texts and blobs bound to one run of a statement, copied one after another into a single allocation that
/// SQLite reads in place (`SQLITE_STATIC`). Binding with `SQLITE_TRANSIENT` made SQLite allocate and copy each
/// value on its own: a renewal binds about twenty-five.
///
/// The bytes must stay put until the statement is reset (its bindings cleared); ``release()`` frees them then.
struct BoundBytes {
    private let start: UnsafeMutableRawPointer?
    private let capacity: Int
    private var used = 0

    /// Room for the texts and blobs among `parameters`.
    init(_ parameters: [SQLValue]) {
        var total = 0
        parameters.withUnsafeBufferPointer { values in
            for index in values.indices {
                switch values[index] {
                case .text(let text): total += text.utf8.count
                case .blob(let data): total += data.count
                case .bytes(let array): total += array.count
                default: break
                }
            }
        }
        capacity = total
        start = total > 0 ? UnsafeMutableRawPointer.allocate(byteCount: total, alignment: 1) : nil
    }

    /// Copies a string's UTF-8 bytes in; `nil` for the empty string.
    mutating func append(_ text: String) -> UnsafeBufferPointer<CChar>? {
        let count = text.utf8.count
        guard count > 0 else { return nil }
        let target = reserve(count)
        let copied = text.utf8.withContiguousStorageIfAvailable { utf8 -> Bool in
            target.copyMemory(from: utf8.baseAddress!, byteCount: count)
            return true
        }
        if copied == nil {
            _ = UnsafeMutableRawBufferPointer(start: target, count: count).initializeMemory(as: UInt8.self, from: text.utf8)
        }
        return UnsafeBufferPointer(start: target.assumingMemoryBound(to: CChar.self), count: count)
    }

    /// Copies a blob's bytes (a `Data` or a byte array) in; `nil` for the empty blob.
    mutating func append(_ blob: some ContiguousBytes) -> UnsafeRawBufferPointer? {
        blob.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress, bytes.count > 0 else { return nil }
            let target = reserve(bytes.count)
            target.copyMemory(from: base, byteCount: bytes.count)
            return UnsafeRawBufferPointer(start: target, count: bytes.count)
        }
    }

    /// The next `count` bytes (the values were measured when the bytes were allocated).
    private mutating func reserve(_ count: Int) -> UnsafeMutableRawPointer {
        guard let start, used + count <= capacity else { preconditionFailure("a bound value outgrew its measure") }
        defer { used += count }
        return start + used
    }

    /// Frees the bytes: only once the statement no longer refers to them.
    func release() {
        start?.deallocate()
    }
}
