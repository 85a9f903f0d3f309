import StoreModel

/// Which normalized events a notification produces, and whether each is keyed by the transaction (so the same
/// fact reported by a notification, an app and the reconciler is one event) or by the notification.
struct EventMapping: Hashable, Sendable {
    /// How an event's identifier is derived.
    enum Key: Hashable, Sendable {
        /// `kind:transactionId`, plus a suffix when one transaction can produce the kind twice.
        case transaction(suffix: String?)
        /// `kind:notificationUUID`.
        case notification
    }

    var kind: EventKind
    var key: Key

    /// The events of a notification type and subtype; capability events only when `grantsCapabilities`.
    static func events(for type: NotificationTypeV2, subtype: Subtype?, grantsCapabilities: Bool) -> [EventMapping] {
        let capability: [EventMapping]
        switch (type, subtype) {
        case (.subscribed, _), (.didChangeRenewalPref, .upgrade?), (.offerRedeemed, .upgrade?), (.oneTimeCharge, _):
            capability = [EventMapping(kind: .capabilityGranted, key: .transaction(suffix: nil))]
        case (.didRenew, _):
            capability = [EventMapping(kind: .capabilityRenewed, key: .transaction(suffix: nil))]
        case (.didFailToRenew, .gracePeriod?):
            capability = [EventMapping(kind: .capabilityEnteredGrace, key: .notification)]
        case (.didFailToRenew, _), (.gracePeriodExpired, _), (.expired, _), (.revoke, _):
            capability = [EventMapping(kind: .capabilityLost, key: .notification)]
        case (.refund, _):
            return [EventMapping(kind: .refund, key: .transaction(suffix: nil))]
                + (grantsCapabilities ? [EventMapping(kind: .capabilityLost, key: .transaction(suffix: "refund"))] : [])
        case (.refundReversed, _):
            return [EventMapping(kind: .refundReversed, key: .transaction(suffix: nil))]
                + (grantsCapabilities ? [EventMapping(kind: .capabilityGranted, key: .transaction(suffix: "reinstated"))] : [])
        case (.didChangeRenewalStatus, _), (.didChangeRenewalPref, _), (.offerRedeemed, _), (.priceIncrease, _),
            (.renewalExtended, _):
            return [EventMapping(kind: .renewalChanged, key: .notification)]
        default:
            return []
        }
        return grantsCapabilities ? capability : []
    }

    /// The event identifier for this mapping.
    func identifier(notificationUUID: String?, transactionId: String?) -> String? {
        switch key {
        case .transaction(let suffix):
            guard let transactionId else { return nil }
            return "\(kind.rawValue):\(transactionId)" + (suffix.map { ":\($0)" } ?? "")
        case .notification:
            guard let notificationUUID else { return nil }
            return "\(kind.rawValue):\(notificationUUID)"
        }
    }
}
