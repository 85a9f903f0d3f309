// Seed 003 ("Verificar y restaurar: derechos vigentes, firma y recuperación de compras"), ported to TiendaKit as a
// test fixture: `Derechos`, the legacy check `compraroriginalEsAnteriorA(_:)`, and `restaurar()`.
//
// Same shape and logic as the seed; `ObservableObject` + `@Published` → `@Observable`, and `restaurar()` lives
// in a small type that holds the `derechos` it recomputes (the seed leaves where it lives to the reader).
import Foundation
import Observation
import TiendaKit

@MainActor @Observable
final class Derechos {
    private(set) var activos: Set<String> = []

    func recalcular() async {
        var vigentes: Set<String> = []
        for await verificacion in Transaction.currentEntitlements {
            guard case .verified(let transaccion) = verificacion else { continue }
            guard transaccion.revocationDate == nil else { continue }
            vigentes.insert(transaccion.productID)
        }
        activos = vigentes
    }

    var tieneAccesoPro: Bool {
        !activos.isDisjoint(with: ["pro.mensual", "pro.anual", "pro.vitalicio"])
    }
}

// Derechos heredados: quien instalo antes de la version de pago conserva el acceso
func compraroriginalEsAnteriorA(_ version: Int) async -> Bool {
    guard let resultado = try? await AppTransaction.shared,
        case .verified(let appTransaccion) = resultado,
        let original = Int(appTransaccion.originalAppVersion)
    else { return false }
    return original < version
}

@MainActor
final class Restauracion {
    let derechos: Derechos

    init(derechos: Derechos) {
        self.derechos = derechos
    }

    func restaurar() async {
        do {
            try await AppStore.sync()  // pide autenticacion al usuario
            await derechos.recalcular()
        } catch {
            // El usuario cancelo la autenticacion: no es un fallo que reportar
        }
    }
}
