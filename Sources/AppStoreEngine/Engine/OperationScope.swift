import Foundation
import StoreCrypto
import StoreModel

/// One operation's view of the store inside its storage transaction: typed access to apps, accounts,
/// transactions and chains; lifecycle actions applied to rows; notifications collected and signed before the
/// commit; counters saved with everything else. Lives only while the transaction body runs.
final class OperationScope {
    /// The tables of the transaction.
    let tables: EngineTables
    /// The engine's apps, policy, signer and clock.
    let environment: EngineEnvironment
    /// When the current event happens (a due event's date while due events run).
    var now: Timestamp
    /// The earliest due event or task this operation scheduled.
    var earliestScheduled: Timestamp?
    /// The counters, as changed so far.
    var counters: EngineCounters
    private let originalCounters: EngineCounters
    /// Derives notification UUIDs from outbox sequence numbers.
    private let notificationUUIDs: NotificationUUIDCodec
    private var signing: SigningPipeline
    /// Nonces and request identifiers.
    var uuids = UUIDSource()
    private var transactionCache: [String: StoredTransaction] = [:]
    /// The transactions this operation updated: only a notification about one of them may have been raised with
    /// JSON its row no longer holds.
    private var updatedTransactionIds: Set<String> = []
    /// The payloads of the transactions this operation wrote (without `signedDate`), with the JSON they were
    /// stored as: reading one back (a purchase's answer, the lifecycle's next step) needs no decoding.
    private var writtenPayloads: [String: (json: [UInt8], payload: JWSTransactionDecodedPayload)] = [:]
    /// Whether new transactions (their rows and payloads) are remembered for reading back. Due events turn it
    /// off: a renewal's transaction is rarely read back in the same operation (then it is read from the store and
    /// decoded from its JSON, as any other), and keeping thousands of them cost more than the rare reading saves.
    var remembersCreatedPayloads = true
    private var accountCache: [String: Account] = [:]
    private var appTransactionCache: [AppAccount: AppTransactionRecord] = [:]
    /// The purchased chains of accounts in an app, read by ``prefetch(accountsOf:)``; an account's entry goes when
    /// one of its chains is saved, so that the next lookup reads the store.
    private var purchasedChainsCache: [AppAccount: [ChainRecord]] = [:]
    /// Accounts known (from ``prefetch(accountsOf:)``) to have no app transaction record in an app yet.
    private var appTransactionAbsent: Set<AppAccount> = []
    /// What the chain of the event being handled keeps of its owner (``ChainOwner``), for the event's context:
    /// looked at before the caches and the store, so that a due event reads neither its account nor its app
    /// transaction (and stores nothing in the caches for accounts the operation does not look up again).
    private var dueOwner: (bundleId: String, accountId: String, owner: ChainOwner)?
    /// Chains read ahead for the events a batch operation is about to handle (``prefetch(chains:)``), by original
    /// transaction ID; an entry goes when it is used or its chain or account is saved.
    private var prefetchedChains: [String: ChainRecord] = [:]
    /// Whether ``prefetchedChains`` or ``purchasedChainsCache`` ever held anything in this operation: a due event
    /// asks before looking at them (each look at a dictionary of this class is a run-time exclusivity check, where
    /// a flag set only by plain stores needs none).
    private var mayHoldChains = false
    /// Whether a family member's chain may exist: `nil` until first asked, then `true` once any exists or this
    /// operation saves one.
    var mayHaveMemberChains: Bool?
    /// How many chain rows this operation wrote, so that due events read a page ahead can tell when an event
    /// changed chains other than its own.
    var chainSaves = 0

    init(tables: EngineTables, environment: EngineEnvironment, now: Timestamp) throws(AppStoreEngineError) {
        self.tables = tables
        self.environment = environment
        self.now = now
        counters = try tables.counters()
        originalCounters = counters
        notificationUUIDs = counters.notificationUUIDs
        signing = SigningPipeline(signer: environment.signer)
    }

    /// The instant JWS are signed at: the clock's time, but never before the event being handled.
    var signingDate: Timestamp { max(now, environment.clock.now) }

    /// The policy.
    var policy: LifecyclePolicy { environment.policy }

