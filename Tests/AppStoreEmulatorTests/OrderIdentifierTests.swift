import AppStoreEmulator
import Testing

@Suite struct OrderIdentifierTests {
    @Test(arguments: ["2000000000000001", "2000000000000002", "2000000000123456", "2000009999999999"])
    func anOrderIdLooksLikeApplesAndDecodesBackToItsTransaction(transactionId: String) throws {
        let orderId = try #require(OrderIdentifier.orderId(ofTransaction: transactionId))
        #expect(orderId.count == 10 && orderId.hasPrefix("M"))
        #expect(OrderIdentifier.transactionId(of: orderId) == transactionId)
        #expect(OrderIdentifier.transactionId(of: orderId.lowercased()) == transactionId)
    }

    @Test func neighbouringTransactionsGetUnrelatedOrderIds() throws {
        let first = try #require(OrderIdentifier.orderId(ofTransaction: "2000000000000001"))
        let second = try #require(OrderIdentifier.orderId(ofTransaction: "2000000000000002"))
        #expect(first.dropLast(3) != second.dropLast(3))
    }

    @Test(arguments: ["", "M123", "X000000000", "MUUUUUUUUU", "M000000000"])
    func somethingElseIsNoOrderId(text: String) {
        #expect(OrderIdentifier.transactionId(of: text) == nil)
    }
}
