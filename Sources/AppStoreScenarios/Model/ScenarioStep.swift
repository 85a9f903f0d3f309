import StoreModel

/// One step of a scenario: its position and what it does.
public struct ScenarioStep: Hashable, Sendable {
    /// The position in `steps`, from 0 (as in `steps[3]`).
    public var index: Int
    /// What the step does.
    public var action: ScenarioAction
    /// `comment`: a note for readers; it changes nothing.
    public var comment: String?
    /// A one-line summary for timelines, e.g. `buy pro.monthly (alice)`.
    public var summary: String

    /// `steps[index]`.
    public var path: JSONPath { JSONPath([.key("steps"), .index(index)]) }

    /// The step's kind as written in `do`.
    public var kind: String { action.kind }
}