    /// Signs the collected notifications, writes them to the outbox (several rows a statement) and saves the
    /// counters. A notification keeps a reference to its transaction's row only when the row holds the JSON it
    /// was signed with: a later update in the same operation puts the JSON into the notification instead (coded,
    /// as the rest of its stored form).
    func commit() throws(AppStoreEngineError) {
        var rows = try signing.finish()
        if !updatedTransactionIds.isEmpty {
            for index in rows.indices {
                guard rows[index].stored.referencesTransaction, let json = rows[index].transactionJSON,
                    let id = rows[index].transactionId, updatedTransactionIds.contains(id),
                    (try? storedTransaction(id))?.json != json
                else { continue }
                rows[index].stored = rows[index].stored.resolvingReference(StoredMemberNames.compacting(
                    PayloadJSON.insertingSignedDate(rows[index].signedDate, into: json)))
            }
        }
        try tables.insert(rows, headerId: environment.signer.headerId)
        try tables.save(counters, since: originalCounters)
    }

    // MARK: Apps and accounts

    /// The registered app.
    func app(_ bundleId: String) throws(AppStoreEngineError) -> RegisteredApp {
        guard let app = environment.apps[bundleId] else { throw .appNotFound(bundleId: bundleId) }
        return app
    }

    /// The account.
    func account(_ id: String) throws(AppStoreEngineError) -> Account {
        if let account = accountCache[id] { return account }
        let account = try tables.account(id)
        accountCache[id] = account
        return account
    }

    /// Makes what a chain keeps of its owner the context of its events, until the next chain (or a change to the
    /// account) replaces it; a chain that keeps nothing of its owner leaves the context to the account.
    func rememberOwner(of chain: borrowing ChainRecord) {
        guard let owner = chain.owner else {
            dueOwner = nil
            return
        }
        dueOwner = (chain.lifecycle.bundleId, chain.lifecycle.accountId, owner)
    }

    /// Reads the accounts of a batch of purchases and their app transaction records in a few queries, instead of
    /// one query each per purchase; those missing are read (and reported) by each purchase as usual.
    func prefetch(accountsOf requests: [PurchaseRequest]) throws(AppStoreEngineError) {
        var seen: Set<String> = []
        let accountIds = requests.map(\.accountId).filter { accountCache[$0] == nil && seen.insert($0).inserted }
        for account in try tables.accounts(ids: accountIds) { accountCache[account.id] = account }
        for bundleId in Set(requests.map(\.bundleId)) {
            var unknown: Set<String> = []
            let ids = requests.filter { $0.bundleId == bundleId }.map(\.accountId).filter {
                appTransactionCache[AppAccount(bundleId: bundleId, accountId: $0)] == nil && unknown.insert($0).inserted
            }
            for record in try tables.appTransactionRecords(bundleId: bundleId, accountIds: ids) {
                appTransactionCache[AppAccount(bundleId: bundleId, accountId: record.accountId)] = record
                unknown.remove(record.accountId)
            }
            for accountId in unknown { appTransactionAbsent.insert(AppAccount(bundleId: bundleId, accountId: accountId)) }
            let accounts = Array(Set(requests.filter { $0.bundleId == bundleId }.map(\.accountId)))
            mayHoldChains = true
            for accountId in accounts { purchasedChainsCache[AppAccount(bundleId: bundleId, accountId: accountId)] = [] }
            var latest: [String] = []
            for chain in try tables.purchasedChains(bundleId: bundleId, accountIds: accounts) {
                purchasedChainsCache[AppAccount(bundleId: bundleId, accountId: chain.lifecycle.accountId), default: []]
                    .append(chain)
                latest.append(chain.lifecycle.latestTransactionId)
            }
            // A purchase in a group the account already subscribed to reads the chain's latest transaction.
            if !latest.isEmpty { try prefetch(transactions: latest) }
        }
    }

    /// The account's purchased chain in a subscription group, if any: from ``prefetch(accountsOf:)`` when it read
    /// the account and none of its chains was saved since, else from the store.
    func purchasedChain(bundleId: String, accountId: String, groupId: String) throws(AppStoreEngineError) -> ChainRecord? {
        if let chains = purchasedChainsCache[AppAccount(bundleId: bundleId, accountId: accountId)] {
            return chains.first { $0.lifecycle.subscriptionGroupIdentifier == groupId }
        }
        return try tables.purchasedChain(bundleId: bundleId, accountId: accountId, groupId: groupId)
    }

