import Foundation
import StoreHTTP

extension HTTPServer {
    /// `http://127.0.0.1:<port><pathAndQuery>` for this running server.
    func url(_ pathAndQuery: String) -> URL {
        URL(string: "http://127.0.0.1:\(port ?? 0)\(pathAndQuery)")!
    }
}
