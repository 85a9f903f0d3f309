import StoreModel

/// Chains that passed validation, keyed by the `x5c` strings, reusable only inside their validity window.
///
/// An entry holds the leaf's public key, the root the chain led to, and the whole seconds at which every
/// certificate of the chain is valid (latest `notBefore` up to the earliest `notAfter`, as OpenSSL compares). A
/// lookup succeeds only when the validation instant falls inside that window, so a cached chain is never
/// accepted at an instant where a fresh validation would reject it.
struct VerifiedChainCache: Sendable {
    /// The cache key: the leaf and intermediate `x5c` entries exactly as they appear in the header (hashed by
    /// ``CertificateText``'s sample, compared in full).
    struct Key: Hashable, Sendable {
        let leaf: CertificateText
        let intermediate: CertificateText

        init(leaf: String, intermediate: String) {
            self.leaf = CertificateText(leaf)
            self.intermediate = CertificateText(intermediate)
        }
    }

    /// What a validated chain yields.
    struct Entry: Sendable {
        let leafKey: P256PublicKey
        let root: Certificate
        /// Whole seconds since the epoch at which every certificate of the chain is valid.
        let validity: Range<Int64>
    }

    private let entries: BoundedCache<Key, Entry>

    init(capacity: Int) {
        entries = BoundedCache(capacity: capacity)
    }

    /// The number of cached chains.
    var count: Int { entries.count }

    /// The entry for `key` if the chain is valid at `instant`.
    func entry(for key: Key, at instant: Timestamp) -> Entry? {
        let seconds = instant.wholeSecondsFloor
        return entries.value(for: key) { $0.validity.contains(seconds) }
    }

    /// Stores a validated chain.
    func insert(_ entry: Entry, for key: Key) {
        entries.insert(entry, for: key)
    }
}