    /// Reads the chains a batch operation is about to handle in a few queries instead of one per chain;
    /// ``chain(_:)`` takes each from here once.
    func prefetch(chains originalTransactionIds: [String]) throws(AppStoreEngineError) {
        mayHoldChains = true
        for chain in try tables.chains(originalTransactionIds: originalTransactionIds) {
            prefetchedChains[chain.lifecycle.originalTransactionId] = chain
        }
    }

    /// The chain, from ``prefetch(chains:)`` when it read it and nothing it was read with changed since, else from
    /// the store; what it keeps of its owner becomes the context of the event about to be handled.
    func chain(_ originalTransactionId: String) throws(AppStoreEngineError) -> ChainRecord {
        let chain: ChainRecord
        if mayHoldChains, !prefetchedChains.isEmpty,
            let prefetched = prefetchedChains.removeValue(forKey: originalTransactionId)
        {
            chain = prefetched
        } else {
            chain = try tables.chain(originalTransactionId)
        }
        rememberOwner(of: chain)
        return chain
    }

    /// Reads transactions a batch operation is about to use in a few queries, instead of one each; those missing
    /// are looked up (and reported) by each use as usual.
    func prefetch(transactions ids: [String]) throws(AppStoreEngineError) {
        for stored in try tables.transactions(ids: ids.filter { transactionCache[$0] == nil }) {
            transactionCache[stored.id] = stored
        }
    }

    /// Forgets what was read ahead about an account (its chains' prefetched rows) after it changed.
    private func forgetPrefetched(accountId: String) {
        guard mayHoldChains, !prefetchedChains.isEmpty else { return }
        prefetchedChains = prefetchedChains.filter { $0.value.lifecycle.accountId != accountId }
    }

    /// Forgets the prefetched purchased chains of a chain's owner after the chain was saved.
    func chainSaved(_ lifecycle: SubscriptionLifecycle) {
        guard mayHoldChains else { return }
        if !prefetchedChains.isEmpty { prefetchedChains[lifecycle.originalTransactionId] = nil }
        guard !purchasedChainsCache.isEmpty else { return }
        purchasedChainsCache[AppAccount(bundleId: lifecycle.bundleId, accountId: lifecycle.accountId)] = nil
    }

    /// Forgets a cached account after it changed.
    func invalidateAccount(_ id: String) {
        accountCache[id] = nil
        forgetPrefetched(accountId: id)
        if dueOwner?.accountId == id { dueOwner = nil }
    }

    /// The account's app transaction record in the app, created on first use (the app's "download").
    func appTransactionRecord(app: RegisteredApp, accountId: String) throws(AppStoreEngineError) -> AppTransactionRecord {
        let key = AppAccount(bundleId: app.bundleId, accountId: accountId)
        if let record = appTransactionCache[key] { return record }
        if appTransactionAbsent.remove(key) == nil,
            let record = try tables.appTransactionRecord(bundleId: app.bundleId, accountId: accountId)
        {
            appTransactionCache[key] = record
            return record
        }
        let record = AppTransactionRecord(
            bundleId: app.bundleId, accountId: accountId,
            appTransactionId: String(EngineCounters.take(&counters.nextAppTransactionId)), originalPurchaseDate: now,
            originalApplicationVersion: app.environment == .production ? app.bundleVersion : "1.0")
        try tables.save(record)
        appTransactionCache[key] = record
        return record
    }

    /// Replaces the account's app transaction record.
    func save(_ record: AppTransactionRecord) throws(AppStoreEngineError) {
        try tables.save(record)
        forgetPrefetched(accountId: record.accountId)
        appTransactionCache[AppAccount(bundleId: record.bundleId, accountId: record.accountId)] = record
        if let due = dueOwner, due.accountId == record.accountId, due.bundleId == record.bundleId {
            dueOwner?.owner.appTransactionId = record.appTransactionId
        }
    }

