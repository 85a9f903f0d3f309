extension Product {
    /// The products the store sells with these identifiers, with prices and names for the customer's
    /// storefront and locale.
    ///
    /// Identifiers the store does not know are left out: compare what you asked for with what came back to
    /// catch a misconfigured catalog. The error thrown is nearly always temporary (no network, store down).
    public static func products<Identifiers: Collection>(
        for identifiers: Identifiers
    ) async throws(StoreKitError) -> [Product] where Identifiers.Element == String {
        let client = try StoreClient.resolve(nil)
        var seen = Set<String>()
        let unique = identifiers.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { return [] }
        return try await client.backend.products(for: unique).map { $0.attached(to: client) }
    }

    /// Buys the product.
    ///
    /// Shows the payment sheet; the result is ``PurchaseResult/success(_:)`` with the verified transaction,
    /// ``PurchaseResult/userCancelled`` when the customer closes the sheet, or ``PurchaseResult/pending`` when the
    /// purchase waits for Ask to Buy or an interrupted purchase (the transaction then arrives through
    /// ``Transaction/updates``).
    /// - Throws: ``PurchaseError`` when the store refuses the purchase, ``StoreKitError`` when it fails.
    public func purchase(options: Set<PurchaseOption> = []) async throws -> PurchaseResult {
        let client = try StoreClient.resolve(client)
        let submission = PurchaseSubmission(productID: id, options: options)
        guard await client.backend.dialogs.confirmPurchase(of: self, quantity: submission.quantity) else {
            return .userCancelled
        }
        let result: BackendPurchaseResult
        do {
            result = try await client.backend.purchase(submission)
        } catch {
            if case .storeKit(.userCancelled) = error { return .userCancelled }
            throw error.error
        }
        switch result {
        case .pending:
            return .pending
        case .purchased(let jws):
            let simulated = await client.backend.simulatedVerificationError()
            guard let verified = client.verifyTransaction(jws, simulated: simulated) else {
                throw StoreKitError.systemError(VerificationError.invalidEncoding)
            }
            return .success(verified)
        }
    }

    /// The customer's current entitlement to this product, if any.
    public var currentEntitlement: VerificationResult<Transaction>? {
        get async {
            guard let client = try? StoreClient.resolve(client) else { return nil }
            return await TiendaKit.$taskClient.withValue(client) { await Transaction.currentEntitlement(for: id) }
        }
    }

    /// The product as loaded through `client`.
    func attached(to client: StoreClient) -> Product {
        Product(
            id: id, type: type, displayName: displayName, description: description, price: price,
            currencyCode: currencyCode, locale: locale, isFamilyShareable: isFamilyShareable,
            subscription: subscription?.attached(to: client), client: client)
    }
}

extension Product.SubscriptionInfo {
    /// The subscription information as loaded through `client`.
    func attached(to client: StoreClient) -> Product.SubscriptionInfo {
        Product.SubscriptionInfo(
            subscriptionGroupID: subscriptionGroupID, groupDisplayName: groupDisplayName, groupLevel: groupLevel,
            subscriptionPeriod: subscriptionPeriod, introductoryOffer: introductoryOffer,
            promotionalOffers: promotionalOffers, winBackOffers: winBackOffers, client: client)
    }
}
