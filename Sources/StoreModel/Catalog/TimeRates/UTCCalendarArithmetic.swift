import Foundation

/// Calendar periods added in the Gregorian calendar in UTC, on millisecond timestamps, with the results of
/// `Calendar.date(byAdding:to:)` for ``SubscriptionPeriod/utcGregorian`` (a month added to the 31st ends on the
/// last day of a shorter month) without Foundation's calendar machinery, which every renewal used to go
/// through. Dates before the Gregorian reform (1582-10-15), where Foundation's calendar turns Julian, go to
/// Foundation.
enum UTCCalendarArithmetic {
    private static let millisecondsPerDay: Int64 = 86_400_000
    /// 1582-10-15T00:00:00Z, the first day of the Gregorian calendar.
    private static let gregorianReform: Int64 = -12_219_292_800_000

    /// `start` advanced by `period`.
    static func advance(_ start: Timestamp, by period: SubscriptionPeriod) -> Timestamp {
        guard start.milliseconds >= gregorianReform else { return Timestamp(period.advance(start.date)) }
        let value = Int64(period.value)
        switch period.unit {
        case .day: return start.adding(milliseconds: value * millisecondsPerDay)
        case .week: return start.adding(milliseconds: 7 * value * millisecondsPerDay)
        case .month: return adding(months: value, to: start)
        case .year: return adding(months: 12 * value, to: start)
        }
    }

    /// `start` moved `months` calendar months later, the day clamped to the target month's length and the time of
    /// day kept.
    private static func adding(months: Int64, to start: Timestamp) -> Timestamp {
        let milliseconds = start.milliseconds
        let day = floorDivide(milliseconds, millisecondsPerDay)
        let timeOfDay = milliseconds - day * millisecondsPerDay
        let (year, month, dayOfMonth) = civil(fromDays: day)
        let monthIndex = year * 12 + (month - 1) + months
        let targetYear = floorDivide(monthIndex, 12)
        let targetMonth = monthIndex - targetYear * 12 + 1
        let targetDay = min(dayOfMonth, daysIn(month: targetMonth, of: targetYear))
        return Timestamp(milliseconds: days(fromYear: targetYear, month: targetMonth, day: targetDay) * millisecondsPerDay + timeOfDay)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let quotient = value / divisor
        return value % divisor < 0 ? quotient - 1 : quotient
    }

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int64, of year: Int64) -> Int64 {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a civil date (the era-based algorithm of Howard Hinnant's date library).
    private static func days(fromYear year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of a count of days since 1970-01-01.
    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