    /// The lifecycle context of an account in an app, at ``now``: its storefront and app transaction as the chain of
    /// the event being handled keeps them, else as the account and its app transaction record hold them.
    func context(app: RegisteredApp, accountId: String) throws(AppStoreEngineError) -> LifecycleContext {
        let storefront: Storefront
        let appTransactionId: String
        // The remembered owner is read field by field: binding it whole would copy (and retain) all of its strings.
        if dueOwner?.accountId == accountId, dueOwner?.bundleId == app.bundleId,
            let keptStorefront = dueOwner?.owner.storefront
        {
            storefront = keptStorefront
            if let kept = dueOwner?.owner.appTransactionId {
                appTransactionId = kept
            } else {
                appTransactionId = try appTransactionRecord(app: app, accountId: accountId).appTransactionId
            }
        } else {
            storefront = try account(accountId).storefront
            appTransactionId = try appTransactionRecord(app: app, accountId: accountId).appTransactionId
        }
        return LifecycleContext(
            now: now, catalog: app.catalog, timeRate: app.settings.timeRate, policy: policy,
            storefront: storefront, environment: app.environment, bundleId: app.bundleId,
            appTransactionId: appTransactionId,
            isBillingGracePeriodEnabled: app.settings.billingGracePeriodEnabled,
            isBillingRetryOnRenewalEnabled: app.settings.billingRetryOnRenewalEnabled,
            productsNotForSale: app.productsNotForSale)
    }

    // MARK: Transactions

    /// The stored transaction.
    func storedTransaction(_ id: String) throws(AppStoreEngineError) -> StoredTransaction {
        if let cached = transactionCache[id] { return cached }
        let stored = try tables.transaction(id)
        transactionCache[id] = stored
        return stored
    }

    /// The transaction's payload (without `signedDate`).
    func payload(_ id: String) throws(AppStoreEngineError) -> JWSTransactionDecodedPayload {
        try payload(of: storedTransaction(id))
    }

    /// A stored transaction's payload (without `signedDate`): the one this operation wrote when the row still
    /// holds its JSON, else decoded.
    func payload(of stored: StoredTransaction) throws(AppStoreEngineError) -> JWSTransactionDecodedPayload {
        if let written = writtenPayloads[stored.id], written.json == stored.json { return written.payload }
        return try stored.payload()
    }

    /// Remembers the payload a stored row was written from.
    private func rememberPayload(_ payload: JWSTransactionDecodedPayload, of stored: StoredTransaction) {
        var payload = payload
        payload.signedDate = nil
        writtenPayloads[stored.id] = (stored.json, payload)
    }

    /// Stores a new transaction owned by `accountId`, announced in the owner's updates feed when `announced`;
    /// a subscription chain's names the chain's transaction stored before it (`previousInChain`, as
    /// ``EngineTables/insert(_:announcement:previousInChain:)`` takes it).
    @discardableResult
    func insert(
        _ payload: JWSTransactionDecodedPayload, accountId: String, familySource: String? = nil, announced: Bool = false,
        previousInChain: Int64? = nil
    ) throws(AppStoreEngineError) -> StoredTransaction {
        let stored = StoredTransaction(payload, accountId: accountId, familySource: familySource)
        try tables.insert(
            stored, announcement: announced ? (EngineCounters.take(&counters.nextUpdateSequence), now) : nil,
            previousInChain: previousInChain)
        if remembersCreatedPayloads {
            transactionCache[stored.id] = stored
            rememberPayload(payload, of: stored)
        }
        return stored
    }

    /// Replaces a stored transaction's payload.
    @discardableResult
    func update(_ payload: JWSTransactionDecodedPayload) throws(AppStoreEngineError) -> StoredTransaction {
        let existing = try storedTransaction(payload.transactionId ?? "")
        var stored = StoredTransaction(
            payload, accountId: existing.accountId, familySource: existing.familySource, isFinished: existing.isFinished)
        stored.isFinished = existing.isFinished
        try tables.update(stored, notifiedBefore: counters.nextOutboxSequence)
        transactionCache[stored.id] = stored
        updatedTransactionIds.insert(stored.id)
        rememberPayload(payload, of: stored)
        return stored
    }

    /// Puts a transaction in its owner's updates feed.
    func announce(_ transaction: StoredTransaction) throws(AppStoreEngineError) {
        try tables.appendUpdate(
            sequence: EngineCounters.take(&counters.nextUpdateSequence), bundleId: transaction.bundleId,
            accountId: transaction.accountId, transactionId: transaction.id, at: now)
    }

