public import Foundation
public import StoreModel

/// One app whose signed data the server accepts: its identity and, per environment, the roots it trusts and the
/// App Store Server API the reconciler reads.
public struct AppConfiguration: Hashable, Sendable {
    /// The bundle identifier every signed payload must carry.
    public var bundleId: String
    /// The app Apple ID; required when Production is accepted.
    public var appAppleId: Int64?
    /// The environments accepted, each with its trust anchors.
    public var environments: [EnvironmentTrust]

    /// Creates an app configuration.
    public init(bundleId: String, appAppleId: Int64?, environments: [EnvironmentTrust]) {
        self.bundleId = bundleId
        self.appAppleId = appAppleId
        self.environments = environments
    }
}

/// What one environment of an app trusts, and where its App Store Server API is.
public struct EnvironmentTrust: Hashable, Sendable {
    /// `Production` or `Sandbox`.
    public var environment: AppStoreEnvironment
    /// DER root certificates trusted as anchors: Apple Root CA G3 unless turned off, plus extra roots such as the
    /// emulator's (`tienda pki init` writes it to `STATE/pki/root.der`).
    public var rootCertificates: [Data]
    /// The App Store Server API of this environment, for the reconciler; `nil` disables reconciling it.
    public var serverAPI: ServerAPIConfiguration?

    /// Creates an environment's trust.
    public init(environment: AppStoreEnvironment, rootCertificates: [Data], serverAPI: ServerAPIConfiguration? = nil) {
        self.environment = environment
        self.rootCertificates = rootCertificates
        self.serverAPI = serverAPI
    }
}

/// How to reach an App Store Server API (Apple's or the emulator's) as Apple's client does.
public struct ServerAPIConfiguration: Hashable, Sendable {
    /// The base URL, for example `https://api.storekit.apple.com` or `http://127.0.0.1:8080`.
    public var baseURL: URL
    /// The issuer ID from App Store Connect (the token's `iss`).
    public var issuerId: String
    /// The key ID of the in-app purchase key (the token's `kid`).
    public var keyId: String
    /// The PKCS#8 PEM of the in-app purchase key (`SubscriptionKey_XXXX.p8`).
    public var privateKeyPEM: String

    /// Creates a Server API configuration.
    public init(baseURL: URL, issuerId: String, keyId: String, privateKeyPEM: String) {
        self.baseURL = baseURL
        self.issuerId = issuerId
        self.keyId = keyId
        self.privateKeyPEM = privateKeyPEM
    }
}
