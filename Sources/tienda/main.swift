import Foundation

let exitCode = await CommandRegistry.main(arguments: Array(CommandLine.arguments.dropFirst()), output: Output())
exit(exitCode.rawValue)
