import Synchronization

/// The system sheets a device shows during StoreKit calls: the payment sheet of a purchase and the App Store
/// sign-in of `AppStore.sync()`.
///
/// Tests script the answers (``purchaseResponse``, ``signInResponse``); an app with a user interface gives a
/// ``DialogPresenter`` that asks the person.
///
/// ```swift
/// backend.dialogs.purchaseResponse = .cancel   // the customer closes the payment sheet
/// #expect(try await product.purchase() == .userCancelled)
/// ```
public final class SystemDialogs: Sendable {
    /// How a scripted sheet is answered.
    public enum Response: Hashable, Sendable {
        /// The customer confirms.
        case confirm
        /// The customer cancels.
        case cancel
    }

    private struct State {
        var purchase: Response
        var signIn: Response
        var presenter: (any DialogPresenter)?
    }

    private let state: Mutex<State>

    /// Creates dialogs that answer as scripted, or through `presenter` when given.
    public init(purchase: Response = .confirm, signIn: Response = .confirm, presenter: (any DialogPresenter)? = nil) {
        state = Mutex(State(purchase: purchase, signIn: signIn, presenter: presenter))
    }

    /// How the payment sheet is answered when there is no presenter.
    public var purchaseResponse: Response {
        get { state.withLock { $0.purchase } }
        set { state.withLock { $0.purchase = newValue } }
    }

    /// How the sign-in of `AppStore.sync()` is answered when there is no presenter.
    public var signInResponse: Response {
        get { state.withLock { $0.signIn } }
        set { state.withLock { $0.signIn = newValue } }
    }

    /// Who shows the sheets to a person; `nil` answers as scripted.
    public var presenter: (any DialogPresenter)? {
        get { state.withLock { $0.presenter } }
        set { state.withLock { $0.presenter = newValue } }
    }

    /// Shows the payment sheet; `true` when the customer confirms.
    func confirmPurchase(of product: Product, quantity: Int) async -> Bool {
        let (response, presenter) = state.withLock { ($0.purchase, $0.presenter) }
        if let presenter { return await presenter.confirmPurchase(of: product, quantity: quantity) }
        return response == .confirm
    }

    /// Shows the App Store sign-in; `true` when the customer signs in.
    func signIn() async -> Bool {
        let (response, presenter) = state.withLock { ($0.signIn, $0.presenter) }
        if let presenter { return await presenter.signIn() }
        return response == .confirm
    }
}

/// Shows the system sheets to a person: a terminal prompt, a window.
public protocol DialogPresenter: Sendable {
    /// Asks the customer to confirm buying `quantity` of `product`; `true` to buy.
    func confirmPurchase(of product: Product, quantity: Int) async -> Bool
    /// Asks the customer to sign in to the App Store; `true` when they do.
    func signIn() async -> Bool
}
