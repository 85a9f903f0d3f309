extension Router {
    /// Finds the route for `request` and runs it: synchronous handlers at once, asynchronous ones deferred.
    public func respond(to request: HTTPRequest) -> HTTPResponderResult {
        let segments = RoutePattern.segments(of: request.rawPath)
        var allowedMethods: [HTTPMethod] = []
        var getRouteForHead: (Route, RouteParameters)?
        let candidates = segments.count < routesBySegmentCount.count ? routesBySegmentCount[segments.count] : []
        do {
            for route in candidates {
                guard let parameters = try route.pattern.match(segments) else { continue }
                if route.method == request.method {
                    return run(route.handler, request, parameters)
                }
                if request.method == .head && route.method == .get && getRouteForHead == nil {
                    getRouteForHead = (route, parameters)
                }
                allowedMethods.append(route.method)
            }
        } catch {
            return .immediate(errorResponse(.badRequest, error.reason))
        }
        if let (route, parameters) = getRouteForHead {
            return run(route.handler, request, parameters)
        }
        guard !allowedMethods.isEmpty else {
            return .immediate(errorResponse(.notFound, "No route for \(request.method) \(request.path)."))
        }
        return .immediate(methodNotAllowed(request, allowed: allowedMethods))
    }

    private func run(_ handler: Route.Handler, _ request: HTTPRequest, _ parameters: RouteParameters) -> HTTPResponderResult {
        switch handler {
        case .synchronous(let handler):
            do {
                return .immediate(try handler.body(request, parameters))
            } catch {
                return .immediate(response(for: error))
            }
        case .asynchronous(let handler):
            return deferred(handler, request, parameters)
        case .fastPathFirst(let fastPath, let handler):
            do {
                if let response = try fastPath.body(request, parameters) { return .immediate(response) }
            } catch {
                return .immediate(response(for: error))
            }
            return deferred(handler, request, parameters)
        }
    }

    private func deferred(_ handler: @escaping Handler, _ request: HTTPRequest, _ parameters: RouteParameters) -> HTTPResponderResult {
        .deferred {
            do {
                return try await handler(request, parameters)
            } catch {
                return response(for: error)
            }
        }
    }

    private func response(for error: any Error) -> HTTPResponse {
        (error as? any HTTPResponseError)?.response
            ?? errorResponse(.internalServerError, "The server failed to handle the request.")
    }

    private func methodNotAllowed(_ request: HTTPRequest, allowed: [HTTPMethod]) -> HTTPResponse {
        var methods = Set(allowed.map(\.rawValue))
        if methods.contains(HTTPMethod.get.rawValue) { methods.insert(HTTPMethod.head.rawValue) }
        var response = errorResponse(.methodNotAllowed, "\(request.method) is not allowed for \(request.path).")
        response.headers["Allow"] = methods.sorted().joined(separator: ", ")
        return response
    }
}
