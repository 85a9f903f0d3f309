import Foundation
import Testing
import TiendaKit

@Suite struct BackendIsolationTests {
    @Test(arguments: BackendKind.both)
    func parallelTasksEachSeeTheirOwnBackend(_ kind: BackendKind) async throws {
        let stores = [try await kind.makeStore(), try await kind.makeStore()]
        try await stores[0].session.setLocale("es_ES")
        try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in stores.indices {
                group.addTask {
                    try await stores[index].launch {
                        let pass = try await Product.products(for: [IDs.seasonPass]).first
                        if index == 1 { try await stores[index].session.buyProduct(identifier: IDs.theme) }
                        let owned = await verifiedProductIDs(Transaction.currentEntitlements)
                        return (index, (pass?.displayName ?? "") + "/" + owned.joined(separator: ","))
                    }
                }
            }
            var seen: [Int: String] = [:]
            for try await (index, value) in group { seen[index] = value }
            #expect(seen[0] == "Pase de temporada/")
            #expect(seen[1] == "Season Pass/" + IDs.theme)
        }
    }

    @Test(arguments: BackendKind.both)
    func productsKeepTheBackendTheyWereLoadedFrom(_ kind: BackendKind) async throws {
        let store = try await kind.makeStore()
        let product = try await store.launch { try await Product.products(for: [IDs.theme]).first }
        let bought = try #require(try await product?.purchase().verifiedTransaction)
        await bought.finish()
        let unfinished = try await store.backend.unfinishedTransactions()
        #expect(unfinished.isEmpty)
    }
}
