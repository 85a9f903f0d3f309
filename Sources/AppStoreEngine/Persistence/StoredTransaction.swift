import Foundation
import StoreModel

/// A row of `transactions`: the payload JSON as stored (without `signedDate`) and the columns queries use.
struct StoredTransaction: Hashable, Sendable {
    /// `transactionId`.
    var id: String
    /// The app.
    var bundleId: String
    /// The owner (for a family-shared transaction, the member).
    var accountId: String
    /// `productId`.
    var productId: String
    /// `type`.
    var productType: ProductType
    /// `originalTransactionId`.
    var originalTransactionId: String
    /// `purchaseDate`.
    var purchaseDate: Timestamp
    /// Whether the app called `finish()`.
    var isFinished: Bool
    /// Whether `revocationDate` is set.
    var isRevoked: Bool
    /// For a family member's copy of a one-time purchase, the purchaser's transaction.
    var familySource: String?
    /// The payload JSON without `signedDate`.
    var json: [UInt8] {
        didSet { storedForm = nil }
    }
    /// ``json``'s stored form (``StoredMemberNames``), when it was written with it; not part of the value (it
    /// follows from ``json``).
    private(set) var storedForm: [UInt8]?

    /// Builds a row for a payload owned by `accountId`.
    init(_ payload: JWSTransactionDecodedPayload, accountId: String, familySource: String? = nil, isFinished: Bool = false) {
        id = payload.transactionId ?? ""
        bundleId = payload.bundleId ?? ""
        self.accountId = accountId
        productId = payload.productId ?? ""
        productType = payload.type ?? .consumable
        originalTransactionId = payload.originalTransactionId ?? id
        purchaseDate = payload.purchaseDate ?? Timestamp(milliseconds: 0)
        self.isFinished = isFinished
        isRevoked = payload.revocationDate != nil
        self.familySource = familySource
        (json, storedForm) = PayloadJSON.unsignedTransactionAndStoredForm(payload)
    }

    init(
        id: String, bundleId: String, accountId: String, productId: String, productType: ProductType,
        originalTransactionId: String, purchaseDate: Timestamp, isFinished: Bool, isRevoked: Bool,
        familySource: String?, json: [UInt8]
    ) {
        self.id = id
        self.bundleId = bundleId
        self.accountId = accountId
        self.productId = productId
        self.productType = productType
        self.originalTransactionId = originalTransactionId
        self.purchaseDate = purchaseDate
        self.isFinished = isFinished
        self.isRevoked = isRevoked
        self.familySource = familySource
        self.json = json
    }

    static func == (lhs: StoredTransaction, rhs: StoredTransaction) -> Bool {
        lhs.id == rhs.id && lhs.bundleId == rhs.bundleId && lhs.accountId == rhs.accountId
            && lhs.productId == rhs.productId && lhs.productType == rhs.productType
            && lhs.originalTransactionId == rhs.originalTransactionId && lhs.purchaseDate == rhs.purchaseDate
            && lhs.isFinished == rhs.isFinished && lhs.isRevoked == rhs.isRevoked
            && lhs.familySource == rhs.familySource && lhs.json == rhs.json
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(json)
    }

    /// The decoded payload (without `signedDate`).
    func payload() throws(AppStoreEngineError) -> JWSTransactionDecodedPayload {
        try StoredJSON.decode(JWSTransactionDecodedPayload.self, from: json)
    }

    /// The payload JSON signed at `signedDate`.
    func signedJSON(at signedDate: Timestamp) -> [UInt8] {
        PayloadJSON.insertingSignedDate(signedDate, into: json)
    }
}
