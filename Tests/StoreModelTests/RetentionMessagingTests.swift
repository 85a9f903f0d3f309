import Foundation
import StoreModel
import Testing

@Suite struct RetentionMessagingTests {
    static let identifier = "a1b2c3d4-e5f6-7890-a1b2-c3d4e5f67890"
    static let config = PerformanceTestConfig(
        maxConcurrentRequests: 10, totalRequests: 100, totalDuration: 60000, responseTimeThreshold: 500,
        successRateThreshold: 95)

    @Test func decodedRealtimeRequestDecodesEveryField() throws {
        let request = try Fixtures.decodeAppleModel(DecodedRealtimeRequestBody.self, "decodedRealtimeRequest.json")
        let expected = DecodedRealtimeRequestBody(
            originalTransactionId: "99371282", appAppleId: 531412, productId: "com.example.product",
            userLocale: "en-US", requestIdentifier: "3db5c98d-8acf-4e29-831e-8e1f82f9f6e9", environment: .localTesting,
            signedDate: .ms(1_698_148_900_000))
        #expect(request == expected)
        #expect(request.requestIdentifierUUID == UUID(uuidString: "3db5c98d-8acf-4e29-831e-8e1f82f9f6e9"))
    }

    @Test func imageAndMessageListsDecode() throws {
        let images = try Fixtures.decodeAppleModel(GetImageListResponse.self, "getImageListResponse.json")
        #expect(
            images
                == GetImageListResponse(imageIdentifiers: [
                    GetImageListResponseItem(
                        imageIdentifier: Self.identifier, imageState: .approved, imageSize: .fullSize)
                ]))
        let messages = try Fixtures.decodeAppleModel(GetMessageListResponse.self, "getMessageListResponse.json")
        #expect(
            messages
                == GetMessageListResponse(messageIdentifiers: [
                    GetMessageListResponseItem(messageIdentifier: Self.identifier, messageState: .approved)
                ]))
    }

    @Test func defaultMessageAndRealtimeURLDecode() throws {
        let message = try Fixtures.decodeAppleModel(DefaultConfigurationResponse.self, "getDefaultMessageResponse.json")
        #expect(message.messageIdentifier == Self.identifier)
        let url = try Fixtures.decodeAppleModel(RealtimeUrlResponse.self, "getRealtimeUrlResponse.json")
        #expect(url.realtimeURL == "https://example.com/realtime")
    }

    @Test func performanceTestResponsesDecode() throws {
        let started = try Fixtures.decodeAppleModel(PerformanceTestResponse.self, "performanceTestResponse.json")
        let requestId = "c4b87a1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d"
        #expect(started == PerformanceTestResponse(config: Self.config, requestId: requestId))
        let result = try Fixtures.decodeAppleModel(
            PerformanceTestResultResponse.self, "performanceTestResultResponse.json")
        let expected = PerformanceTestResultResponse(
            config: Self.config, target: "https://example.com/retention", result: .pass, successRate: 98,
            numPending: 0,
            responseTimes: PerformanceTestResponseTimes(average: 120, p50: 100, p90: 200, p95: 250, p99: 400),
            failures: [.timedOut: 1, .noResponse: 1])
        #expect(result == expected)
    }

    @Test func failuresKeepAnUnknownReason() throws {
        let json = #"{"failures":{"TIMED_OUT":1,"NEW_REASON":4}}"#
        let result = try AppleJSON.decode(PerformanceTestResultResponse.self, from: Data(json.utf8))
        #expect(result.failures?[SendAttemptResult(rawValue: "NEW_REASON")] == 4)
        #expect(try JSONTree(parsing: AppleJSON.encode(result)) == JSONTree(parsing: Data(json.utf8)))
    }

    @Test func aRealtimeResponseEncodesOnlyTheChosenMessage() throws {
        let response = RealtimeResponseBody(
            promotionalOffer: PromotionalOffer(
                messageIdentifier: Self.identifier,
                promotionalOfferSignatureV1: PromotionalOfferSignatureV1(
                    encodedSignature: "c2ln", productId: "com.example.product",
                    nonce: "4f1a3e6c-22a1-4f0e-9d5b-1c7d2f9b8a10", timestamp: 1_698_148_900_000, keyId: "keyId",
                    offerIdentifier: "offer")))
        let expected = try JSONTree(
            parsing: Data(
                (#"{"promotionalOffer":{"messageIdentifier":"\#(Self.identifier)","promotionalOfferSignatureV1":"#
                    + #"{"encodedSignature":"c2ln","productId":"com.example.product","#
                    + #""nonce":"4f1a3e6c-22a1-4f0e-9d5b-1c7d2f9b8a10","timestamp":1698148900000,"keyId":"keyId","#
                    + #""offerIdentifier":"offer"}}}"#).utf8))
        #expect(try JSONTree(parsing: AppleJSON.encode(response)) == expected)
    }

    @Test func anUploadedMessageEncodesItsImageAndBulletPoints() throws {
        let body = UploadMessageRequestBody(
            header: "Stay", body: "Keep your plan",
            image: UploadMessageImage(imageIdentifier: Self.identifier, altText: "A bird"),
            headerPosition: .aboveImage,
            bulletPoints: [BulletPoint(text: "Offline maps", imageIdentifier: Self.identifier, altText: "Map")])
        let decoded = try AppleJSON.decode(UploadMessageRequestBody.self, from: AppleJSON.encode(body))
        #expect(decoded == body)
        let keys = try JSONTree(parsing: AppleJSON.encode(body)).keys
        #expect(keys == ["header", "body", "image", "headerPosition", "bulletPoints"])
    }
}
