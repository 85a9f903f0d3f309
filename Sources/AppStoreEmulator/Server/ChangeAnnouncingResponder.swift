import StoreHTTP

/// Wraps the router: after every request that may change the store (any method but `GET`, `HEAD` and
/// `OPTIONS`) it announces a change, waking the scheduler and long-polling readers of the updates feed.
struct ChangeAnnouncingResponder: HTTPResponder {
    let router: Router
    let changes: ChangeFeed

    func respond(to request: HTTPRequest) -> HTTPResponderResult {
        let result = router.respond(to: request)
        guard ![.get, .head, .options].contains(request.method) else { return result }
        let changes = changes
        switch result {
        case .immediate(let response):
            Task { await changes.announce() }
            return .immediate(response)
        case .deferred(let work):
            return .deferred {
                let response = await work()
                await changes.announce()
                return response
            }
        }
    }
}
