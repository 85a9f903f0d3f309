// The Advanced Commerce details nested in transactions and renewal information, keys in ascending order
// (uppercase before lowercase: `SKU` comes first).

extension AdvancedCommerceTransactionInfo: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("descriptors", descriptors)
            writer.field("estimatedTax", estimatedTax)
            writer.field("items", items)
            writer.field("period", period)
            writer.field("requestReferenceId", requestReferenceId)
            writer.field("taxCode", taxCode)
            writer.field("taxExclusivePrice", taxExclusivePrice)
            writer.field("taxRate", taxRate)
        }
    }
}

extension AdvancedCommerceRenewalInfo: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("consistencyToken", consistencyToken)
            writer.field("descriptors", descriptors)
            writer.field("items", items)
            writer.field("period", period)
            writer.field("requestReferenceId", requestReferenceId)
            writer.field("taxCode", taxCode)
        }
    }
}

extension AdvancedCommerceDescriptors: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("description", description)
            writer.field("displayName", displayName)
        }
    }
}

extension AdvancedCommerceTransactionItem: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("SKU", SKU)
            writer.field("description", description)
            writer.field("displayName", displayName)
            writer.field("offer", offer)
            writer.field("price", price)
            writer.field("refunds", refunds)
            writer.field("revocationDate", revocationDate)
        }
    }
}

extension AdvancedCommerceRenewalItem: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("SKU", SKU)
            writer.field("description", description)
            writer.field("displayName", displayName)
            writer.field("offer", offer)
            writer.field("price", price)
            writer.field("priceIncreaseInfo", priceIncreaseInfo)
        }
    }
}

extension AdvancedCommerceOffer: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("period", period)
            writer.field("periodCount", periodCount)
            writer.field("price", price)
            writer.field("reason", reason)
        }
    }
}

extension AdvancedCommerceRefund: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("refundAmount", refundAmount)
            writer.field("refundDate", refundDate)
            writer.field("refundReason", refundReason)
            writer.field("refundType", refundType)
        }
    }
}

extension AdvancedCommercePriceIncreaseInfo: CanonicalJSONEncodable {
    public func writeCanonicalJSON(to writer: inout CanonicalJSONWriter) {
        writer.object { writer in
            writer.field("dependentSKUs", dependentSKUs)
            writer.field("price", price)
            writer.field("status", status)
        }
    }
}
