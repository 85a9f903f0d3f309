/// The control routes of notification delivery and of the OCSP responder in `/openapi.json` (the OCSP protocol
/// routes themselves, `/ocsp/...`, are not API and are not described).
extension OpenAPIDocument {
    static let deliveryAndOCSP: [APIOperation] = [
        control("get", "/delivery", "Where notifications are POSTed, the delivery faults and the retry schedule.", response: "DeliveryState"),
        control("put", "/delivery/faults", "Replace the delivery faults (duplicate, reorder, drop, delay); {} clears them.",
            body: "DeliveryFaults", response: "DeliveryState"),
        control("post", "/delivery/run", "Make every due delivery attempt now.", response: "DeliveryRound"),
        control("get", "/ocsp", "What the OCSP responder reports: revocations, the simulated fault, the certificates' OCSP URLs.",
            response: "OCSPState"),
        control("post", "/ocsp/{subject}/revoke", "Report the intermediate or the leaf as revoked.", body: "OCSPRevocation",
            response: "OCSPState"),
        control("post", "/ocsp/{subject}/reinstate", "Report the intermediate or the leaf as good again.", response: "OCSPState"),
        control("put", "/ocsp/fault", "Simulate an OCSP failure: none, unavailable (HTTP 503) or tryLater.", body: "OCSPFault",
            response: "OCSPState"),
    ]
}

extension OpenAPISchemas {
    private static var integerSchema: [String: Any] { ["type": "integer", "format": "int64"] }
    private static var stringSchema: [String: Any] { ["type": "string"] }
    private static var millisecondsSchema: [String: Any] { ["type": "integer", "format": "int64", "description": "ms since 1970"] }

    private static func object(_ properties: [String: [String: Any]]) -> [String: Any] {
        ["type": "object", "properties": properties]
    }

    /// The schemas of the delivery and OCSP operations.
    static var deliveryAndOCSP: [String: Any] {
        let faults = object([
            "duplicates": ["type": "integer", "description": "Extra copies of every POST."],
            "reorder": object(["batchSize": integerSchema, "maximumHoldMilliseconds": integerSchema]),
            "drop": ["type": "string", "enum": ["none", "all", "firstAttempts"]],
            "dropAttempts": ["type": "integer", "description": "With drop firstAttempts: how many."],
            "droppedAttemptResult": ["type": "string", "description": "sendAttemptResult recorded for a dropped attempt."],
            "delayMilliseconds": integerSchema,
        ])
        return [
            "DeliveryFaults": faults,
            "DeliveryState": object([
                "urls": ["type": "array", "items": stringSchema], "running": ["type": "boolean"], "faults": faults,
                "schedule": object([
                    "productionRetryIntervalsMilliseconds": ["type": "array", "items": integerSchema],
                    "sandboxRetryIntervalsMilliseconds": ["type": "array", "items": integerSchema],
                    "timeRate": integerSchema, "stopsRetryingAfterHTTP400": ["type": "boolean"],
                ]),
                "lastError": stringSchema,
            ]),
            "DeliveryRound": object([
                "sends": ["type": "array", "items": object([
                    "notificationUUID": stringSchema, "url": stringSchema, "attemptNumber": integerSchema, "date": millisecondsSchema,
                    "result": stringSchema, "statusCode": integerSchema, "copies": integerSchema, "nextAttemptDate": millisecondsSchema,
                ])],
                "nextDueDate": millisecondsSchema,
            ]),
            "OCSPState": object([
                "fault": stringSchema, "intermediateOCSPURL": stringSchema, "leafOCSPURL": stringSchema,
                "revocations": ["type": "object", "additionalProperties": object(["date": millisecondsSchema, "reason": integerSchema])],
            ]),
            "OCSPRevocation": object(["reason": ["type": "integer", "description": "CRLReason (1 keyCompromise, …)."], "date": millisecondsSchema]),
            "OCSPFault": object(["fault": ["type": "string", "enum": ["none", "unavailable", "tryLater"]]]),
        ]
    }
}
