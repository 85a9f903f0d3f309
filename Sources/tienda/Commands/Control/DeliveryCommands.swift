import Foundation
import StoreHTTP

/// `tienda delivery`: show or change how a running emulator delivers App Store Server Notifications.
struct DeliveryCommand: Command {
    static let path = ["delivery"]
    static let summary = "Show or set a running emulator's notification delivery faults (duplicate, reorder, drop, delay)"
    static let help = """
        USAGE: tienda delivery [--duplicate N] [--reorder N] [--hold MS] [--drop none|all|first:N]
                               [--drop-result RESULT] [--delay MS] [--clear] [--run] [--server URL] [--json]

        Without options, prints where notifications go (the --notify URLs of `tienda serve`), the faults in
        effect and the retry schedule. Each option changes one fault; the others stay as they are. Faults apply
        from the next delivery round on and last until changed or until the server stops.

        OPTIONS:
          --duplicate N        POST every attempt N more times (same signedPayload, same notificationUUID).
          --reorder N          Hold new notifications until N are waiting (or --hold passes), then send newest first.
                               0 turns reordering off.
          --hold MS            The longest a notification is held for reordering (default 60000).
          --drop WHAT          none; all (every attempt); first:N (the first N attempts of each notification).
                               A dropped attempt is recorded as failed but nothing is sent.
          --drop-result R      How a dropped attempt is recorded: NO_RESPONSE (default), TIMED_OUT, …
          --delay MS           Hold each notification's first attempt until MS milliseconds after it was signed.
          --clear              Turn every fault off.
          --run                Make every due attempt now and print them (after `tienda advance`, for example).
        \(ControlClient.optionsHelp)

        EXAMPLES:
          tienda delivery --drop first:2          # the third attempt (13 scaled hours later) gets through
          tienda delivery --duplicate 1 --reorder 3
          tienda delivery --clear
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let clear = arguments.flag("--clear")
        let runNow = arguments.flag("--run")
        var changes: [String: Any] = [:]
        if let text = try arguments.option("--duplicate") { changes["duplicates"] = try integer(text, "--duplicate") }
        let reorder = try arguments.option("--reorder").map { text throws(CommandFailure) in try integer(text, "--reorder") }
        let hold = try arguments.option("--hold").map { text throws(CommandFailure) in try integer(text, "--hold") }
        if let text = try arguments.option("--drop") {
            switch text {
            case "none", "all": changes["drop"] = text
            case let first where first.hasPrefix("first:"):
                changes["drop"] = "firstAttempts"
                changes["dropAttempts"] = try integer(String(first.dropFirst("first:".count)), "--drop first:N")
            default: throw CommandFailure.usage("--drop \(text): use none, all or first:N.")
            }
        }
        if let text = try arguments.option("--drop-result") { changes["droppedAttemptResult"] = text }
        if let text = try arguments.option("--delay") { changes["delayMilliseconds"] = try integer(text, "--delay") }
        try arguments.finish()

        var answer = try await client.send(.get, "/delivery")
        if clear || !changes.isEmpty || reorder != nil || hold != nil {
            var faults = clear ? [:] : answer.object("faults")
            faults.merge(changes) { $1 }
            if let reorder {
                faults["reorder"] = reorder == 0 ? NSNull() : ["batchSize": reorder, "maximumHoldMilliseconds": hold ?? 60_000]
            } else if let hold, var current = faults["reorder"] as? [String: Any] {
                current["maximumHoldMilliseconds"] = hold
                faults["reorder"] = current
            }
            answer = try await client.send(.put, "/delivery/faults", faults)
        }
        if runNow {
            let round = try await client.send(.post, "/delivery/run")
            client.show(round, output: output) {
                let sends = round.list("sends")
                return sends.isEmpty ? ["nothing was due"] : sends.map {
                    "\($0["url"] as? String ?? "?")  attempt \($0["attemptNumber"] as? Int ?? 0)  "
                        + "\($0["result"] as? String ?? "?")  \($0["notificationUUID"] as? String ?? "")"
                }
            }
            return .success
        }
        client.show(answer, output: output) { summary(answer) }
        return .success
    }

    private static func integer(_ text: String, _ option: String) throws(CommandFailure) -> Int {
        guard let value = Int(text), value >= 0 else { throw CommandFailure.usage("\(option) \(text) is not a whole number ≥ 0.") }
        return value
    }

    private static func summary(_ answer: ControlAnswer) -> [String] {
        let urls = answer.json["urls"] as? [String] ?? []
        let faults = answer.object("faults")
        var lines = ["notification URLs  " + (urls.isEmpty ? "none (start tienda serve with --notify URL)" : urls.joined(separator: ", "))]
        var active: [String] = []
        if let duplicates = faults["duplicates"] as? Int, duplicates > 0 { active.append("duplicate ×\(duplicates)") }
        if let reorder = faults["reorder"] as? [String: Any] {
            active.append("reorder batches of \(reorder["batchSize"] as? Int ?? 0) (hold ≤ \(reorder["maximumHoldMilliseconds"] as? Int ?? 0) ms)")
        }
        switch faults["drop"] as? String {
        case "all": active.append("drop every attempt as \(faults["droppedAttemptResult"] as? String ?? "?")")
        case "firstAttempts":
            active.append("drop the first \(faults["dropAttempts"] as? Int ?? 0) attempts as \(faults["droppedAttemptResult"] as? String ?? "?")")
        default: break
        }
        if let delay = faults["delayMilliseconds"] as? Int, delay > 0 { active.append("delay \(delay) ms") }
        lines.append("faults             " + (active.isEmpty ? "none" : active.joined(separator: ", ")))
        let schedule = answer.object("schedule")
        let hours = (schedule["productionRetryIntervalsMilliseconds"] as? [Int] ?? []).map { "\($0 / 3_600_000)h" }
        lines.append("retries            \(hours.joined(separator: ", ")) (Production; scaled by the time rate)")
        if let error = answer.json["lastError"] as? String { lines.append("last error         \(error)") }
        return lines
    }
}

/// `tienda ocsp`: show or change what a running emulator's OCSP responder reports.
struct OCSPCommand: Command {
    static let path = ["ocsp"]
    static let summary = "Revoke or reinstate the emulator's certificates, or simulate OCSP responder failures"
    static let help = """
        USAGE: tienda ocsp [revoke|reinstate intermediate|leaf] [--reason N] [--fault none|unavailable|tryLater]
                           [--server URL] [--json]

