import Foundation
import Observation

/// The seeds' entitlement layer: one observable store the interface reads — products with localized prices,
/// what the customer may do, the subscription's state, the coin balance and the last failure — built on the
/// StoreKit-shaped API.
///
/// - The updates listener starts when the store is created and stops when it goes away (seeds 001, 002).
/// - Access is computed from verified, unrevoked current entitlements, mapped to capabilities in one
///   ``CapabilityMap`` (seed 003); the cached state shows instantly at launch and is always reconciled,
///   never trusted (seed 002).
/// - A purchase is delivered, persisted, and only then finished, exactly once per transaction (seed 001).
/// - Every failure replaces ``lastError`` with a new message (seed 002's silent alert).
///
/// ```swift
/// let store = try Store(configuration: configuration, ledger: ledger, cache: EntitlementCache(storage: defaults))
/// await store.waitUntilLaunched()
/// if store.has(.pro) { … }
/// switch await store.purchase(productID: "com.example.pro.monthly") { … }
/// ```
@MainActor @Observable
public final class Store {
    /// What the store sells and what purchases unlock.
    @ObservationIgnored public let configuration: StoreConfiguration
    /// The loaded products, cheapest first.
    public internal(set) var products: [Product] = []
    /// Requested products the store does not know: a misconfigured catalog, caught before release (seed 001).
    public internal(set) var missingProductIDs: [String] = []
    /// Where loading the catalog stands.
    public internal(set) var catalogState = CatalogState.idle
    /// What the customer may do now.
    public internal(set) var capabilities: Set<Capability>
    /// Whether ``capabilities`` came from the store (`true`) or still from the launch cache (`false`).
    public internal(set) var isReconciled = false
    /// The products the customer owns now (verified, unrevoked current entitlements).
    public internal(set) var ownedProductIDs: Set<String> = []
    /// Whether the customer keeps access from before the app became paid.
    public internal(set) var hasLegacyAccess = false
    /// The state of the configured subscription group; `nil` when the customer never subscribed.
    public internal(set) var subscriptionState: SubscriptionState?
    /// The consumable currency's balance.
    public internal(set) var balance = 0
    /// The last transaction delivered and finished (purchases, renewals, approvals, refunds).
    public internal(set) var lastDeliveredTransaction: Transaction?
    /// Products bought but waiting for approval.
    public internal(set) var pendingProductIDs: Set<String> = []
    /// The last failure; a new value on every failure, even a repeated one.
    public internal(set) var lastError: StoreMessage?
    /// What the last restore found.
    public internal(set) var lastRestoreOutcome: RestoreOutcome?
    /// Whether a purchase or restore is running.
    public internal(set) var isProcessing = false

    /// The launch the store belongs to.
    @ObservationIgnored let client: StoreClient
    /// The consumable ledger, when the app sells consumables.
    @ObservationIgnored let ledger: ConsumableLedger?
    /// The launch cache.
    @ObservationIgnored let cache: EntitlementCache
    /// The updates listener: cancelled in `deinit`.
    @ObservationIgnored let listener = TaskHandle()
    /// The launch work: catalog, entitlements, balance.
    @ObservationIgnored let launch = TaskHandle()
    /// How many failures were reported.
    @ObservationIgnored var failureCount = 0

    /// Creates the store for the current backend (the task's or the process's) and starts it: the cached
    /// capabilities show at once, the updates listener starts, then the catalog, entitlements and balance load.
    /// - Throws: ``StoreKitError`` when no backend is chosen.
    public init(
        configuration: StoreConfiguration, ledger: ConsumableLedger? = nil,
        cache: EntitlementCache = EntitlementCache(storage: InMemoryKeyValueStore())
    ) throws(StoreKitError) {
        self.configuration = configuration
        self.client = try StoreClient.resolve(nil)
        self.ledger = ledger
        self.cache = cache
        capabilities = cache.load()
        startListening()
        launch.set(Task { [weak self] in await self?.refreshAll() })
    }

    deinit {
        listener.cancel()
        launch.cancel()
    }

    /// Whether the customer may use a capability.
    public func has(_ capability: Capability) -> Bool { capabilities.contains(capability) }

    /// Whether the customer has Pro.
    public var isPro: Bool { capabilities.contains(.pro) }

    /// The updates listener's task, to observe that it ends when the store goes away.
    public var updatesListener: Task<Void, Never>? { listener.current }

    /// Returns once the launch work (catalog, entitlements, balance) is done.
    public func waitUntilLaunched() async {
        await launch.current?.value
    }

    /// Loads the catalog, then reconciles access, subscription state and balance.
    public func refreshAll() async {
        await loadProducts()
        await refreshEntitlements()
        await refreshBalance()
    }

    /// Records a failure as a new ``lastError``.
    func report(_ kind: StoreMessage.Kind, _ text: String) {
        failureCount += 1
        lastError = StoreMessage(id: failureCount, kind: kind, text: text)
    }
}
