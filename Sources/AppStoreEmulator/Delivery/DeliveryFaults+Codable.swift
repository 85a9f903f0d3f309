import StoreModel

/// The JSON of the faults, for the control API; every key is optional when decoding (missing: off):
///
/// ```json
/// {"duplicates": 1, "reorder": {"batchSize": 3, "maximumHoldMilliseconds": 60000},
///  "drop": "firstAttempts", "dropAttempts": 2, "droppedAttemptResult": "TIMED_OUT", "delayMilliseconds": 5000}
/// ```
///
/// `drop` is `"none"`, `"all"` or `"firstAttempts"` (with `dropAttempts`).
extension DeliveryFaults: Codable {
    private enum CodingKeys: String, CodingKey {
        case duplicates, reorder, drop, dropAttempts, droppedAttemptResult, delayMilliseconds
    }

    private enum ReorderKeys: String, CodingKey {
        case batchSize, maximumHoldMilliseconds
    }

    /// Decodes faults; a malformed value throws a `DecodingError` naming its key.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var drop = Drop.none
        switch try container.decodeIfPresent(String.self, forKey: .drop) ?? "none" {
        case "none": drop = .none
        case "all": drop = .all
        case "firstAttempts": drop = .firstAttempts(try container.decode(Int.self, forKey: .dropAttempts))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .drop, in: container, debugDescription: "\"\(other)\" is not one of none, all, firstAttempts")
        }
        var reorder: Reorder?
        if container.contains(.reorder), try !container.decodeNil(forKey: .reorder) {
            let nested = try container.nestedContainer(keyedBy: ReorderKeys.self, forKey: .reorder)
            reorder = Reorder(
                batchSize: try nested.decodeIfPresent(Int.self, forKey: .batchSize) ?? 2,
                maximumHold: .milliseconds(try nested.decodeIfPresent(Int64.self, forKey: .maximumHoldMilliseconds) ?? 60_000))
        }
        self.init(
            duplicates: try container.decodeIfPresent(Int.self, forKey: .duplicates) ?? 0, reorder: reorder, drop: drop,
            droppedAttemptResult: try container.decodeIfPresent(SendAttemptResult.self, forKey: .droppedAttemptResult)
                ?? .noResponse,
            delay: .milliseconds(try container.decodeIfPresent(Int64.self, forKey: .delayMilliseconds) ?? 0))
    }

    /// Encodes every key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(duplicates, forKey: .duplicates)
        if let reorder {
            var nested = container.nestedContainer(keyedBy: ReorderKeys.self, forKey: .reorder)
            try nested.encode(reorder.batchSize, forKey: .batchSize)
            try nested.encode(TimeRate.milliseconds(of: reorder.maximumHold), forKey: .maximumHoldMilliseconds)
        } else {
            try container.encodeNil(forKey: .reorder)
        }
        switch drop {
        case .none: try container.encode("none", forKey: .drop)
        case .all: try container.encode("all", forKey: .drop)
        case .firstAttempts(let count):
            try container.encode("firstAttempts", forKey: .drop)
            try container.encode(count, forKey: .dropAttempts)
        }
        try container.encode(droppedAttemptResult, forKey: .droppedAttemptResult)
        try container.encode(TimeRate.milliseconds(of: delay), forKey: .delayMilliseconds)
    }
}
