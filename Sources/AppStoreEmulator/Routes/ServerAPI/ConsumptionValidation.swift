import Foundation
import StoreModel

/// The checks Apple makes on Send Consumption Information bodies, and the v1 body converted to v2 for the
/// engine's record.
enum ConsumptionValidation {
    /// Checks a v2 body: consent given, sample and delivery status present, percentage within 0–100000.
    static func validate(_ body: ConsumptionRequest) throws(ServerAPIError) {
        guard body.customerConsented == true else {
            throw ServerAPIError(code: 4_000_035, message: "Invalid customer consented. The customer must consent (true).")
        }
        guard body.sampleContentProvided != nil else {
            throw ServerAPIError(code: 4_000_041, message: "Invalid sample content provided.")
        }
        guard let delivery = body.deliveryStatus, delivery.isKnown else {
            throw ServerAPIError(code: 4_000_036, message: "Invalid delivery status.")
        }
        if let percentage = body.consumptionPercentage, !(0...100_000).contains(percentage) {
            throw ServerAPIError.generalBadRequest("consumptionPercentage must be 0 to 100000 (milliunits of a percent).")
        }
        if let preference = body.refundPreference, !preference.isKnown {
            throw ServerAPIError.generalBadRequest("refundPreference must be DECLINE, GRANT_FULL or GRANT_PRORATED.")
        }
    }

    /// Checks a v1 body field by field (Apple's per-field codes) and converts it to the v2 shape.
    static func validate(_ body: ConsumptionRequestV1) throws(ServerAPIError) -> ConsumptionRequest {
        guard body.customerConsented == true else {
            throw ServerAPIError(code: 4_000_035, message: "Invalid customer consented. The customer must consent (true).")
        }
        try check(body.consumptionStatus?.rawValue, 0...3, code: 4_000_034, "Invalid consumption status.")
        try check(body.platform?.rawValue, 0...2, code: 4_000_039, "Invalid platform.")
        guard body.sampleContentProvided != nil else {
            throw ServerAPIError(code: 4_000_041, message: "Invalid sample content provided.")
        }
        guard let delivery = body.deliveryStatus, (0...5).contains(delivery.rawValue) else {
            throw ServerAPIError(code: 4_000_036, message: "Invalid delivery status.")
        }
        if let token = body.appAccountToken, !token.isEmpty, UUID(uuidString: token) == nil {
            throw ServerAPIError(code: 4_000_033, message: "Invalid app account token.")
        }
        try check(body.accountTenure?.rawValue, 0...7, code: 4_000_032, "Invalid account tenure.")
        try check(body.playTime?.rawValue, 0...7, code: 4_000_040, "Invalid play time.")
        try check(body.lifetimeDollarsRefunded?.rawValue, 0...7, code: 4_000_038, "Invalid lifetime dollars refunded.")
        try check(body.lifetimeDollarsPurchased?.rawValue, 0...7, code: 4_000_037, "Invalid lifetime dollars purchased.")
        try check(body.userStatus?.rawValue, 0...4, code: 4_000_042, "Invalid user status.")
        if let preference = body.refundPreference, !(0...3).contains(preference.rawValue) {
            throw ServerAPIError.generalBadRequest("refundPreference must be 0 to 3.")
        }
        return ConsumptionRequest(
            customerConsented: true, sampleContentProvided: body.sampleContentProvided,
            deliveryStatus: delivery.rawValue == 0 ? .delivered
                : delivery.rawValue == 1 ? .undeliveredQualityIssue
                : delivery.rawValue == 2 ? .undeliveredWrongItem
                : delivery.rawValue == 3 ? .undeliveredServerOutage : .undeliveredOther,
            refundPreference: body.refundPreference == .preferGrant ? .grantFull
                : body.refundPreference == .preferDecline ? .decline : nil)
    }

    private static func check(
        _ value: Int32?, _ range: ClosedRange<Int32>, code: Int, _ message: String
    ) throws(ServerAPIError) {
        if let value, !range.contains(value) { throw ServerAPIError(code: code, message: message) }
    }
}
