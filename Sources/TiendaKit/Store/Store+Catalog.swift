extension Store {
    /// Loads the configured products, cheapest first, noting the ones the store does not know; a temporary
    /// failure is retried, then reported with a neutral message (seed 001).
    public func loadProducts() async {
        catalogState = .loading
        let requested = configuration.productIDs
        var delay = configuration.catalogRetryDelay
        for attempt in 1...configuration.catalogAttempts {
            do {
                let found = try await client.products(for: requested)
                products = found.sorted { $0.price < $1.price }
                let foundIDs = Set(found.map(\.id))
                missingProductIDs = requested.filter { !foundIDs.contains($0) }
                catalogState = .loaded
                return
            } catch {
                guard error.isTransient, attempt < configuration.catalogAttempts else { break }
                try? await Task.sleep(for: delay)
                delay *= 2
            }
        }
        products = []
        catalogState = .unavailable
        report(.storeUnavailable, "The store isn't available right now. Please try again later.")
    }

    /// The loaded product with this identifier.
    public func product(_ productID: String) -> Product? {
        products.first { $0.id == productID }
    }
}
