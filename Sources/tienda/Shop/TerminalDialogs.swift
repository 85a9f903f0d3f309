import TiendaKit

/// The system sheets as terminal prompts: the payment sheet asks to confirm the price, the App Store sign-in asks
/// before restoring.
struct TerminalDialogs: DialogPresenter {
    let input: LineReader
    let output: Output

    func confirmPurchase(of product: Product, quantity: Int) async -> Bool {
        let what = quantity == 1 ? product.displayName : "\(quantity) × \(product.displayName)"
        return await ask("Buy \(what) for \(product.displayPrice)? [y/n]")
    }

    func signIn() async -> Bool {
        await ask("Sign in to the App Store to restore your purchases? [y/n]")
    }

    private func ask(_ question: String) async -> Bool {
        output.write("\(question) ")
        guard let answer = await input.next() else { return false }
        return answer.lowercased().hasPrefix("y")
    }
}
