import Foundation
import StoreModel

/// How far to move the emulator's clock, written as the CLI and control API accept it: one or more
/// `<number><unit>` parts, units `y` (years), `M` (months), `w` (weeks), `d` (days), `h` (hours), `m` (minutes)
/// and `s` (seconds); for example `1M`, `3d`, `1d12h`, `90s`. Years and months are calendar months in UTC (a
/// month from January 31 is the last day of February), the rest fixed lengths.
public struct ClockStep: Hashable, Sendable, CustomStringConvertible {
    /// The calendar components to add.
    public let components: DateComponents
    /// The text it was read from.
    public let text: String

    /// Reads a step; nil when `text` is not one (empty, unknown unit, missing number, nothing but zeros).
    public init?(_ text: String) {
        var components = DateComponents()
        var number = ""
        var sawPart = false
        var total = 0
        for character in text {
            if character.isASCII, character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Int(number), value <= 100_000 else { return nil }
            switch character {
            case "y": components.year = (components.year ?? 0) + value
            case "M": components.month = (components.month ?? 0) + value
            case "w": components.day = (components.day ?? 0) + 7 * value
            case "d": components.day = (components.day ?? 0) + value
            case "h": components.hour = (components.hour ?? 0) + value
            case "m": components.minute = (components.minute ?? 0) + value
            case "s": components.second = (components.second ?? 0) + value
            default: return nil
            }
            total += value
            sawPart = true
            number = ""
        }
        guard number.isEmpty, sawPart, total > 0 else { return nil }
        self.components = components
        self.text = text
    }

    /// The instant `self` after `start`.
    public func applied(to start: Timestamp) -> Timestamp {
        let date = SubscriptionPeriod.utcGregorian.date(byAdding: components, to: start.date) ?? start.date
        return Timestamp(date)
    }

    public var description: String { text }
}
