import Foundation
import Testing
import TiendaKit

/// Seed 003's `Derechos`, `compraroriginalEsAnteriorA(_:)` and `restaurar()`, compiled against TiendaKit and
/// exercised.
@Suite(.hangGuard) @MainActor struct DerechosSeedTests {
    @Test(arguments: BackendKind.both)
    func derechosGrantOnlyVerifiedUnrevokedEntitlements(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.session.buyProduct(identifier: SeedIDs.proVitalicio)
        let refunded = try await fixture.session.buyProduct(identifier: SeedIDs.discovererPro)
        try await fixture.session.refundTransaction(identifier: refunded.id)
        try await fixture.session.buyProduct(identifier: SeedIDs.creditos)
        await fixture.launch {
            let derechos = Derechos()
            await derechos.recalcular()
            #expect(derechos.activos == [SeedIDs.proVitalicio])
            #expect(derechos.tieneAccesoPro)
        }
        let foreign = InterposedBackend(base: fixture.backend) { $0.deviceVerificationID = UUID() }
        await TiendaKit.withBackend(foreign) {
            let derechos = Derechos()
            await derechos.recalcular()
            #expect(derechos.activos.isEmpty)
            #expect(!derechos.tieneAccesoPro)
        }
    }

    @Test(arguments: BackendKind.both)
    func derechosAskAboutProAccessNotAboutPlans(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.session.buyProduct(identifier: SeedIDs.proAnual)
        await fixture.launch {
            let derechos = Derechos()
            await derechos.recalcular()
            #expect(derechos.tieneAccesoPro)
        }
        try await fixture.session.expireSubscription(productIdentifier: SeedIDs.proAnual)
        await fixture.launch {
            let derechos = Derechos()
            await derechos.recalcular()
            #expect(!derechos.tieneAccesoPro)
        }
    }

    @Test(arguments: BackendKind.both)
    func buyersFromBeforeThePaidVersionKeepTheirAccess(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore(appVersion: "4")
        try await fixture.session.setOriginalAppVersion("2")
        await fixture.launch {
            #expect(await compraroriginalEsAnteriorA(3))
            #expect(!(await compraroriginalEsAnteriorA(2)))
        }
        try await fixture.session.setSimulatedError(.verification(.invalidSignature), forAPI: .verification)
        await fixture.launch {
            #expect(!(await compraroriginalEsAnteriorA(3)))
        }
    }

    @Test(arguments: BackendKind.both)
    func restaurarRecomputesTheEntitlementsAfterSigningIn(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        await fixture.launch {
            let restauracion = Restauracion(derechos: Derechos())
            await restauracion.restaurar()
            #expect(restauracion.derechos.activos.isEmpty)
        }
        try await fixture.session.buyProduct(identifier: SeedIDs.proMensual)
        await fixture.launch {
            let restauracion = Restauracion(derechos: Derechos())
            await restauracion.restaurar()
            #expect(restauracion.derechos.activos == [SeedIDs.proMensual])
        }
    }

    @Test(arguments: BackendKind.both)
    func restaurarTreatsACancelledSignInAsNoFailure(_ kind: BackendKind) async throws {
        let fixture = try await kind.makeSeedStore()
        try await fixture.session.buyProduct(identifier: SeedIDs.proMensual)
        fixture.backend.dialogs.signInResponse = .cancel
        await fixture.launch {
            let restauracion = Restauracion(derechos: Derechos())
            await restauracion.restaurar()
            #expect(restauracion.derechos.activos.isEmpty)
        }
    }
}
