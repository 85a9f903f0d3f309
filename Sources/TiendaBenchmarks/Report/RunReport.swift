/// Everything one benchmark run produced, ready to print as text or JSON.
struct RunReport: Sendable {
    let machine: MachineDescription
    let settings: RoundSettings
    let measurements: [Measurement]
    let ratios: [RatioResult]
    /// Why Apple's verifier was not measured, when it was not.
    let appleSkippedReason: String?
    /// The sizes of what was signed and verified, in bytes.
    let payloadBytes: Int
    let jwsBytes: Int

    /// Whether every goal that could be evaluated passed.
    var allGoalsPassed: Bool {
        ratios.allSatisfy { $0.passed != false }
    }
}
