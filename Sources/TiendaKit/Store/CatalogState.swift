/// Where loading the catalog stands.
public enum CatalogState: Hashable, Sendable {
    /// Not asked yet.
    case idle
    /// Asking the store.
    case loading
    /// Loaded; some requested products may be missing (see ``Store/missingProductIDs``).
    case loaded
    /// The store could not be reached after retrying; a neutral message was reported.
    case unavailable
}
