import Testing

@Suite struct TopLevelCommandTests {
    @Test func listsTheCommandsWithoutArguments() throws {
        let result = try TiendaProcess.run([])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.contains("catalog check"))
    }

    @Test func rejectsAnUnknownCommandWithUsageExitCode() throws {
        let result = try TiendaProcess.run(["frobnicate"])
        #expect(result.exitCode == 64)
        #expect(result.standardError.contains("unknown command 'frobnicate'"))
    }

    @Test func printsItsVersion() throws {
        let result = try TiendaProcess.run(["--version"])
        #expect(result.exitCode == 0)
        #expect(result.standardOutput.hasPrefix("tienda "))
        // The executable links jemalloc, and jemalloc serves its allocations.
        #expect(result.standardOutput.contains("(malloc: jemalloc 5."))
    }
}
