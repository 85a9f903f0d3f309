/// A certificate the emulator's OCSP responder answers for.
public enum OCSPResponderSubject: String, Hashable, Sendable, Codable, CaseIterable {
    /// The intermediate CA, whose status the root's key (or its delegated responder) signs; AIA `<base>/root`.
    case intermediate
    /// The signing leaf, whose status the intermediate's key (or its delegated responder) signs; AIA
    /// `<base>/intermediate`.
    case leaf
}
