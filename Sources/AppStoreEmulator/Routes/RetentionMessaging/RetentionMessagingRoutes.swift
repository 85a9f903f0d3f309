import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Retention Messaging under `/inApps/v1/messaging`: images, messages, default messages, the realtime URL and
/// performance tests, kept per app with Apple's validation errors. Uploads are approved at once.
public struct RetentionMessagingRoutes: RouteGroup {
    /// The limits: Apple's library enforces the same lengths and bullet-point count on its side.
    enum Limits {
        static let headerLength = 66
        static let bodyLength = 144
        static let altTextLength = 150
        static let bulletPoints = 5
        static let bulletPointLength = 66
        static let images = 50
        static let messages = 50
    }

    let context: EmulatorContext
    let api: AppStoreServerAPIRoutes

    /// Creates the route group.
    public init(context: EmulatorContext) {
        self.context = context
        api = AppStoreServerAPIRoutes(context: context)
    }

    public func register(on router: inout Router) {
        router.group("/inApps/v1/messaging") { messaging in
            messaging.put("/image/{imageIdentifier}", handler: api.authenticated(uploadImage))
            messaging.delete("/image/{imageIdentifier}", handler: api.authenticated(deleteImage))
            messaging.get("/image/list", handler: api.authenticated(imageList))
            messaging.put("/message/{messageIdentifier}", handler: api.authenticated(uploadMessage))
            messaging.delete("/message/{messageIdentifier}", handler: api.authenticated(deleteMessage))
            messaging.get("/message/list", handler: api.authenticated(messageList))
            messaging.put("/default/{productId}/{locale}", handler: api.authenticated(configureDefaultMessage))
            messaging.get("/default/{productId}/{locale}", handler: api.authenticated(defaultMessage))
            messaging.delete("/default/{productId}/{locale}", handler: api.authenticated(deleteDefaultMessage))
            messaging.put("/realtime/url", handler: api.authenticated(configureRealtimeURL))
            messaging.get("/realtime/url", handler: api.authenticated(realtimeURL))
            messaging.delete("/realtime/url", handler: api.authenticated(deleteRealtimeURL))
            messaging.post("/performanceTest", handler: api.authenticated(startPerformanceTest))
            messaging.get("/performanceTest/result/{requestId}", handler: api.authenticated(performanceTestResult))
        }
    }

    /// A lowercase UUID from a path parameter, or `error`.
    static func identifier(_ value: String?, else error: ServerAPIError) throws(ServerAPIError) -> String {
        guard let value, let uuid = UUID(uuidString: value) else { throw error }
        return uuid.uuidString.lowercased()
    }

