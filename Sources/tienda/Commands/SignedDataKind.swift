import Foundation
import StoreCrypto
import StoreModel

/// The kinds of App Store signed data the CLI signs and verifies.
enum SignedDataKind: String, CaseIterable {
    case transaction
    case renewal
    case notification
    case appTransaction = "app-transaction"

    /// `transaction, renewal, notification, app-transaction`.
    static let list = allCases.map(\.rawValue).joined(separator: ", ")

    /// Parses a `--kind` value.
    static func parse(_ text: String) throws(CommandFailure) -> SignedDataKind {
        guard let kind = SignedDataKind(rawValue: text) else {
            throw .usage("--kind \(text) is not one of \(list).")
        }
        return kind
    }

    /// Guesses the kind from a payload's keys: `notificationType` → notification, `receiptType` → app
    /// transaction, `autoRenewStatus` or `renewalDate` → renewal info, otherwise a transaction.
    static func guess(fromPayload payload: Data) -> SignedDataKind {
        let keys = Set(((try? JSONSerialization.jsonObject(with: payload)) as? [String: Any])?.keys ?? [:].keys)
        if keys.contains("notificationType") { return .notification }
        if keys.contains("receiptType") { return .appTransaction }
        if keys.contains("autoRenewStatus") || keys.contains("renewalDate") || keys.contains("autoRenewProductId") {
            return .renewal
        }
        return .transaction
    }

    /// The model type of this kind.
    var payloadType: any SignedPayload.Type {
        switch self {
        case .transaction: JWSTransactionDecodedPayload.self
        case .renewal: JWSRenewalInfoDecodedPayload.self
        case .notification: ResponseBodyV2DecodedPayload.self
        case .appTransaction: AppTransaction.self
        }
    }

    /// The JSON key of the date this kind is validated at.
    var instantKey: String { self == .appTransaction ? "receiptCreationDate" : "signedDate" }
}
