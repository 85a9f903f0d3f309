import AppStoreEngine
import Foundation
import StoreHTTP
import StoreModel

/// Helpers shared by the StoreKit-facing and control APIs: error rendering, bodies, query values, and the
/// default app and account.
enum JSONAPI {
    /// Wraps a handler so that every failure becomes an ``EmulatorAPIError`` response.
    static func handler(
        _ body: @escaping @Sendable (HTTPRequest, RouteParameters) async throws -> HTTPResponse
    ) -> Router.Handler {
        { request, parameters in
            do {
                return try await body(request, parameters)
            } catch let error as EmulatorAPIError {
                return error.response
            } catch let error as AppStoreEngineError {
                return EmulatorAPIError(error).response
            } catch {
                return EmulatorAPIError(status: 500, code: "internal", message: "\(error)").response
            }
        }
    }

    /// A JSON response encoded with Apple's conventions (payload keys as Apple writes them, dates in ms).
    static func json(_ value: some Encodable, status: HTTPStatus = .ok) -> HTTPResponse {
        let encoder = AppleJSON.encoder(sortedKeys: true)
        do {
            return .json(try encoder.encode(value), status: status)
        } catch {
            return EmulatorAPIError(status: 500, code: "internal", message: "Cannot encode the answer: \(error)").response
        }
    }

    /// The decoded JSON body; an empty body reads as `{}` when `allowEmpty`.
    static func body<Value: Decodable>(
        _ type: Value.Type, of request: HTTPRequest, allowEmpty: Bool = false
    ) throws(EmulatorAPIError) -> Value {
        switch JSONBody.decode(type, from: request, allowEmpty: allowEmpty) {
        case .success(let value): return value
        case .failure(let problem): throw .badRequest(problem.reason)
        }
    }

    /// A path parameter the route pattern guarantees.
    static func parameter(_ name: String, _ parameters: RouteParameters) throws(EmulatorAPIError) -> String {
        guard let value = parameters[name], !value.isEmpty else { throw .badRequest("The path needs {\(name)}.") }
        return value
    }

    /// An integer query value, or nil when absent.
    static func integer(_ name: String, in request: HTTPRequest) throws(EmulatorAPIError) -> Int64? {
        guard let text = request.queryValue(name) else { return nil }
        guard let value = Int64(text) else { throw .badRequest("The query parameter \(name)=\(text) is not an integer.") }
        return value
    }

    /// The bundle ID asked for, or the first app the emulator serves when none is given.
    static func bundleId(_ requested: String?, engine: AppStoreEngine) async throws(EmulatorAPIError) -> String {
        if let requested, !requested.isEmpty { return requested }
        guard let first = await engine.registeredApps().first else {
            throw EmulatorAPIError(status: 404, code: "appNotFound", message: "The emulator serves no app; start it with a .storekit file.")
        }
        return first.bundleId
    }

    /// The account, created with default settings (United States storefront) on first use.
    @discardableResult
    static func ensureAccount(_ accountId: String, engine: AppStoreEngine) async throws(AppStoreEngineError) -> Account {
        do {
            return try await engine.account(accountId)
        } catch .accountNotFound {
            return try await engine.createAccount(Account(id: accountId))
        }
    }
}
