import AppStoreEmulator
import StoreModel
import Testing

@Suite struct SubscriptionTimelineTests {
    static let day: Int64 = 86_400_000
    static let start = Timestamp(milliseconds: 1_772_323_200_000)  // 2026-03-01 00:00 UTC

    static func transaction(_ id: String, from startDay: Int64, days: Int64, offer: OfferType? = nil, revokedDay: Int64? = nil) -> JWSTransactionDecodedPayload {
        var payload = JWSTransactionDecodedPayload()
        payload.originalTransactionId = "1000"
        payload.transactionId = id
        payload.productId = "com.example.pro.monthly"
        payload.purchaseDate = start.adding(milliseconds: startDay * day)
        payload.expiresDate = start.adding(milliseconds: (startDay + days) * day)
        payload.offerType = offer
        payload.revocationDate = revokedDay.map { start.adding(milliseconds: $0 * day) }
        return payload
    }

    @Test func periodsAreOrderedAndGapsBetweenThemAreLapses() {
        let timeline = SubscriptionTimeline(
            transactions: [Self.transaction("1002", from: 40, days: 30), Self.transaction("1000", from: 0, days: 30, offer: .introductoryOffer)],
            renewalInfo: nil, now: Self.start.adding(milliseconds: 50 * Self.day))
        #expect(timeline.periods.map(\.transactionId) == ["1000", "1002"])
        #expect(timeline.stretches == [
            .init(kind: .lapsed, start: Self.start.adding(milliseconds: 30 * Self.day), end: Self.start.adding(milliseconds: 40 * Self.day))
        ])
        #expect(timeline.span == Self.start...Self.start.adding(milliseconds: 70 * Self.day))
    }

    @Test func renewalInfoInRetryWithGraceDrawsGraceThenRetryUpToNow() {
        var renewal = JWSRenewalInfoDecodedPayload()
        renewal.isInBillingRetryPeriod = true
        renewal.gracePeriodExpiresDate = Self.start.adding(milliseconds: 36 * Self.day)
        let now = Self.start.adding(milliseconds: 40 * Self.day)
        let timeline = SubscriptionTimeline(transactions: [Self.transaction("1000", from: 0, days: 30)], renewalInfo: renewal, now: now)
        #expect(timeline.stretches.map(\.kind) == [.gracePeriod, .billingRetry])
        #expect(timeline.stretches[0].start == Self.start.adding(milliseconds: 30 * Self.day))
        #expect(timeline.stretches[1].end == now)
    }

    @Test func retryWithoutGraceStartsAtTheLastExpiry() {
        var renewal = JWSRenewalInfoDecodedPayload()
        renewal.isInBillingRetryPeriod = true
        let timeline = SubscriptionTimeline(
            transactions: [Self.transaction("1000", from: 0, days: 30)], renewalInfo: renewal,
            now: Self.start.adding(milliseconds: 31 * Self.day))
        #expect(timeline.stretches == [
            .init(kind: .billingRetry, start: Self.start.adding(milliseconds: 30 * Self.day), end: Self.start.adding(milliseconds: 31 * Self.day))
        ])
    }

    @Test func svgDrawsARefundWhereItHappenedAndSaysSoInWords() {
        let timeline = SubscriptionTimeline(
            transactions: [Self.transaction("1000", from: 0, days: 30), Self.transaction("1001", from: 30, days: 30, revokedDay: 45)],
            renewalInfo: nil, now: Self.start.adding(milliseconds: 60 * Self.day))
        let svg = TimelineSVG.render(timeline)
        // 60 days over 728 units from x = 16: day 45 is at 16 + 45/60 × 728 = 562.
        #expect(svg.contains("<g class=\"revocation\"><title>Refunded or revoked on 2026-04-15 00:00</title><rect x=\"562\" y=\"28\" width=\"182\""))
        #expect(svg.contains("<g class=\"period\" data-transaction-id=\"1000\">"))
        #expect(svg.contains("<rect x=\"16\" y=\"28\" width=\"364\" height=\"34\""))
        #expect(TimelineSVG.describe(timeline) == "com.example.pro.monthly from 2026-03-01 00:00 to 2026-03-31 00:00; "
            + "com.example.pro.monthly from 2026-03-31 00:00 to 2026-04-30 00:00, refunded or revoked on 2026-04-15 00:00; "
            + "now is 2026-04-30 00:00.")
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 760 150\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains(">refunded or revoked</text>"))
    }

    @Test func theSamePictureTwiceIsTheSameBytes() {
        var renewal = JWSRenewalInfoDecodedPayload()
        renewal.isInBillingRetryPeriod = true
        let timeline = SubscriptionTimeline(
            transactions: [Self.transaction("1000", from: 0, days: 7, offer: .introductoryOffer)], renewalInfo: renewal,
            now: Self.start.adding(milliseconds: 9 * Self.day))
        #expect(TimelineSVG.render(timeline) == TimelineSVG.render(timeline))
        #expect(TimelineSVG.render(timeline).contains("<g class=\"stretch retry\">"))
    }

    @Test(arguments: [
        (Int64(90_000), "2026-03-01 00:01:30"), (Int64(86_400_000), "2026-03-02 00:00"), (Int64(30 * 86_400_000), "2026-03-31"),
    ])
    func axisTicksAreAsPreciseAsTheSpanNeeds(length: Int64, lastTick: String) {
        var payload = Self.transaction("1000", from: 0, days: 0)
        payload.expiresDate = Self.start.adding(milliseconds: length)
        let svg = TimelineSVG.render(SubscriptionTimeline(transactions: [payload], renewalInfo: nil, now: Self.start))
        #expect(svg.contains("text-anchor=\"end\" fill=\"#424242\">\(lastTick)</text>"))
    }

    @Test func textFromTheCatalogIsEscaped() {
        var payload = Self.transaction("1000", from: 0, days: 30)
        payload.productId = "a<b>&\"c\""
        let svg = TimelineSVG.render(SubscriptionTimeline(transactions: [payload], renewalInfo: nil, now: Self.start))
        #expect(!svg.contains("a<b>"))
        #expect(svg.contains("a&lt;b&gt;&amp;&quot;c&quot;"))
    }
}
