// Seed 001 ("StoreKit 2: cargar productos, comprar y por qué desapareció la cola"), ported to TiendaKit as a test
// fixture: the `Tienda` class, `comprar(_:)` and `escucharTransacciones()`.
//
// Same shape and logic as the seed. What changed, and why:
// - `import StoreKit` → `import TiendaKit`; `ObservableObject` + `@Published` → `@Observable`.
// - The seed's free functions `comprar(_:)` and `escucharTransacciones()` and the names they use
//   (`identificadorAnonimoDeCuenta`, `acreditar(_:)`) live in the class; the seed leaves `acreditar` to the
//   reader, with one rule: idempotent by transaction identifier. Here it credits an in-memory balance.
import Foundation
import Observation
import TiendaKit

@MainActor @Observable
final class Tienda {
    @ObservationIgnored nonisolated(unsafe) private var escucha: Task<Void, Never>?
    private(set) var productos: [Product] = []
    private(set) var creditos = 0
    private(set) var acreditadas: Set<UInt64> = []
    /// The seed's `acreditar` step, recorded in order with `finish()`, to check that delivery comes first.
    private(set) var diario: [String] = []
    let identificadorAnonimoDeCuenta = UUID()

    private let identificadores = [
        "pro.mensual", "pro.anual", "creditos.100",
    ]

    init() {}

    deinit { escucha?.cancel() }

    func cargar() async {
        do {
            let encontrados = try await Product.products(for: identificadores)
            productos = encontrados.sorted { $0.price < $1.price }
        } catch {
            // Sin red o sin tienda disponible: no es un error del usuario
            productos = []
        }
    }

    enum ResultadoCompra { case exito, cancelada, pendiente }

    func comprar(_ producto: Product) async throws -> ResultadoCompra {
        let resultado = try await producto.purchase(options: [
            .appAccountToken(identificadorAnonimoDeCuenta)
        ])

        switch resultado {
        case .success(let verificacion):
            let transaccion = try verificacion.payloadValue
            await acreditar(transaccion)  // primero se entrega el valor
            await finalizar(transaccion)  // y solo entonces se cierra
            return .exito
        case .userCancelled:
            return .cancelada
        case .pending:
            return .pendiente  // llegara por Transaction.updates
        @unknown default:
            return .pendiente
        }
    }

    func escucharTransacciones() -> Task<Void, Never> {
        Task.detached {
            for await verificacion in Transaction.updates {
                guard let transaccion = try? verificacion.payloadValue else { continue }
                await self.acreditar(transaccion)
                await self.finalizar(transaccion)
            }
        }
    }

    /// Starts the listener at initialisation of the dependency container, as the seed says.
    func arrancar() {
        escucha = escucharTransacciones()
    }

    /// Delivers the value of a transaction, once per transaction identifier.
    func acreditar(_ transaccion: Transaction) async {
        diario.append("acreditar \(transaccion.id)")
        guard transaccion.revocationDate == nil, !acreditadas.contains(transaccion.id) else { return }
        acreditadas.insert(transaccion.id)
        if transaccion.productID == "creditos.100" { creditos += 100 * transaccion.purchasedQuantity }
    }

    private func finalizar(_ transaccion: Transaction) async {
        await transaccion.finish()
        diario.append("finish \(transaccion.id)")
    }
}
