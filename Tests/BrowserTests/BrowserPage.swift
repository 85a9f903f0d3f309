import Foundation

/// One tab of headless Chromium, driven the way a person would: find controls by their accessible role and
/// name, click them with the mouse, type with the keyboard, read the page's text, take screenshots.
final class BrowserPage: @unchecked Sendable {
    private let browser: DevToolsPipe
    private let session: String
    private let viewport: (width: Int, height: Int)

    private init(browser: DevToolsPipe, session: String, viewport: (width: Int, height: Int)) {
        self.browser = browser
        self.session = session
        self.viewport = viewport
    }

    /// Opens a tab of `width` × `height` CSS pixels.
    static func open(in browser: DevToolsPipe, width: Int = 1280, height: Int = 900) async throws -> BrowserPage {
        let target = try await browser.send("Target.createTarget", ["url": "about:blank"])
        guard let targetId = target["targetId"] as? String else { throw DevToolsPipe.Failure(description: "No target: \(target)") }
        let attached = try await browser.send("Target.attachToTarget", ["targetId": targetId, "flatten": true])
        guard let session = attached["sessionId"] as? String else { throw DevToolsPipe.Failure(description: "No session: \(attached)") }
        let page = BrowserPage(browser: browser, session: session, viewport: (width, height))
        try await page.send("Page.enable")
        try await page.send("Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": false])
        return page
    }

    @discardableResult
    private func send(_ method: String, _ parameters: [String: Any] = [:]) async throws -> [String: Any] {
        try await browser.send(method, parameters, session: session)
    }

    /// Loads `url`.
    func navigate(to url: URL) async throws {
        let answer = try await send("Page.navigate", ["url": url.absoluteString])
        if let error = answer["errorText"] as? String { throw DevToolsPipe.Failure(description: "Cannot load \(url): \(error)") }
    }

    /// Evaluates a JavaScript expression (awaiting a promise) and returns its JSON value.
    func evaluate(_ expression: String) async throws -> Any? {
        let answer = try await send("Runtime.evaluate", ["expression": expression, "awaitPromise": true, "returnByValue": true])
        if let exception = answer["exceptionDetails"] as? [String: Any] {
            let text = (exception["exception"] as? [String: Any])?["description"] ?? exception["text"] ?? exception
            throw DevToolsPipe.Failure(description: "JavaScript failed: \(text)")
        }
        return (answer["result"] as? [String: Any])?["value"]
    }

    /// The page's visible text.
    var text: String {
        get async throws { try await evaluate("document.body ? document.body.innerText : ''") as? String ?? "" }
    }

    /// Polls until `predicate` (a JavaScript expression) is true; the browser is another process, so this waits
    /// with a deadline rather than a fixed sleep.
    func waitUntil(_ predicate: String, timeout: Duration = .seconds(30), _ what: String) async throws {
        let deadline = ContinuousClock.now + timeout
        while true {
            if try await evaluate("Boolean(\(predicate))") as? Bool == true { return }
            guard ContinuousClock.now < deadline else {
                throw DevToolsPipe.Failure(description: "Timed out waiting for \(what). The page says:\n\(try await text)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
    }

    /// Waits until the page is idle (no action running) and its status line contains `text`.
    func waitForStatus(containing text: String, timeout: Duration = .seconds(30)) async throws {
        let literal = String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self)
        try await waitUntil(
            "document.body && !document.body.hasAttribute('aria-busy') && document.getElementById('status') "
                + "&& document.getElementById('status').textContent.includes(\(literal)[0])",
            timeout: timeout, "the status to say \"\(text)\"")
    }

    /// The backend node of the first element whose accessible role and name match, as the accessibility tree says.
    func element(role: String, name: String) async throws -> Int {
        let document = try await send("DOM.getDocument", ["depth": 0])
        guard let root = (document["root"] as? [String: Any])?["nodeId"] as? Int else {
            throw DevToolsPipe.Failure(description: "No document")
        }
        let found = try await send("Accessibility.queryAXTree", ["nodeId": root, "accessibleName": name, "role": role])
        let nodes = found["nodes"] as? [[String: Any]] ?? []
        guard let node = nodes.compactMap({ $0["backendDOMNodeId"] as? Int }).first else {
            throw DevToolsPipe.Failure(description: "No \(role) named \"\(name)\" on the page. The page says:\n\(try await text)")
        }
        return node
    }

    /// Clicks the middle of the element with this role and name, with the mouse.
    func click(role: String, name: String) async throws {
        let node = try await element(role: role, name: name)
        try await send("DOM.scrollIntoViewIfNeeded", ["backendNodeId": node])
        let box = try await send("DOM.getBoxModel", ["backendNodeId": node])
        guard let quad = (box["model"] as? [String: Any])?["border"] as? [Double], quad.count == 8 else {
            throw DevToolsPipe.Failure(description: "\(role) \"\(name)\" has no box")
        }
        let x = (quad[0] + quad[2] + quad[4] + quad[6]) / 4
        let y = (quad[1] + quad[3] + quad[5] + quad[7]) / 4
        for type in ["mouseMoved", "mousePressed", "mouseReleased"] {
            try await send("Input.dispatchMouseEvent", ["type": type, "x": x, "y": y, "button": "left", "clickCount": type == "mouseMoved" ? 0 : 1])
        }
    }

    /// Replaces the text of the textbox with this accessible name, typing `text` from the keyboard.
    func type(_ text: String, into name: String) async throws {
        try await click(role: "textbox", name: name)
        let node = try await element(role: "textbox", name: name)
        let object = try await send("DOM.resolveNode", ["backendNodeId": node])
        guard let objectId = (object["object"] as? [String: Any])?["objectId"] as? String else {
            throw DevToolsPipe.Failure(description: "Cannot reach textbox \"\(name)\"")
        }
        try await send("Runtime.callFunctionOn", ["objectId": objectId, "functionDeclaration": "function() { this.select(); }"])
        try await send("Input.insertText", ["text": text])
    }

    private func resize(height: Int) async throws {
        try await send("Emulation.setDeviceMetricsOverride", ["width": viewport.width, "height": height, "deviceScaleFactor": 1, "mobile": false])
    }

    /// A PNG of the whole page: the viewport grows to the page's height for the shot (so sticky parts stay at the
    /// top), then returns to its size.
    func screenshot() async throws -> Data {
        let metrics = try await send("Page.getLayoutMetrics")
        let size = metrics["cssContentSize"] as? [String: Any] ?? [:]
        let height = min(Int(((size["height"] as? Double) ?? Double(viewport.height)).rounded(.up)), 4000)
        try await resize(height: max(height, viewport.height))
        let shot: [String: Any]
        do {
            shot = try await send("Page.captureScreenshot", ["format": "png"])
        } catch {
            try? await resize(height: viewport.height)
            throw error
        }
        try await resize(height: viewport.height)
        guard let base64 = shot["data"] as? String, let data = Data(base64Encoded: base64) else {
            throw DevToolsPipe.Failure(description: "No screenshot data")
        }
        return data
    }
}
