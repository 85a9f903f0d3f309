extension [UInt8] {
    /// Appends an integer's decimal digits, as `"\(integer)"` spells them, without building a string (parameters
    /// and array literals sent to PostgreSQL as text).
    mutating func appendDecimal(_ value: Int64) {
        if value < 0 { append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        let first = count
        repeat {
            append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        self[first...].reverse()
    }
}
