import Foundation
import Testing

@testable import AppStoreEngine

/// The stores every engine suite runs on.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// A SQLite file in a fresh state directory.
    case sqliteFile
    /// An in-memory SQLite database.
    case inMemory

    var testDescription: String { rawValue }
}
