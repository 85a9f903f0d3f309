/// The process exit codes of `tienda`, following BSD's sysexits where one fits.
enum ExitCode: Int32, Sendable {
    /// Everything went as asked.
    case success = 0
    /// A signature or chain did not verify.
    case verificationFailed = 1
    /// The command line was wrong (EX_USAGE).
    case usage = 64
    /// An input file or value was malformed (EX_DATAERR).
    case badData = 65
    /// An input file could not be opened (EX_NOINPUT).
    case noInput = 66
    /// A service the command needs (a running `tienda serve`) is unreachable (EX_UNAVAILABLE).
    case unavailable = 69
    /// Something failed inside Tienda or the system (EX_SOFTWARE).
    case software = 70
    /// A file could not be written (EX_CANTCREAT).
    case cannotCreate = 73
}