    static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    func uploadImage(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = try Self.identifier(parameters["imageIdentifier"], else: .invalidImageIdentifier)
        let size = ImageSize(rawValue: request.queryValue("imageSize") ?? ImageSize.fullSize.rawValue)
        guard size.isKnown else { throw ServerAPIError.badRequestImageSize }
        guard request.body.starts(with: Self.pngSignature) else { throw ServerAPIError.invalidImage }
        let byteCount = request.body.count
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in
            guard state.images[id] == nil else { throw ServerAPIError.imageAlreadyExists }
            guard state.images.count < Limits.images else { throw ServerAPIError.maximumNumberOfImagesReached }
            state.images[id] = .init(size: size, state: .approved, byteCount: byteCount)
        }
        return .empty(.ok)
    }

    func deleteImage(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = try Self.identifier(parameters["imageIdentifier"], else: .invalidImageIdentifier)
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in
            guard state.images[id] != nil else { throw ServerAPIError.imageNotFound }
            let inUse = state.messages.values.contains { message in
                Self.imageIdentifiers(of: message.body).contains(id)
            }
            guard !inUse else { throw ServerAPIError.imageInUse }
            state.images[id] = nil
        }
        return .empty(.ok)
    }

    func imageList(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let images = await context.retention.state(of: bundleId).images.sorted { $0.key < $1.key }
        return AppStoreServerAPIRoutes.json(GetImageListResponse(imageIdentifiers: images.map {
            GetImageListResponseItem(imageIdentifier: $0.key, imageState: $0.value.state, imageSize: $0.value.size)
        }))
    }

    func uploadMessage(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = try Self.identifier(parameters["messageIdentifier"], else: .invalidMessageIdentifier)
        let body = try api.body(UploadMessageRequestBody.self, of: request)
        try Self.validate(body)
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in
            guard state.messages[id] == nil else { throw ServerAPIError.messageAlreadyExists }
            guard state.messages.count < Limits.messages else { throw ServerAPIError.maximumNumberOfMessagesReached }
            for image in Self.imageIdentifiers(of: body) {
                guard let stored = state.images[image] else { throw ServerAPIError.imageNotFound }
                guard stored.state == .approved else { throw ServerAPIError.imageNotApproved }
            }
            state.messages[id] = .init(body: body, state: .approved)
        }
        return .empty(.ok)
    }

    func deleteMessage(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let id = try Self.identifier(parameters["messageIdentifier"], else: .invalidMessageIdentifier)
        try await context.retention.change(bundleId) { state throws(ServerAPIError) in
            guard state.messages.removeValue(forKey: id) != nil else { throw ServerAPIError.messageNotFound }
            state.defaults = state.defaults.filter { $0.value != id }
        }
        return .empty(.ok)
    }

    func messageList(_ request: HTTPRequest, _ parameters: RouteParameters, _ bundleId: String) async throws -> HTTPResponse {
        let messages = await context.retention.state(of: bundleId).messages.sorted { $0.key < $1.key }
        return AppStoreServerAPIRoutes.json(GetMessageListResponse(messageIdentifiers: messages.map {
            GetMessageListResponseItem(messageIdentifier: $0.key, messageState: $0.value.state)
        }))
    }

    /// The images a message refers to, lowercased.
    static func imageIdentifiers(of body: UploadMessageRequestBody) -> [String] {
        ([body.image?.imageIdentifier] + (body.bulletPoints ?? []).map(\.imageIdentifier))
            .compactMap { $0.flatMap(UUID.init(uuidString:))?.uuidString.lowercased() }
    }

    /// Apple's checks on a message: lengths, bullet points, and an image when the header goes above it.
    static func validate(_ body: UploadMessageRequestBody) throws(ServerAPIError) {
        guard let header = body.header, !header.isEmpty else {
            throw ServerAPIError.generalBadRequest("The message needs a header.")
        }
        guard header.count <= Limits.headerLength else { throw ServerAPIError.headerTooLong }
        guard let text = body.body, !text.isEmpty else { throw ServerAPIError.generalBadRequest("The message needs a body.") }
        guard text.count <= Limits.bodyLength else { throw ServerAPIError.bodyTooLong }
        if let image = body.image {
            guard image.imageIdentifierUUID != nil else { throw ServerAPIError.invalidImageIdentifier }
            guard (image.altText ?? "").count <= Limits.altTextLength else { throw ServerAPIError.altTextTooLong }
        }
        if let headerPosition = body.headerPosition {
            guard headerPosition.isKnown else { throw ServerAPIError.generalBadRequest("headerPosition must be ABOVE_BODY or ABOVE_IMAGE.") }
            if headerPosition == .aboveImage && body.image == nil { throw ServerAPIError.badRequestAboveImageRequiresAnImage }
        }
        let bullets = body.bulletPoints ?? []
        guard bullets.count <= Limits.bulletPoints else { throw ServerAPIError.badRequestTooManyBulletPoints }
        for bullet in bullets {
            guard (bullet.text ?? "").count <= Limits.bulletPointLength else { throw ServerAPIError.badRequestBulletPointTextTooLong }
            guard (bullet.altText ?? "").count <= Limits.altTextLength else { throw ServerAPIError.altTextTooLong }
            if bullet.imageIdentifier != nil && bullet.imageIdentifierUUID == nil { throw ServerAPIError.invalidImageIdentifier }
        }
    }
}
