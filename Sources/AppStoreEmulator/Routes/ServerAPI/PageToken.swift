import Foundation
import StoreCrypto

/// A position in an ordered list, as the opaque `revision` or `paginationToken` Apple's pages hand out: the sort
/// key of the last item returned (a date in milliseconds and a sequence or transaction number). The next page
/// starts after it; a token issued on the last page also finds items added later.
struct PageToken: Hashable, Sendable {
    /// The last item's date.
    var date: Int64
    /// The last item's tie-breaking number.
    var number: Int64

    /// The token as sent to clients.
    var text: String { Base64URL.encode(Data("tienda.\(date).\(number)".utf8)) }

    /// Reads a token; `nil` when it is not one.
    init?(_ text: String) {
        guard let data = try? Base64URL.decode(text) else { return nil }
        let parts = String(decoding: data, as: UTF8.self).split(separator: ".")
        guard parts.count == 3, parts[0] == "tienda", let date = Int64(parts[1]), let number = Int64(parts[2]) else {
            return nil
        }
        self.date = date
        self.number = number
    }

    /// A token after an item with this key.
    init(date: Int64, number: Int64) {
        self.date = date
        self.number = number
    }

    /// Whether a key comes after this position in ascending (or, with `descending`, descending) order.
    func precedes(date: Int64, number: Int64, descending: Bool) -> Bool {
        let after = (date, number) > (self.date, self.number)
        let before = (date, number) < (self.date, self.number)
        return descending ? before : after
    }
}
