import Foundation
import StoreModel

/// Draws a ``SubscriptionTimeline`` as a self-contained SVG picture: one bar per paid period (offers and
/// upgrades marked), refunds and revocations struck through from their date, grace period, billing retry and
/// lapses on a second lane, a dashed line at the clock's instant, and dated ticks along the bottom.
///
/// The output depends only on the timeline (no wall clock, no locale): the same timeline gives the same bytes.
/// Every shape carries a `<title>` and the picture a `<desc>` that says in words what it shows, so it is
/// readable without seeing it.
public enum TimelineSVG {
    /// The picture's width in SVG units.
    public static let width = 760.0
    /// The picture's height in SVG units.
    public static let height = 150.0
    private static let left = 16.0
    private static let right = 16.0
    private static let periodLane = (top: 28.0, height: 34.0)
    private static let stretchLane = (top: 70.0, height: 16.0)
    private static let axisTop = 96.0

    /// The SVG document for `timeline`.
    public static func render(_ timeline: SubscriptionTimeline) -> String {
        let span = timeline.span
        let scale = Scale(span: span, left: left, width: width - left - right)
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(number(width)) \(number(height))" \
            width="\(number(width))" height="\(number(height))" role="img" class="timeline" \
            aria-labelledby="timeline-title-\(escape(timeline.originalTransactionId)) timeline-desc-\(escape(timeline.originalTransactionId))">

            """
        svg += "<title id=\"timeline-title-\(escape(timeline.originalTransactionId))\">Timeline of subscription \(escape(timeline.originalTransactionId))</title>\n"
        svg += "<desc id=\"timeline-desc-\(escape(timeline.originalTransactionId))\">\(escape(describe(timeline)))</desc>\n"
        svg += """
            <defs><pattern id="revoked-hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">\
            <rect width="6" height="6" fill="#fde2e1"/><line x1="0" y1="0" x2="0" y2="6" stroke="#c62828" stroke-width="3"/></pattern></defs>

            """
        svg += "<text x=\"\(number(left))\" y=\"18\" class=\"lane-label\" font-size=\"11\" fill=\"#555\">periods</text>\n"
        for period in timeline.periods { svg += periodShapes(period, scale: scale) }
        for stretch in timeline.stretches { svg += stretchShape(stretch, scale: scale) }
        svg += axis(span: span, scale: scale)
        let nowX = scale.x(timeline.now)
        svg += """
            <g class="now"><title>Now: \(dateTime(timeline.now))</title>\
            <line x1="\(number(nowX))" y1="22" x2="\(number(nowX))" y2="\(number(axisTop))" stroke="#1a237e" stroke-width="1.5" stroke-dasharray="4 3"/>\
            <text x="\(number(nowX - 3))" y="18" font-size="11" text-anchor="end" fill="#1a237e">now</text></g>

            """
        svg += legend()
        svg += "</svg>\n"
        return svg
    }

    /// The picture in words, as its `<desc>` says it.
    public static func describe(_ timeline: SubscriptionTimeline) -> String {
        var sentences = timeline.periods.map { period in
            var sentence = "\(period.productId) from \(dateTime(period.start)) to \(dateTime(period.end))"
            if let offer = period.offerType { sentence += " (\(offerName(offer)))" }
            if let revoked = period.revocationDate { sentence += ", refunded or revoked on \(dateTime(revoked))" }
            if period.isUpgraded { sentence += ", upgraded away" }
            return sentence
        }
        sentences += timeline.stretches.map { "\($0.kind.rawValue) from \(dateTime($0.start)) to \(dateTime($0.end))" }
        sentences.append("now is \(dateTime(timeline.now))")
        return sentences.joined(separator: "; ") + "."
    }

    private static func periodShapes(_ period: SubscriptionTimeline.Period, scale: Scale) -> String {
        let x = scale.x(period.start)
        let w = max(scale.x(period.end) - x, 2)
        let (top, height) = periodLane
        let fill = period.offerType == nil ? "#2e7d32" : "#00838f"
        var title = "\(period.productId), transaction \(period.transactionId): \(dateTime(period.start)) – \(dateTime(period.end))"
        if let offer = period.offerType { title += ", \(offerName(offer))" }
        if period.isUpgraded { title += ", upgraded away" }
        var shapes = "<g class=\"period\" data-transaction-id=\"\(escape(period.transactionId))\"><title>\(escape(title))</title>"
        shapes += rect(x: x, y: top, width: w, height: height, fill: fill, opacity: period.isUpgraded ? 0.45 : 1)
        if w > 60 {
            shapes += "<text x=\"\(number(x + 4))\" y=\"\(number(top + 14))\" font-size=\"11\" fill=\"#fff\">\(escape(clipped(period.productId, width: w - 8)))</text>"
            shapes += "<text x=\"\(number(x + 4))\" y=\"\(number(top + 28))\" font-size=\"10\" fill=\"#e8f5e9\">#\(escape(clipped(period.transactionId, width: w - 8)))</text>"
        }
        shapes += "</g>\n"
        if let revoked = period.revocationDate {
            let start = min(max(scale.x(revoked), x), x + w)
            let end = max(x + w, start + 2)
            shapes += "<g class=\"revocation\"><title>Refunded or revoked on \(dateTime(revoked))</title>"
            shapes += rect(x: start, y: top, width: end - start, height: height, fill: "url(#revoked-hatch)", opacity: 1)
            shapes += "<line x1=\"\(number(start))\" y1=\"\(number(top - 4))\" x2=\"\(number(start))\" y2=\"\(number(top + height + 4))\" stroke=\"#c62828\" stroke-width=\"2\"/>"
            shapes += "<text x=\"\(number(start + 3))\" y=\"\(number(top - 6))\" font-size=\"10\" fill=\"#c62828\">refunded</text></g>\n"
        }
        return shapes
    }

    private static func stretchShape(_ stretch: SubscriptionTimeline.Stretch, scale: Scale) -> String {
        let x = scale.x(stretch.start)
        let w = max(scale.x(stretch.end) - x, 2)
        let fill: String
        switch stretch.kind {
        case .gracePeriod: fill = "#f9a825"
        case .billingRetry: fill = "#ef6c00"
        case .lapsed: fill = "#bdbdbd"
        }
        let (top, height) = stretchLane
        var shape = "<g class=\"stretch \(stretch.kind == .lapsed ? "lapsed" : stretch.kind == .gracePeriod ? "grace" : "retry")\">"
        shape += "<title>\(stretch.kind.rawValue): \(dateTime(stretch.start)) – \(dateTime(stretch.end))</title>"
        shape += rect(x: x, y: top, width: w, height: height, fill: fill, opacity: 1)
        if w > 70 {
            shape += "<text x=\"\(number(x + 4))\" y=\"\(number(top + 12))\" font-size=\"10\" fill=\"#212121\">\(stretch.kind.rawValue)</text>"
        }
        return shape + "</g>\n"
    }

    private static func axis(span: ClosedRange<Timestamp>, scale: Scale) -> String {
        var shapes = "<g class=\"axis\"><line x1=\"\(number(left))\" y1=\"\(number(axisTop))\" x2=\"\(number(width - right))\" y2=\"\(number(axisTop))\" stroke=\"#757575\"/>"
        let ticks = 4
        let length = span.upperBound.milliseconds - span.lowerBound.milliseconds
        // Ticks as precise as the span needs: days, then minutes, then seconds.
        let label: (Timestamp) -> String =
            length < 3_600_000 ? { dateTime($0, seconds: true) } : length < 3 * 86_400_000 ? { dateTime($0) } : { date($0) }
        for index in 0...ticks {
            let instant = Timestamp(milliseconds: span.lowerBound.milliseconds + length * Int64(index) / Int64(ticks))
            let x = scale.x(instant)
            let anchor = index == 0 ? "start" : index == ticks ? "end" : "middle"
            shapes += "<line x1=\"\(number(x))\" y1=\"\(number(axisTop))\" x2=\"\(number(x))\" y2=\"\(number(axisTop + 4))\" stroke=\"#757575\"/>"
            shapes += "<text x=\"\(number(x))\" y=\"\(number(axisTop + 16))\" font-size=\"10\" text-anchor=\"\(anchor)\" fill=\"#424242\">\(label(instant))</text>"
        }
        return shapes + "</g>\n"
    }

    /// What each colour means, along the bottom.
    private static func legend() -> String {
        let entries: [(String, String)] = [
            ("#2e7d32", "paid period"), ("#00838f", "offer period"), ("url(#revoked-hatch)", "refunded or revoked"),
            ("#f9a825", "grace period"), ("#ef6c00", "billing retry"), ("#bdbdbd", "lapsed"),
        ]
        var shapes = "<g class=\"legend\" font-size=\"10\" fill=\"#424242\">"
        var x = left
        for (fill, label) in entries {
            shapes += rect(x: x, y: 132, width: 10, height: 10, fill: fill, opacity: 1)
            shapes += "<text x=\"\(number(x + 14))\" y=\"\(number(141))\">\(label)</text>"
            x += 14 + Double(label.count) * 5.6 + 14
        }
        return shapes + "</g>\n"
    }

    private static func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double) -> String {
        var shape = "<rect x=\"\(number(x))\" y=\"\(number(y))\" width=\"\(number(width))\" height=\"\(number(height))\" rx=\"3\" fill=\"\(fill)\""
        if opacity < 1 { shape += " fill-opacity=\"\(number(opacity))\"" }
        return shape + "/>"
    }

    /// Maps instants to x coordinates.
    private struct Scale {
        let origin: Int64
        let length: Double
        let left: Double
        let width: Double

        init(span: ClosedRange<Timestamp>, left: Double, width: Double) {
            origin = span.lowerBound.milliseconds
            length = Double(max(span.upperBound.milliseconds - span.lowerBound.milliseconds, 1))
            self.left = left
            self.width = width
        }

        func x(_ instant: Timestamp) -> Double {
            left + Double(instant.milliseconds - origin) / length * width
        }
    }

    private static func offerName(_ offer: OfferType) -> String {
        switch offer {
        case .introductoryOffer: "introductory offer"
        case .promotionalOffer: "promotional offer"
        case .offerCode: "offer code"
        case .winBackOffer: "win-back offer"
        default: "offer \(offer.rawValue)"
        }
    }

    /// About 6 units per character at font size 11.
    private static func clipped(_ text: String, width: Double) -> String {
        let fits = max(Int(width / 6.2), 1)
        return text.count <= fits ? text : String(text.prefix(max(fits - 1, 1))) + "…"
    }

    /// Fixed-point with at most one decimal, no locale: `12`, `12.5`.
    static func number(_ value: Double) -> String {
        let tenths = Int64((value * 10).rounded())
        let whole = tenths / 10
        let fraction = abs(tenths % 10)
        let sign = tenths < 0 && whole == 0 ? "-" : ""
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// `2026-03-01`, in UTC.
    static func date(_ instant: Timestamp) -> String {
        String(dateTime(instant).prefix(10))
    }

    /// `2026-03-01 14:05` (or `2026-03-01 14:05:09` with `seconds`), in UTC.
    static func dateTime(_ instant: Timestamp, seconds: Bool = false) -> String {
        let components = utcCalendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: instant.date)
        func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let minutes = "\(components.year ?? 0)-\(two(components.month))-\(two(components.day)) \(two(components.hour)):\(two(components.minute))"
        return seconds ? minutes + ":\(two(components.second))" : minutes
    }

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }()

    /// Escapes text for XML content and attributes.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
