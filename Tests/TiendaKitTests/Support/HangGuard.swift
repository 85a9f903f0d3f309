import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of TiendaKit's suites: long enough to never fire on a slow machine, short enough to end a hang.
    ///
    /// Each test takes well under a second alone, but these suites run on the one main actor, which they share with every
    /// other `@MainActor` suite of the parallel run; on two busy cores a test can wait its turn for over a minute.
    static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
