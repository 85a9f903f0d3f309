import Foundation
import StoreCrypto
import StoreHTTP
import StoreModel

/// The notification deliverer's and the OCSP responder's knobs in the control API:
///
/// - `GET /control/v1/delivery`: the notification URLs, the faults and the retry schedule in effect, and the
///   deliverer's last error.
/// - `PUT /control/v1/delivery/faults`: replaces the faults (``DeliveryFaults``'s JSON; missing keys are off,
///   `{}` clears them all).
/// - `POST /control/v1/delivery/run`: makes every due attempt now and answers with what was sent.
/// - `GET /control/v1/ocsp`: the revocations and the fault the responder reports.
/// - `POST /control/v1/ocsp/{intermediate|leaf}/revoke` (body optional: `{"reason": 1}` CRLReason, `"date"` ms),
///   `POST /control/v1/ocsp/{intermediate|leaf}/reinstate`.
/// - `PUT /control/v1/ocsp/fault`: `{"fault": "none" | "unavailable" | "tryLater"}`.
public struct DeliveryControlRoutes: RouteGroup {
    /// The deliverer whose faults are set.
    public let deliverer: NotificationDeliverer
    /// The responder whose answers are controlled.
    public let ocsp: OCSPResponder

    /// Creates the route group.
    public init(deliverer: NotificationDeliverer, ocsp: OCSPResponder) {
        self.deliverer = deliverer
        self.ocsp = ocsp
    }

    public func register(on router: inout Router) {
        router.group("/control/v1") { control in
            control.get("/delivery", handler: JSONAPI.handler(delivery))
            control.put("/delivery/faults", handler: JSONAPI.handler(setFaults))
            control.post("/delivery/run", handler: JSONAPI.handler(run))
            control.get("/ocsp", handler: JSONAPI.handler(ocspState))
            control.post("/ocsp/{subject}/revoke", handler: JSONAPI.handler(revoke))
            control.post("/ocsp/{subject}/reinstate", handler: JSONAPI.handler(reinstate))
            control.put("/ocsp/fault", handler: JSONAPI.handler(setOCSPFault))
        }
    }

    @Sendable func delivery(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        JSONAPI.json(await DeliveryStateJSON(deliverer))
    }

    @Sendable func setFaults(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let faults = try JSONAPI.body(DeliveryFaults.self, of: request)
        try Self.validate(faults)
        await deliverer.setFaults(faults)
        return JSONAPI.json(await DeliveryStateJSON(deliverer))
    }

    @Sendable func run(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let round: DeliveryRound
        do {
            round = try await deliverer.deliverDue()
        } catch {
            throw EmulatorAPIError(status: 500, code: "deliveryFailed", message: error.description)
        }
        return JSONAPI.json(DeliveryRoundJSON(round))
    }

    @Sendable func ocspState(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        JSONAPI.json(OCSPStateJSON(ocsp))
    }

    @Sendable func revoke(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        let subject = try Self.subject(parameters)
        let body = try JSONAPI.body(RevokeBody.self, of: request, allowEmpty: true)
        ocsp.revoke(subject, at: body.date.map(Timestamp.init(milliseconds:)), reason: body.reason.map(OCSPRevocationReason.init(rawValue:)))
        return JSONAPI.json(OCSPStateJSON(ocsp))
    }

    @Sendable func reinstate(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        ocsp.reinstate(try Self.subject(parameters))
        return JSONAPI.json(OCSPStateJSON(ocsp))
    }

    @Sendable func setOCSPFault(_ request: HTTPRequest, _ parameters: RouteParameters) async throws -> HTTPResponse {
        ocsp.fault = try JSONAPI.body(FaultBody.self, of: request).fault
        return JSONAPI.json(OCSPStateJSON(ocsp))
    }

    private static func subject(_ parameters: RouteParameters) throws(EmulatorAPIError) -> OCSPResponderSubject {
        let text = try JSONAPI.parameter("subject", parameters)
        guard let subject = OCSPResponderSubject(rawValue: text) else {
            throw .badRequest("\(text) is not a certificate the OCSP responder answers for: use intermediate or leaf.")
        }
        return subject
    }

    /// Rejects faults that cannot be applied (negative counts and durations).
    static func validate(_ faults: DeliveryFaults) throws(EmulatorAPIError) {
        guard faults.duplicates >= 0 else { throw .badRequest("duplicates must be 0 or more.") }
        guard faults.delay >= .zero else { throw .badRequest("delayMilliseconds must be 0 or more.") }
        if let reorder = faults.reorder {
            guard reorder.batchSize >= 2 else { throw .badRequest("reorder.batchSize must be 2 or more.") }
            guard reorder.maximumHold >= .zero else { throw .badRequest("reorder.maximumHoldMilliseconds must be 0 or more.") }
        }
        if case .firstAttempts(let count) = faults.drop, count < 1 {
            throw .badRequest("dropAttempts must be 1 or more with drop \"firstAttempts\".")
        }
    }

    struct RevokeBody: Decodable, Sendable {
        var reason: Int?
        var date: Int64?
    }

    struct FaultBody: Decodable, Sendable {
        var fault: OCSPResponderFault
    }
}