    /// The transaction signed now; issued to a device (StoreKit's views), it carries that device's
    /// `deviceVerification` and a fresh `deviceVerificationNonce`, as Apple's server payloads do not.
    func signed(_ stored: StoredTransaction, forDeviceOf accountId: String? = nil) throws(AppStoreEngineError) -> SignedTransaction {
        let date = signingDate
        var payload = try payload(of: stored)
        guard let accountId else {
            payload.signedDate = date
            return SignedTransaction(jws: try environment.signer.sign(stored.signedJSON(at: date)), payload: payload)
        }
        let storedWithoutDevice = payload.deviceVerification == nil && payload.deviceVerificationNonce == nil
        let (verification, nonce) = try deviceVerification(for: accountId)
        (payload.deviceVerification, payload.deviceVerificationNonce) = (verification, nonce)
        // The stored JSON gains the two device members rather than being written again from the payload.
        let json = storedWithoutDevice
            ? PayloadJSON.deviceTransaction(stored.json, deviceVerification: verification, nonce: nonce, signedDate: date)
            : PayloadJSON.insertingSignedDate(date, into: PayloadJSON.unsignedTransaction(payload))
        payload.signedDate = date
        return SignedTransaction(jws: try environment.signer.sign(json), payload: payload)
    }

    /// A fresh nonce and the matching device verification value for the account's device.
    func deviceVerification(for accountId: String) throws(AppStoreEngineError) -> (String, String) {
        let nonce = uuids.makeString()
        let device = try account(accountId).deviceVerificationId
        let value = DeviceVerification.valueUsingOpenSSL(nonce: nonce, deviceVerificationID: device)
        return (value.base64EncodedString(), nonce)
    }

    // MARK: Notifications

    /// Raises a notification about a transaction (or none, for `TEST` and summaries); it is signed at commit.
    func enqueue(
        _ type: NotificationTypeV2, _ subtype: Subtype? = nil, app: RegisteredApp, transaction: StoredTransaction?,
        renewalInfo: consuming JWSRenewalInfoDecodedPayload? = nil, status: Status? = nil,
        consumptionRequestReason: ConsumptionRequestReason? = nil, summary: Summary? = nil, testToken: String? = nil
    ) {
        let sequence = EngineCounters.take(&counters.nextOutboxSequence)
        signing.submit(NotificationJob(
            sequence: sequence, uuid: notificationUUIDs.uuid(sequence: sequence),
            bundleId: app.bundleId, environment: app.environment, appAppleId: app.payloadAppAppleId,
            bundleVersion: app.bundleVersion, notificationType: type, subtype: subtype,
            transactionId: transaction?.id, originalTransactionId: transaction?.originalTransactionId,
            transactionJSON: transaction?.json, renewalInfo: renewalInfo, status: status,
            consumptionRequestReason: consumptionRequestReason, summary: summary, signedDate: signingDate,
            testToken: testToken))
    }

    /// Raises a lifecycle notification draft; `recent` is a transaction just stored, used when it is the draft's
    /// (saving the lookup).
    func enqueue(
        _ draft: consuming NotificationDraft, app: RegisteredApp, recent: StoredTransaction? = nil
    ) throws(AppStoreEngineError) {
        // The renewal information moves from the draft into the notification, and `recent` is passed on as it is
        // rather than copied into a local first: each copy retained every one of their strings.
        let renewalInfo = draft.renewalInfo.take()
        if recent?.id == draft.transactionId {
            enqueue(
                draft.notificationType, draft.subtype, app: app, transaction: recent, renewalInfo: renewalInfo,
                status: draft.status, consumptionRequestReason: draft.consumptionRequestReason)
        } else {
            enqueue(
                draft.notificationType, draft.subtype, app: app, transaction: try storedTransaction(draft.transactionId),
                renewalInfo: renewalInfo, status: draft.status, consumptionRequestReason: draft.consumptionRequestReason)
        }
    }
}

/// An account in an app: the key of cached app transactions.
private struct AppAccount: Hashable {
    var bundleId: String
    var accountId: String
}
