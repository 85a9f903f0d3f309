import Foundation

/// nginx (Debian's package) serving one static file on a loopback port, with a configuration in a temporary
/// folder: the reference for lookups.
struct NginxReference {
    let folder: URL
    let port: Int
    private let process: Process

    /// Writes `body` as the file `/answer.json` and starts nginx with two workers and no access log.
    init(body: Data) throws {
        folder = FileManager.default.temporaryDirectory.appending(path: "tienda-nginx-\(UUID().uuidString)")
        let www = folder.appending(path: "www")
        try FileManager.default.createDirectory(at: www, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o755])
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder.path)
        try body.write(to: www.appending(path: "answer.json"))
        port = try FreePort.find()
        let configuration = """
            daemon off;
            worker_processes 2;
            pid \(folder.path)/nginx.pid;
            error_log \(folder.path)/error.log;
            events { worker_connections 4096; }
            http {
                access_log off;
                keepalive_requests 1000000;
                server {
                    listen 127.0.0.1:\(port);
                    location / { root \(www.path); default_type application/json; }
                }
            }
            """
        try Data(configuration.utf8).write(to: folder.appending(path: "nginx.conf"))
        // In the foreground, as a child this process stops itself (a daemonizing nginx leaves Foundation's
        // Process waiting forever).
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["nginx", "-c", folder.appending(path: "nginx.conf").path, "-p", folder.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(10)
        while !FreePort.accepts(port) {
            guard process.isRunning, ContinuousClock.now < deadline else {
                throw Shell.Failure(message: "nginx did not start; see \(folder.path)/error.log")
            }
            Thread.sleep(forTimeInterval: 0.02)
        }
    }

    var url: String { "http://127.0.0.1:\(port)/answer.json" }

    /// Stops nginx and removes the folder.
    func stop() {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(at: folder)
    }
}

/// A free TCP port on the loopback interface.
enum FreePort {
    /// Whether something accepts connections on the loopback port.
    static func accepts(_ port: Int) -> Bool {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }

    static func find() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Shell.Failure(message: "socket() failed") }
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0 }
        }
        guard bound else { throw Shell.Failure(message: "bind() failed") }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}
