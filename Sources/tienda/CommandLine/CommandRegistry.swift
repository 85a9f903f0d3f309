import Foundation
import ProcessAllocator

/// Every `tienda` subcommand, and the dispatch from the command line to one of them.
enum CommandRegistry {
    /// The commands in the order `tienda --help` lists them.
    static let commands: [any Command.Type] = [
        CatalogCheckCommand.self,
        EntitlementsServeCommand.self,
        PKIInitCommand.self,
        PKIShowCommand.self,
        ScenarioRunCommand.self,
        ScenarioCheckCommand.self,
        SignCommand.self,
        VerifyCommand.self,
        ServeCommand.self,
        StatusCommand.self,
        BuyCommand.self,
        PendingCommand.self,
        ApproveCommand.self,
        DeclineCommand.self,
        ResolveCommand.self,
        RefundCommand.self,
        TransactionCommand.self,
        AdvanceCommand.self,
        ExpireCommand.self,
        RenewCommand.self,
        BillingCommand.self,
        AutoRenewCommand.self,
        ChangePlanCommand.self,
        PriceIncreaseCommand.self,
        ExtendCommand.self,
        SubscriptionsCommand.self,
        RevokeCommand.self,
        RedeemCommand.self,
        SettingsCommand.self,
        TransactionsCommand.self,
        AccountsCommand.self,
        AppTransactionCommand.self,
        ProductsCommand.self,
        NotificationsCommand.self,
        DeliveryCommand.self,
        OCSPCommand.self,
        ResetCommand.self,
        ShopCommand.self,
    ]

    /// Runs the command that `arguments` selects and returns the process exit code.
    static func main(arguments: [String], output: Output) async -> ExitCode {
        guard let (command, rest) = select(arguments) else {
            return await topLevel(arguments, output: output)
        }
        var list = ArgumentList(rest)
        if list.wantsHelp() {
            output.print(command.help)
            return .success
        }
        do {
            return try await command.run(&list, output: output)
        } catch let failure as CommandFailure {
            output.error("error: \(failure.message)")
            if failure.showsUsage { output.error("See '\(command.invocation) --help'.") }
            return failure.exitCode
        } catch {
            output.error("error: \(error)")
            return .software
        }
    }

    private static func select(_ arguments: [String]) -> (any Command.Type, [String])? {
        let candidates = commands.filter { arguments.starts(with: $0.path) }
        guard let best = candidates.max(by: { $0.path.count < $1.path.count }) else { return nil }
        return (best, Array(arguments.dropFirst(best.path.count)))
    }

    private static func topLevel(_ arguments: [String], output: Output) async -> ExitCode {
        let words = arguments.prefix { !$0.hasPrefix("-") }
        let wantsHelp = arguments.isEmpty || arguments.contains("--help") || arguments.contains("-h")
            || arguments.first == "help"
        let group = commands.filter { !words.isEmpty && $0.path.starts(with: words) }
        if wantsHelp || !group.isEmpty {
            output.print(overview(of: group.isEmpty ? commands : group))
            return wantsHelp || arguments.isEmpty ? .success : .usage
        }
        if arguments == ["--version"] {
            output.print("tienda \(TiendaVersion.current) (malloc: \(ProcessAllocator.description))")
            return .success
        }
        output.error("error: unknown command '\(arguments.joined(separator: " "))'.")
        output.error("See 'tienda --help' for the list of commands.")
        return .usage
    }

    private static func overview(of list: [any Command.Type]) -> String {
        let width = list.map { $0.path.joined(separator: " ").count }.max() ?? 0
        let lines = list.map { command in
            let name = command.path.joined(separator: " ")
            return "  " + name.padding(toLength: width + 2, withPad: " ", startingAt: 0) + command.summary
        }
        return """
            tienda — an emulated App Store, StoreKit 2-shaped client and entitlement server for testing in-app purchases.

            USAGE: tienda <command> [options]

            COMMANDS:
            \(lines.joined(separator: "\n"))

            Run 'tienda <command> --help' for a command's options and examples.
            Exit codes: 0 ok, 1 verification failed, 64 usage error, 65 bad data, 66 missing input, 70 internal error.
            """
    }
}

/// The version `tienda --version` prints.
enum TiendaVersion {
    static let current = "0.1.0"
}
