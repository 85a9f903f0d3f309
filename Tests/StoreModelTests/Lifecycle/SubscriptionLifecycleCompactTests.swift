import Testing

@testable import StoreModel

/// The compact binary form of lifecycle state round-trips every state a chain can reach.
@Suite struct SubscriptionLifecycleCompactTests {
    typealias H = LifecycleHarness

    /// Chains in every state, with offers, price increases, extensions, tokens and family links.
    static func chains() throws -> [SubscriptionLifecycle] {
        var result: [SubscriptionLifecycle] = []
        var h = H(graceEnabled: true)
        try h.subscribe(SubscriptionPurchase(productId: H.monthly, appAccountToken: "aaaaaaaa-0000-4000-8000-000000000000"))
        result.append(h.current)
        try h.handle(.purchase(SubscriptionPurchase(productId: H.monthly, offer: .promotional(offerIdentifier: "pro.monthly.half"))))
        try h.handle(.priceIncrease(newPriceMilliunits: 5990, requiresConsent: true))
        try h.handle(.extendRenewalDate(RenewalDateExtension(days: 2, reason: .other, requestIdentifier: "r",
            latestTransaction: h.latest)))
        h.addFamilyMember("bob")
        result.append(h.current)
        result.append(h.members[0])
        try h.handle(.respondToPriceIncrease(accepted: true))
        try h.handle(.setBillingIssue(true))
        try h.fireDueEvent()
        result.append(h.current)
        try h.fireDueEvent()
        result.append(h.current)
        try h.handle(.refund(RefundDetails(transaction: h.latest)))
        result.append(h.current)
        try h.handle(.reverseRefund(h.latest))
        try h.fireDueEvent()
        result.append(h.current)
        return result
    }

    @Test func everyStateRoundTrips() throws {
        let chains = try Self.chains()
        #expect(Set(chains.map(\.state.status)) == [.active, .billingGracePeriod, .billingRetry, .expired, .revoked])
        for chain in chains {
            #expect(SubscriptionLifecycle(compactRepresentation: chain.compactRepresentation) == chain)
        }
    }

    @Test func everyStateRoundTripsWithoutItsIdentity() throws {
        for chain in try Self.chains() {
            let state = chain.compactState
            #expect(SubscriptionLifecycle(compactState: state, identity: chain.identity) == chain)
            #expect(SubscriptionLifecycle.decoded(compactState: state, identity: chain.identity) == chain)
            // Without the identity the bytes mean nothing, and they are shorter than the whole chain's by more than
            // the identity's strings.
            #expect(SubscriptionLifecycle(compactRepresentation: state) == nil)
            let identity = [chain.originalTransactionId, chain.accountId, chain.bundleId, chain.subscriptionGroupIdentifier,
                            chain.ownership.rawValue, chain.productId].map(\.utf8.count).reduce(0, +)
            #expect(state.count + identity < chain.compactRepresentation.count)
        }
    }

    @Test func theWholeChainsFormIsReadWhateverIdentityIsGiven() throws {
        let chain = try #require(try Self.chains().last)
        var other = chain.identity
        other.originalTransactionId = "1"
        other.productId = "another.product"
        #expect(SubscriptionLifecycle(compactState: chain.compactRepresentation, identity: other) == chain)
        #expect(SubscriptionLifecycle.decoded(compactState: chain.compactRepresentation, identity: other) == chain)
    }

    @Test func identifiersThatAreNotCanonicalNumbersKeepTheirSpelling() throws {
        for id in ["0", "7", "2000000000000001", "9223372036854775807", "9223372036854775808", "00042", "", "abc-1",
                   "12345678901234567890123", "١٢٣"] {
            var writer = CompactWriter()
            writer.decimalString(id)
            var reader = CompactReader(writer.bytes)
            #expect(try reader.decimalString() == id)
            #expect(reader.isAtEnd)
        }
        var writer = CompactWriter()
        writer.decimalString("2000000000000001")
        #expect(writer.bytes.count == 8)
    }

    @Test func malformedBytesAreRefused() throws {
        let bytes = try #require(try Self.chains().first).compactRepresentation
        #expect(SubscriptionLifecycle(compactRepresentation: []) == nil)
        #expect(SubscriptionLifecycle(compactRepresentation: Array(bytes.dropLast())) == nil)
        #expect(SubscriptionLifecycle(compactRepresentation: bytes + [0]) == nil)
        #expect(SubscriptionLifecycle(compactRepresentation: [0x7B] + bytes.dropFirst()) == nil)
        for cut in stride(from: 1, to: bytes.count, by: 7) {
            #expect(SubscriptionLifecycle(compactRepresentation: Array(bytes.prefix(cut))) == nil)
        }
        let chain = try #require(try Self.chains().first)
        let state = chain.compactState
        #expect(SubscriptionLifecycle(compactState: state + [0], identity: chain.identity) == nil)
        #expect(SubscriptionLifecycle.decoded(compactState: state + [0], identity: chain.identity) == nil)
        #expect(SubscriptionLifecycle.decoded(compactState: [], identity: chain.identity) == nil)
        for cut in 1..<state.count {
            #expect(SubscriptionLifecycle(compactState: Array(state.prefix(cut)), identity: chain.identity) == nil)
            #expect(SubscriptionLifecycle.decoded(compactState: Array(state.prefix(cut)), identity: chain.identity) == nil)
        }
    }
}
