import Foundation
import StoreStorage
import Testing

@Suite struct SQLRowTests {
    let row = SQLRow(
        columns: ["id", "productID", "price", "note", "receipt", "flag"],
        values: [7, "com.example.pro", 4.99, nil, .blob(Data([1, 2])), true])

    @Test func literalsBecomeTheMatchingStorageClass() {
        let values: [SQLValue] = [nil, 1, -2.5, "text", "interpolated \(3)", true, false]
        #expect(values == [.null, .integer(1), .real(-2.5), .text("text"), .text("interpolated 3"), .integer(1), .integer(0)])
        #expect([SQLValue(Int?.none), SQLValue(String?("a")), SQLValue(Data?.none)] == [.null, .text("a"), .null])
    }

    @Test func readersReturnTypedValues() throws {
        #expect(try row.int64("id") == 7)
        #expect(try row.int("id") == 7)
        #expect(try row.string("productID") == "com.example.pro")
        #expect(try row.double("price") == 4.99)
        #expect(try row.double("id") == 7)
        #expect(try row.optionalString("note") == nil)
        #expect(try row.data("receipt") == Data([1, 2]))
        #expect(try row.bool("flag"))
        #expect(row["missing"] == nil)
    }

    @Test func namesMatchIgnoringCaseAfterAnExactMatchFails() throws {
        #expect(try row.string("productid") == "com.example.pro")
    }

    @Test func aMissingColumnIsNamedWithTheColumnsThereAre() {
        let error = #expect(throws: StorageError.self) { try row.int64("quantity") }
        #expect(error?.code == .missingColumn)
        #expect(error?.reason.contains("'quantity'") == true)
        #expect(error?.reason.contains("'productID'") == true)
    }

    @Test func aValueOfAnotherTypeIsNamedWithTheReaderToUse() {
        let text = #expect(throws: StorageError.self) { try row.int64("productID") }
        #expect(text?.code == .typeMismatch)
        #expect(text?.reason.contains("row.string(\"productID\")") == true)
        let null = #expect(throws: StorageError.self) { try row.string("note") }
        #expect(null?.code == .typeMismatch)
        #expect(null?.reason.contains("optional reader") == true)
    }
}
