/// An error a test body throws on purpose, to check what rolls back.
struct ExpectedFailure: Error, Equatable {
    var index = 0
}
