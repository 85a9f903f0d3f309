import COpenSSL
import Foundation
import ProcessAllocator

/// The machine a run happened on, read from `/proc` and `/etc/os-release`, and the OpenSSL and `malloc` the process
/// links.
/// Encodes as the `machine` object of the `--json` reports.
struct MachineDescription: Sendable, Encodable {
    let cpuModel: String
    let logicalCores: Int
    let operatingSystem: String
    let openSSLVersion: String
    /// The `malloc` the process runs on (``ProcessAllocator/description``).
    let allocator: String
    /// The 1-minute load average when the run started and when it ended (`/proc/loadavg`).
    var loadAtStart: Double?
    var loadAtEnd: Double?

    private enum CodingKeys: String, CodingKey {
        case cpuModel, logicalCores, operatingSystem, openSSLVersion, allocator
        case loadAtStart = "loadAverageAtStart"
        case loadAtEnd = "loadAverageAtEnd"
    }

    /// Reads the description now; `loadAtStart` is the current load.
    static func current() -> MachineDescription {
        MachineDescription(
            cpuModel: cpuinfoValue("model name") ?? "unknown CPU",
            logicalCores: ProcessInfo.processInfo.activeProcessorCount,
            operatingSystem: osRelease("PRETTY_NAME") ?? ProcessInfo.processInfo.operatingSystemVersionString,
            openSSLVersion: String(cString: OpenSSL_version(OPENSSL_VERSION)), allocator: ProcessAllocator.description,
            loadAtStart: loadAverage())
    }

    /// The 1-minute load average, or `nil` where `/proc/loadavg` does not exist.
    static func loadAverage() -> Double? {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return nil }
        return text.split(separator: " ").first.flatMap { Double($0) }
    }

    private static func cpuinfoValue(_ key: String) -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == key {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    private static func osRelease(_ key: String) -> String? {
        guard let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8) else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix(key + "=") {
            return line.dropFirst(key.count + 1).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return nil
    }
}
