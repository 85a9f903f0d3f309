import StoreModel

extension NormalizedEvent: CanonicalJSONEncodable {
    /// Writes the event with its keys in ascending order, as stored in `ent_events.payload` and sent to webhooks.
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("accountIds", accountIds)
            writer.field("amount", amount)
            writer.field("capabilities", capabilities)
            writer.field("currency", currency)
            writer.field("environment", environment)
            writer.field("id", id)
            writer.field("notificationType", notificationType)
            writer.field("occurredAt", occurredAt)
            writer.field("originalTransactionId", originalTransactionId)
            writer.field("productId", productId)
            writer.field("subtype", subtype)
            writer.field("transactionId", transactionId)
            writer.field("type", type.rawValue)
        }
    }
}
