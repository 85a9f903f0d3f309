import Foundation
import Testing

@testable import EntitlementServer

/// `AccountToken.canonical` must store exactly what `UUID(uuidString:)?.uuidString.lowercased()` did, since stored
/// tokens link chains to accounts.
@Suite struct AccountTokenTests {
    @Test(arguments: [
        "00000000-0000-4000-8000-00000000002a", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "e621e1f8-C36C-495a-93fc-0C247A3E6E5F",
        "", "not a uuid", "e621e1f8c36c495a93fc0c247a3e6e5f", "e621e1f8-c36c-495a-93fc-0c247a3e6e5", "e621e1f8-c36c-495a-93fc-0c247a3e6e5ff",
        "e621e1f8_c36c-495a-93fc-0c247a3e6e5f", "g621e1f8-c36c-495a-93fc-0c247a3e6e5f", "e621e1f8-c36c-495a-93fc-0c247a3e6e5-",
        "{e621e1f8-c36c-495a-93fc-0c247a3e6e5f}", " e621e1f8-c36c-495a-93fc-0c247a3e6e5", "é621e1f8-c36c-495a-93fc-0c247a3e6e5",
    ])
    func matchesFoundationsParseAndFormat(_ text: String) {
        #expect(AccountToken.canonical(text) == UUID(uuidString: text)?.uuidString.lowercased())
    }

    @Test func randomTokensInBothCases() {
        for _ in 0..<200 {
            let uuid = UUID()
            #expect(AccountToken.canonical(uuid.uuidString) == uuid.uuidString.lowercased())
            #expect(AccountToken.canonical(uuid.uuidString.lowercased()) == uuid.uuidString.lowercased())
        }
        #expect(AccountToken.canonical(nil) == nil)
    }
}
