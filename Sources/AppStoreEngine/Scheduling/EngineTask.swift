/// The kinds of engine-level due tasks (due events that belong to no subscription chain).
enum EngineTask {
    /// A renewal-date extension for all subscribers of a product.
    static let massExtension = "massExtension"
}
