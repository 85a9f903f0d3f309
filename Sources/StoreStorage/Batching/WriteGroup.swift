/// Writes of one kind that a batch can run together, in one pass over all of them, instead of one after another:
/// for example every write's reads in one statement, then every write's changes as one multi-row statement per
/// table.
///
/// A ``WriteBatcher`` hands each run of consecutive writes of the same group in a batch to
/// ``runTogether(_:in:)``, in their order of submission. If that throws, the batch rolls back and runs again with
/// each write alone, in its own savepoint, through ``runAlone(_:in:)``, so a failing write fails only its own
/// caller, as a closure write does. Both may run more than once, so they must have no effects outside the
/// transaction.
public protocol WriteGroup: AnyObject, Sendable {
    /// What one write carries.
    associatedtype Item: Sendable
    /// What one write returns to its caller once its batch has committed.
    associatedtype Output: Sendable

    /// Runs `items`, consecutive writes of one batch in their order, in `transaction`; returns each one's output in
    /// the same order. The result must be what running each alone, in order, would have done.
    func runTogether(_ items: [Item], in transaction: SQLTransaction) throws -> [Output]

    /// Runs one write alone in `transaction`.
    func runAlone(_ item: Item, in transaction: SQLTransaction) throws -> Output
}
