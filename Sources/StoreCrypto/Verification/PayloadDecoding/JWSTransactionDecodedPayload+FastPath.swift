import StoreModel

/// The specialised decoder of transactions, the payload an App Store server verifies most: every scalar field
/// of `JWSTransactionDecodedPayload`; the Advanced Commerce and commitment objects go to the general path.
extension JWSTransactionDecodedPayload: FastPathDecodable {
    /// Sets one field from a member value.
    typealias Setter = @Sendable (inout JWSTransactionDecodedPayload, JSONNode) throws -> Void

    /// Every field by its JSON name (the property name: the type's `CodingKeys` are synthesized).
    static let fastPathFields: [(name: String, field: Setter)] = [
        ("originalTransactionId", { $0.originalTransactionId = try $1.optionalString() }),
        ("transactionId", { $0.transactionId = try $1.optionalString() }),
        ("webOrderLineItemId", { $0.webOrderLineItemId = try $1.optionalString() }),
        ("bundleId", { $0.bundleId = try $1.optionalString() }),
        ("productId", { $0.productId = try $1.optionalString() }),
        ("subscriptionGroupIdentifier", { $0.subscriptionGroupIdentifier = try $1.optionalString() }),
        ("purchaseDate", { $0.purchaseDate = try $1.optionalTimestamp() }),
        ("originalPurchaseDate", { $0.originalPurchaseDate = try $1.optionalTimestamp() }),
        ("expiresDate", { $0.expiresDate = try $1.optionalTimestamp() }),
        ("quantity", { $0.quantity = try $1.optionalInteger(Int32.self) }),
        ("type", { $0.type = try $1.optionalEnumeration(ProductType.self) }),
        ("appAccountToken", { $0.appAccountToken = try $1.optionalString() }),
        ("inAppOwnershipType", { $0.inAppOwnershipType = try $1.optionalEnumeration(InAppOwnershipType.self) }),
        ("signedDate", { $0.signedDate = try $1.optionalTimestamp() }),
        ("revocationReason", { $0.revocationReason = try $1.optionalEnumeration(RevocationReason.self) }),
        ("revocationDate", { $0.revocationDate = try $1.optionalTimestamp() }),
        ("isUpgraded", { $0.isUpgraded = try $1.optionalBool() }),
        ("offerType", { $0.offerType = try $1.optionalEnumeration(OfferType.self) }),
        ("offerIdentifier", { $0.offerIdentifier = try $1.optionalString() }),
        ("environment", { $0.environment = try $1.optionalEnumeration(AppStoreEnvironment.self) }),
        ("storefront", { $0.storefront = try $1.optionalString() }),
        ("storefrontId", { $0.storefrontId = try $1.optionalString() }),
        ("transactionReason", { $0.transactionReason = try $1.optionalEnumeration(TransactionReason.self) }),
        ("currency", { $0.currency = try $1.optionalString() }),
        ("price", { $0.price = try $1.optionalInteger(Int64.self) }),
        ("offerDiscountType", { $0.offerDiscountType = try $1.optionalEnumeration(OfferDiscountType.self) }),
        ("appTransactionId", { $0.appTransactionId = try $1.optionalString() }),
        ("offerPeriod", { $0.offerPeriod = try $1.optionalString() }),
        ("revocationType", { $0.revocationType = try $1.optionalEnumeration(RevocationType.self) }),
        ("revocationPercentage", { $0.revocationPercentage = try $1.optionalInteger(Int32.self) }),
        ("advancedCommerceInfo", { _, value in try value.absentNested() }),
        ("billingPlanType", { $0.billingPlanType = try $1.optionalEnumeration(BillingPlanType.self) }),
        ("commitmentInfo", { _, value in try value.absentNested() }),
        ("deviceVerification", { $0.deviceVerification = try $1.optionalString() }),
        ("deviceVerificationNonce", { $0.deviceVerificationNonce = try $1.optionalString() }),
    ]

    /// The names, for lookups by probe; the value is the index in ``fastPathFields``.
    private static let fastPathTable = JSONFieldTable(fastPathFields.enumerated().map { ($1.name, $0) })

    static func decodeFast(_ object: JSONObjectMembers) -> JWSTransactionDecodedPayload? {
        var payload = JWSTransactionDecodedPayload()
        var seen: UInt64 = 0
        do {
            for member in object.members {
                guard member.probe.isASCII, let index = fastPathTable.field(named: member.name, probe: member.probe),
                    seen & (1 << UInt64(index)) == 0
                else { return nil }
                seen |= 1 << UInt64(index)
                try fastPathFields[index].field(&payload, member.value)
            }
        } catch {
            return nil
        }
        return payload
    }
}
