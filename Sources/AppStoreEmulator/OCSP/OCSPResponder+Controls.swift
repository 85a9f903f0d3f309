import StoreCrypto
import StoreModel
import Synchronization

/// Run-time controls, for the emulator's control API: revoke or reinstate a certificate, simulate a failure.
/// Both last until changed or until the process ends (they are not saved).
extension OCSPResponder {
    /// Reports `subject` as revoked from now on.
    /// - Parameters:
    ///   - subject: The intermediate or the leaf.
    ///   - date: The revocation date (default: the responder clock's now).
    ///   - reason: The CRL reason, if any.
    public func revoke(_ subject: OCSPResponderSubject, at date: Timestamp? = nil, reason: OCSPRevocationReason? = nil) {
        let revocation = OCSPRevocation(date: date ?? clock.now, reason: reason)
        state.withLock { $0.revocations[subject] = revocation }
    }

    /// Reports `subject` as good again.
    public func reinstate(_ subject: OCSPResponderSubject) {
        _ = state.withLock { $0.revocations.removeValue(forKey: subject) }
    }

    /// The certificates currently reported as revoked.
    public var revocations: [OCSPResponderSubject: OCSPRevocation] {
        state.withLock { $0.revocations }
    }

    /// The failure being simulated (``OCSPResponderFault/none`` by default).
    public var fault: OCSPResponderFault {
        get { state.withLock { $0.fault } }
        set { state.withLock { $0.fault = newValue } }
    }
}
