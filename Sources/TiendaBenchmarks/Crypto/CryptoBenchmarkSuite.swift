import Foundation
import StoreCrypto
import StoreModel

/// The crypto benchmark group: builds the fixtures and the reference, then measures signing and verification,
/// ours interleaved with OpenSSL's (and Apple's Python verifier when available) round by round.
struct CryptoBenchmarkSuite {
    let settings: RoundSettings
    /// Apple's verifier, or `nil` to leave it out.
    let apple: AppleOracleBenchmark?
    /// Why `apple` is `nil`, for the report.
    let appleSkippedReason: String?
    /// Workload identifiers to measure; empty for all.
    var only: Set<String> = []
    var progress: (_ label: String, _ round: Int) -> Void = { _, _ in }

    func run() throws -> RunReport {
        var machine = MachineDescription.current()
        let fixtures = try CryptoFixtures()
        let reference = try OpenSSLReference(
            privateKeyPKCS8: fixtures.authority.leafKey.pkcs8DERRepresentation,
            publicKeySPKI: fixtures.authority.leafKey.publicKey.derRepresentation, message: fixtures.signingInput)
        let chainReference = try OpenSSLChainReference(
            root: fixtures.authority.root.derRepresentation, leaf: fixtures.authority.leaf.derRepresentation,
            intermediate: fixtures.authority.intermediate.derRepresentation, message: reference.message,
            signature: reference.signature, validationTime: CryptoFixtures.signedDate.milliseconds / 1000)
        var workloads = SigningBenchmarks.workloads(fixtures: fixtures, reference: reference)
        workloads += try VerificationBenchmarks.workloads(
            fixtures: fixtures, reference: reference, chainReference: chainReference)
        if let apple, only.isEmpty || only.contains(WorkloadID.appleVerify) {
            workloads.append(try apple.workload(fixtures: fixtures))
        }
        if !only.isEmpty {
            workloads.removeAll { !only.contains($0.id) }
        }
        var harness = BenchmarkHarness(settings: settings)
        harness.progress = progress
        let measurements = try harness.run(workloads)
        machine.loadAtEnd = MachineDescription.loadAverage()
        return RunReport(
            machine: machine, settings: settings, measurements: measurements,
            ratios: RatioResult.evaluate(CryptoGoals.all, on: measurements), appleSkippedReason: appleSkippedReason,
            payloadBytes: fixtures.payload.count, jwsBytes: fixtures.jws.utf8.count)
    }
}
