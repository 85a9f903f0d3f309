// swift-tools-version: 6.2
import PackageDescription

/// One list of compiler settings for every Swift target: Swift 6 mode (complete concurrency checking),
/// explicit `any`, and member imports that must be visible.
let swiftSettings: [SwiftSetting] = [
    .swiftLanguageMode(.v6),
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Tienda",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "StoreModel", targets: ["StoreModel"]),
        .library(name: "StoreCrypto", targets: ["StoreCrypto"]),
        .library(name: "StoreStorage", targets: ["StoreStorage"]),
        .library(name: "StoreHTTPClient", targets: ["StoreHTTPClient"]),
        .library(name: "StoreHTTP", targets: ["StoreHTTP"]),
        .library(name: "AppStoreEngine", targets: ["AppStoreEngine"]),
        .library(name: "AppStoreEmulator", targets: ["AppStoreEmulator"]),
        .library(name: "AppStoreScenarios", targets: ["AppStoreScenarios"]),
        .library(name: "EntitlementServer", targets: ["EntitlementServer"]),
        .library(name: "TiendaKit", targets: ["TiendaKit"]),
        .executable(name: "tienda", targets: ["tienda"]),
        .executable(name: "tienda-bench", targets: ["TiendaBenchmarks"]),
        .executable(name: "tienda-entitlements-bench", targets: ["EntitlementBenchmarks"]),
    ],
    targets: [
        // C libraries from Debian's -dev packages.
        .systemLibrary(name: "COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        // The few C functions Swift cannot call directly (variadics and function-like macros): OpenSSL's, then
        // libmicrohttpd's, apart so that crypto-only builds (the fuzzers) do not link the HTTP library.
        .target(name: "CTiendaShims", dependencies: ["COpenSSL"]),
        .target(name: "CMicroHTTPDShims", dependencies: ["CMicroHTTPD"]),
        // A SQLite VFS over the default one that writes runs of contiguous log frames and checkpoint pages at once.
        .target(name: "CSQLiteVFS", dependencies: ["CSQLite"]),

        // A pthread mutex around a value, which ThreadSanitizer sees (shared by StoreCrypto and StoreHTTP).
        .target(name: "StoreLocking", swiftSettings: swiftSettings),
        // The model: Apple's payloads, `.storekit` catalogs. Foundation only.
        .target(name: "StoreModel", swiftSettings: swiftSettings),
        // P-256 keys, ES256, JWS, X.509, the certificate authority and the signed-data verifier.
        .target(name: "StoreCrypto", dependencies: ["StoreModel", "StoreLocking", "COpenSSL", "CTiendaShims"], swiftSettings: swiftSettings),
        // The database layer: a backend-neutral SQL API, migrations and group commit over SQLite and PostgreSQL.
        .target(name: "StoreStorage", dependencies: ["CSQLite", "CSQLiteVFS", "CLibPQ"], swiftSettings: swiftSettings),
        // URLSession HTTP client and the message vocabulary it shares with the server; no libmicrohttpd.
        .target(name: "StoreHTTPClient", swiftSettings: swiftSettings),
        // HTTP server on libmicrohttpd and router (re-exports StoreHTTPClient); no domain knowledge.
        .target(
            name: "StoreHTTP", dependencies: ["StoreHTTPClient", "StoreLocking", "CMicroHTTPD", "CMicroHTTPDShims"],
            swiftSettings: swiftSettings),

        // The emulated App Store: operations, subscription lifecycle on a controllable clock, outbox, StoreKit views.
        .target(name: "AppStoreEngine", dependencies: ["StoreModel", "StoreCrypto", "StoreStorage"], swiftSettings: swiftSettings),
        // The emulated App Store over HTTP: App Store Server API, StoreKit-facing and control routes, notification
        // delivery, OCSP and the web transaction manager.
        .target(
            name: "AppStoreEmulator", dependencies: ["AppStoreEngine", "StoreModel", "StoreCrypto", "StoreHTTP", "StoreStorage"],
            swiftSettings: swiftSettings),
        // The entitlement server: verified ingest of App Store notifications and app transactions, accounts,
        // capabilities, consumable ledger, promotional grants, webhooks and the reconciler.
        .target(
            name: "EntitlementServer", dependencies: ["StoreModel", "StoreCrypto", "StoreStorage", "StoreHTTP"],
            swiftSettings: swiftSettings),

        // Scenario files: documented JSON steps run on the engine with a virtual clock, and the timeline they produce.
        .target(name: "AppStoreScenarios", dependencies: ["AppStoreEngine", "StoreModel"], swiftSettings: swiftSettings),

        // StoreKit 2's shape over the emulator (in-process engine or `tienda serve`), StoreKitTest's controls,
        // and the seeds' entitlement layer: capabilities, consumable ledger, cached Pro state, restore.
        .target(
            name: "TiendaKit",
            dependencies: ["StoreModel", "StoreCrypto", "StoreStorage", "StoreHTTPClient", "AppStoreEngine"],
            swiftSettings: swiftSettings),

        // jemalloc as the executables' malloc, and what reports it.
        .target(name: "ProcessAllocator", dependencies: ["CJemalloc"], swiftSettings: swiftSettings),

        // The `tienda` command-line tool.
        .executableTarget(
            name: "tienda",
            dependencies: [
                "StoreModel", "StoreCrypto", "StoreStorage", "StoreHTTP", "AppStoreEngine", "AppStoreEmulator",
                "AppStoreScenarios", "EntitlementServer", "TiendaKit", "ProcessAllocator",
            ],
            swiftSettings: swiftSettings),
        // Release-built benchmarks that print ratios against references measured in the same run.
        .executableTarget(
            name: "TiendaBenchmarks",
            dependencies: [
                "StoreModel", "StoreCrypto", "COpenSSL", "StoreStorage", "AppStoreEngine", "AppStoreScenarios",
                "ProcessAllocator",
            ],
            swiftSettings: swiftSettings),

        // The entitlement server's benchmarks: ingest against verify-only, lookups against nginx.
        .executableTarget(
            name: "EntitlementBenchmarks", dependencies: ["EntitlementServer", "StoreModel", "StoreCrypto", "StoreStorage"],
            swiftSettings: swiftSettings),

        .testTarget(name: "StoreModelTests", dependencies: ["StoreModel", "TiendaTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "StoreCryptoTests", dependencies: ["StoreCrypto", "StoreLocking", "StoreModel", "COpenSSL", "TiendaTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "AppStoreEngineTests", dependencies: ["AppStoreEngine", "StoreModel", "StoreCrypto", "StoreStorage", "TiendaTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "InteropTests", dependencies: ["StoreCrypto", "StoreModel", "TiendaTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "TiendaCLITests", dependencies: ["tienda", "TiendaTestSupport"], exclude: ["Snapshots"], swiftSettings: swiftSettings),
        // Scenario parsing and running, and the SIGKILL crash-consistency test of `tienda scenario run --state`.
        .testTarget(
            name: "AppStoreScenariosTests", dependencies: ["AppStoreScenarios", "AppStoreEngine", "StoreModel", "tienda", "TiendaTestSupport"],
            swiftSettings: swiftSettings),
        // A process that commits SQLite writes and is then killed mid-transaction by StoreStorageTests.
        .executableTarget(
            name: "tienda-storage-crash-probe", dependencies: ["StoreStorage"], path: "Tests/StorageCrashProbe",
            swiftSettings: swiftSettings),
        .testTarget(
            name: "EntitlementServerTests",
            dependencies: [
                "EntitlementServer", "AppStoreEngine", "StoreModel", "StoreCrypto", "StoreStorage", "StoreHTTP", "tienda", "TiendaTestSupport",
            ],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "StoreStorageTests", dependencies: ["StoreStorage", "CSQLite", "tienda-storage-crash-probe", "TiendaTestSupport"],
            swiftSettings: swiftSettings),
        // Test support shared by test targets: a raw TCP client for requests URLSession will not send, the runner
        // of Apple's Python library (Tests/Interop/apple_oracle.py), the seeded generator of the property tests, and
        // the posix_spawn child process every test starts programs with.
        .target(name: "TiendaTestSupport", path: "Tests/Support/TiendaTestSupport", swiftSettings: swiftSettings),
        .testTarget(name: "TiendaTestSupportTests", dependencies: ["TiendaTestSupport"], swiftSettings: swiftSettings),
        .testTarget(name: "StoreHTTPTests", dependencies: ["StoreHTTP", "TiendaTestSupport"], swiftSettings: swiftSettings),
        // The web transaction manager in headless Chromium against a running `tienda serve`.
        .testTarget(name: "BrowserTests", dependencies: ["tienda", "TiendaTestSupport"], swiftSettings: swiftSettings),
        // Notification delivery and the OCSP responder of the emulator, against live loopback servers and Apple's
        // Python verifier.
        .testTarget(
            name: "AppStoreEmulatorDeliveryTests",
            dependencies: ["AppStoreEmulator", "AppStoreEngine", "StoreHTTP", "StoreCrypto", "StoreModel", "TiendaTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "AppStoreEmulatorTests",
            dependencies: ["AppStoreEmulator", "AppStoreEngine", "StoreHTTP", "StoreCrypto", "StoreModel", "TiendaTestSupport"],
            swiftSettings: swiftSettings),
        .testTarget(
            name: "TiendaKitTests",
            dependencies: ["TiendaKit", "AppStoreEngine", "AppStoreEmulator", "StoreModel", "StoreCrypto", "StoreStorage", "tienda"],
            swiftSettings: swiftSettings),
    ]
)
