import Foundation
import StoreHTTP
import Testing

@Suite struct MessageTests {
    @Test func headerNamesCompareCaseInsensitivelyAndKeepTheirOrder() {
        var headers: HTTPHeaders = ["Accept": "a", "X-Tag": "1", "x-tag": "2"]
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values(for: "X-TAG") == ["1", "2"])
        headers.add(name: "X-Tag", value: "3")
        #expect(headers.values(for: "x-tag") == ["1", "2", "3"])
        headers["x-TAG"] = "only"
        #expect(headers.values(for: "X-Tag") == ["only"])
        #expect(headers.fields.map(\.name) == ["Accept", "X-Tag"])
        headers["accept"] = nil
        #expect(!headers.contains("Accept"))
    }

    @Test func aRequestTargetIsSplitAndDecoded() throws {
        let request = try HTTPRequest(method: .get, target: "/a%20b/c+d?x=1+2&x=%26&y")
        #expect(request.path == "/a b/c+d")
        #expect(request.rawPath == "/a%20b/c+d")
        #expect(request.query == "x=1+2&x=%26&y")
        #expect(request.queryValues("x") == ["1 2", "&"])
        #expect(request.queryValue("y") == "")
        #expect(request.queryValue("z") == nil)
    }

    @Test(arguments: ["/%", "/%4", "/%XY", "/%FF", "/ok?bad=%E2%82"])
    func malformedPercentEncodingIsRejected(target: String) {
        #expect(throws: HTTPRequestError.self) { try HTTPRequest(method: .get, target: target) }
    }

    @Test func anAbsoluteTargetIsReducedToItsPathAndQuery() throws {
        let request = try HTTPRequest(method: .get, target: "http://example.com:8080/a%20b?x=1")
        #expect(request.path == "/a b" && request.rawPath == "/a%20b" && request.queryValue("x") == "1")
        let bare = try HTTPRequest(method: .get, target: "HTTPS://example.com?y=2")
        #expect(bare.path == "/" && bare.query == "y=2")
    }

    @Test(arguments: ["*", "example.com/a", "ftp://example.com/a", ""])
    func aTargetThatIsNeitherAPathNorAnHTTPURLIsRejected(target: String) {
        #expect(throws: HTTPRequestError.unsupportedTarget("")) { try HTTPRequest(method: .get, target: target) }
    }

    @Test func responseHelpersSetTheirContentTypes() throws {
        #expect(try HTTPResponse.json(["a": 1]).contentType == "application/json")
        #expect(HTTPResponse.json(Data("{}".utf8), status: .created).status == .created)
        #expect(HTTPResponse.text("t").contentType == "text/plain; charset=utf-8")
        #expect(HTTPResponse.html("<p>").contentType == "text/html; charset=utf-8")
        #expect(HTTPResponse.svg("<svg/>").contentType == "image/svg+xml")
        #expect(HTTPResponse.binary(Data([0x30]), contentType: "application/ocsp-response").contentType == "application/ocsp-response")
        let empty = HTTPResponse.empty(.noContent)
        #expect(empty.status == .noContent && empty.body.isEmpty && empty.contentType == nil)
    }

    @Test func theErrorBodyIsJSONWithStatusReasonAndMessage() throws {
        let response = HTTPResponse.error(.notFound, message: "No route for GET /x.")
        #expect(String(decoding: response.body, as: UTF8.self) == #"{"error":"Not Found","message":"No route for GET /x.","status":404}"#)
    }

    @Test func statusesHaveReasonPhrases() {
        #expect(HTTPStatus.contentTooLarge.description == "413 Content Too Large")
        #expect(HTTPStatus(code: 299).reasonPhrase == "Status 299")
        #expect(HTTPStatus.noContent.isSuccess && !HTTPStatus.notFound.isSuccess)
    }
}
