import Foundation
import StoreModel
import Testing
import TiendaTestSupport

@testable import EntitlementServer

/// The stored and delivered form of events: ``CanonicalJSONWriter`` must write exactly what `JSONEncoder` with
/// sorted keys wrote before it (stored events are compared and re-sent as they are).
@Suite struct NormalizedEventJSONTests {
    static let pieces = [
        "", "capability_renewed:2000000000000042", "/", "\"", "\\", "\u{0}", "\u{8}", "\t", "\n", "\u{C}", "\r", "\u{1F}",
        "\u{7F}", "é", "😀", "\u{2028}", "premium", "com.example.pro.monthly", "Production",
    ]

    static func string(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 0...4, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    static func event(_ random: inout SeededRandom, presence: Double) -> NormalizedEvent {
        func optional<Value>(_ make: (inout SeededRandom) -> Value) -> Value? {
            Double.random(in: 0..<1, using: &random) < presence ? make(&random) : nil
        }
        let limits: [Int64] = [.min, -1, 0, 1, .max]
        return NormalizedEvent(
            id: string(&random), type: EventKind.allCases.randomElement(using: &random)!,
            occurredAt: Bool.random(using: &random) ? limits.randomElement(using: &random)! : Int64.random(in: .min ... .max, using: &random),
            accountIds: (0..<Int.random(in: 0...3, using: &random)).map { _ in string(&random) },
            originalTransactionId: optional(string), transactionId: optional(string), productId: optional(string),
            capabilities: (0..<Int.random(in: 0...3, using: &random)).map { _ in string(&random) },
            environment: optional(string), notificationType: optional(string), subtype: optional(string),
            currency: optional(string), amount: optional { Int64.random(in: .min ... .max, using: &$0) })
    }

    @Test(arguments: [0.0, 0.5, 1.0]) func eventsMatchTheEncoder(presence: Double) throws {
        var random = SeededRandom(seed: UInt64(presence * 100) + 11)
        let encoder = AppleJSON.encoder(sortedKeys: true)
        for index in 0..<1_000 {
            let event = Self.event(&random, presence: presence)
            let fast = event.canonicalJSONBytes()
            let reference = Array(try encoder.encode(event))
            #expect(fast == reference, "event \(index): \(String(decoding: fast, as: UTF8.self)) vs \(String(decoding: reference, as: UTF8.self))")
        }
    }

    @Test func anEventReadsAsExpected() {
        let event = NormalizedEvent(
            id: "refund:7", type: .refund, occurredAt: 1_700_000_000_000, accountIds: ["b", "a"], transactionId: "7",
            capabilities: [], amount: -1)
        #expect(
            event.canonicalJSON()
                == #"{"accountIds":["b","a"],"amount":-1,"capabilities":[],"id":"refund:7","occurredAt":1700000000000,"transactionId":"7","type":"refund"}"#)
    }
}
