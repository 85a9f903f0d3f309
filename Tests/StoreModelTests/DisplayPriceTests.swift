import Foundation
import StoreModel
import Testing

/// Display prices keep their text and parse strictly into a decimal and milliunits.
@Suite struct DisplayPriceTests {
    @Test(arguments: [
        ("0.99", 990), ("29", 29_000), ("0.5", 500), ("6.00", 6_000), ("0.0", 0), ("199.99", 199_990), ("11.88", 11_880),
        ("1.2345", 1_235), ("1.2344", 1_234), (".5", 500), ("5.", 5_000), (" 4.99 ", 4_990), ("0001.10", 1_100),
    ] as [(String, Int64)])
    func parsesPricesToMilliunits(text: String, milliunits: Int64) throws {
        let price = DisplayPrice(text)
        #expect(price.text == text)
        #expect(price.isValid)
        #expect(price.milliunits == milliunits)
        let value = try #require(price.value)
        #expect(value == Decimal(string: text.trimmingCharacters(in: .whitespaces), locale: Locale(identifier: "en_US_POSIX")))
    }

    @Test(arguments: ["", " ", ".", "1,99", "-1", "+1", "abc", "1.2.3", "$0.99", "1e3", "0x10", "١٢", "NaN",
                      String(repeating: "9", count: 40)])
    func leavesOtherTextWithoutAValue(text: String) {
        let price = DisplayPrice(text)
        #expect(price.text == text)
        #expect(!price.isValid)
        #expect(price.value == nil)
        #expect(price.milliunits == nil)
    }

    @Test func aPriceTooLargeForMilliunitsStillHasADecimalValue() {
        let price = DisplayPrice(String(repeating: "9", count: 30))
        #expect(price.value != nil)
        #expect(price.milliunits == nil)
        #expect(DisplayPrice("9223372036854775.807").milliunits == Int64.max)
        #expect(DisplayPrice("9223372036854775.808").milliunits == nil)
        #expect(DisplayPrice("9223372036854775.8075").milliunits == nil)
    }

    @Test func offersPriceFreeOnesAtZero() {
        let free = StoreKitIntroductoryOffer(paymentMode: .free, subscriptionPeriod: .oneWeek)
        #expect(free.priceMilliunits == 0)
        let paid = StoreKitIntroductoryOffer(paymentMode: .payAsYouGo, subscriptionPeriod: .oneMonth, numberOfPeriods: 3, displayPrice: "2.49")
        #expect(paid.priceMilliunits == 2_490)
        let unpriced = StoreKitPromotionalOffer(offerID: "x", paymentMode: .payUpFront, subscriptionPeriod: .oneYear, displayPrice: "")
        #expect(unpriced.priceMilliunits == nil)
    }
}
