extension Transaction {
    /// Transactions created or changed outside a purchase call: renewals, Ask to Buy approvals, purchases on
    /// other devices or in the App Store, refunds and revocations. At launch the first listener also receives
    /// every unfinished transaction, once. Start listening at launch and never stop.
    public static var updates: Transactions { .updates(TiendaKit.currentClient) }

    /// The latest transaction of each product the customer is entitled to now: non-consumables,
    /// non-renewing subscriptions, and auto-renewable subscriptions that are subscribed or in grace. Never
    /// consumables, expired or revoked products.
    public static var currentEntitlements: Transactions {
        .once(TiendaKit.currentClient) { client throws(StoreKitError) in try await client.backend.currentEntitlements() }
    }

    /// Every transaction of the customer, for history and support; never use it to grant access.
    public static var all: Transactions {
        .once(TiendaKit.currentClient) { client throws(StoreKitError) in try await client.backend.allTransactions(productID: nil) }
    }

    /// Every transaction not finished yet.
    public static var unfinished: Transactions {
        .once(TiendaKit.currentClient) { client throws(StoreKitError) in try await client.backend.unfinishedTransactions() }
    }

    /// Every transaction of one product.
    public static func all(for productID: String) -> Transactions {
        .once(TiendaKit.currentClient) { client throws(StoreKitError) in
            try await client.backend.allTransactions(productID: productID)
        }
    }

    /// The current entitlements of one product (at most one for a regular in-app purchase).
    public static func currentEntitlements(for productID: String) -> Transactions {
        .once(TiendaKit.currentClient) { client throws(StoreKitError) in
            try await currentEntitlementJWS(client).filter { jws in
                client.verifyTransaction(jws, simulated: nil)?.unsafePayloadValue.productID == productID
            }
        }
    }

    /// The current entitlement of one product, if the customer has one.
    public static func currentEntitlement(for productID: String) async -> VerificationResult<Transaction>? {
        for await result in currentEntitlements(for: productID) { return result }
        return nil
    }

    /// The most recent transaction of a product, expired and revoked ones included; `nil` if never bought.
    public static func latest(for productID: String) async -> VerificationResult<Transaction>? {
        guard let client = try? StoreClient.resolve(nil),
            let jws = try? await client.backend.latestTransaction(productID: productID)
        else { return nil }
        return client.verifyTransaction(jws, simulated: await client.backend.simulatedVerificationError())
    }

    private static func currentEntitlementJWS(_ client: StoreClient) async throws(StoreKitError) -> [String] {
        try await client.backend.currentEntitlements()
    }
}
