import Foundation
import TiendaKit

/// The storefront's keyboard loop: draw the screen, read a choice, act on the store, repeat until `q` or the end
/// of input.
@MainActor
struct ShopLoop {
    let store: Store
    let session: TestSession?
    let clock: (@Sendable () -> Date)?
    let input: LineReader
    let output: Output

    /// Runs until the customer quits.
    ///
    /// A failure shows on the screen drawn right after it, like the seeds' alert, and is dismissed by the next
    /// key; a new failure shows again even when its text is the same (each has a new `id`).
    func run() async {
        await store.waitUntilLaunched()
        var notice: String?
        var dismissedErrorID = store.lastError?.id ?? 0
        while true {
            let error = store.lastError.flatMap { $0.id > dismissedErrorID ? $0 : nil }
            draw(notice: notice, error: error)
            notice = nil
            guard let choice = await input.next() else { return }
            dismissedErrorID = max(dismissedErrorID, error?.id ?? 0)
            switch choice.lowercased() {
            case "q":
                return
            case "r":
                notice = "Restore: " + ShopScreen.describe(await store.restore())
            case "s":
                if await store.spend(10, reason: "shop") { notice = "Spent 10 coins." }
            case "t" where session != nil:
                notice = await advanceClock()
            default:
                notice = await buy(choice)
            }
        }
    }

    private func draw(notice: String?, error: StoreMessage?) {
        let screen = ShopScreen(
            store: store, clock: clock?(), notice: notice, error: error, canControlTime: session != nil)
        output.write(ShopScreen.clear + screen.lines().joined(separator: "\n") + "\n\nChoose an option: ")
    }

    private func buy(_ choice: String) async -> String? {
        guard let index = Int(choice), store.products.indices.contains(index - 1) else {
            return "Type a product number or a letter."
        }
        let product = store.products[index - 1]
        switch await store.purchase(product) {
        case .purchased: return "Bought \(product.displayName)."
        case .cancelled: return "Purchase cancelled."
        case .pending: return "\(product.displayName) is waiting for approval."
        case .failed: return nil
        }
    }

    private func advanceClock() async -> String {
        do {
            try await session?.advance(by: .seconds(31 * 86_400))
            await store.refreshAll()
            return "The clock moved forward a month."
        } catch {
            return "The clock cannot move: \(error)"
        }
    }
}