        The emulator's intermediate and signing certificates point their OCSP URLs at the server, so a
        verifier with online checks on (Apple's SignedDataVerifier with enable_online_checks=True) asks it.
        Without arguments, prints the revocations and the fault in effect.

          revoke SUBJECT       Report the intermediate or the leaf as revoked from now on.
          reinstate SUBJECT    Report it as good again.

        OPTIONS:
          --reason N           The CRLReason of a revocation (1 keyCompromise, 4 superseded, …).
          --fault F            none; unavailable (HTTP 503: a retryable failure); tryLater (OCSP tryLater).
        \(ControlClient.optionsHelp)

        EXAMPLE:
          tienda ocsp revoke leaf --reason 1
        """

    static func run(_ arguments: inout ArgumentList, output: Output) async throws -> ExitCode {
        let client = try ControlClient(&arguments)
        let reason = try arguments.option("--reason")
        let fault = try arguments.option("--fault")
        let positionals = arguments.allPositionals()
        try arguments.finish()
        var answer = try await client.send(.get, "/ocsp")
        if let fault { answer = try await client.send(.put, "/ocsp/fault", ["fault": fault]) }
        switch positionals.count {
        case 0: break
        case 2 where ["revoke", "reinstate"].contains(positionals[0]):
            var body: [String: Any] = [:]
            if let reason {
                guard let value = Int(reason) else { throw CommandFailure.usage("--reason \(reason) is not a number.") }
                body["reason"] = value
            }
            answer = try await client.send(.post, "/ocsp/\(positionals[1])/\(positionals[0])", body)
        default:
            throw CommandFailure.usage("Expected `revoke SUBJECT` or `reinstate SUBJECT` (intermediate or leaf).")
        }
        client.show(answer, output: output) {
            let revocations = answer.object("revocations")
            return [
                "fault        \(answer.json["fault"] as? String ?? "?")",
                "revoked      " + (revocations.isEmpty ? "nothing" : revocations.keys.sorted().joined(separator: ", ")),
                "leaf OCSP    \(answer.json["leafOCSPURL"] as? String ?? "none")",
            ]
        }
        return .success
    }
}
