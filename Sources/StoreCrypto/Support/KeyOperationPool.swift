import COpenSSL
import StoreLocking

/// A small pool of `EVP_PKEY_CTX` objects, each initialised for one operation (sign or verify) on one key.
///
/// Creating and initialising a context costs a provider lookup in OpenSSL 3, a noticeable share of one ECDSA
/// operation. An initialised context can run the operation any number of times, but never on two threads at
/// once, so each caller takes a context out of the pool and puts it back afterwards.
final class KeyOperationPool: Sendable {
    /// The operation the pooled contexts are initialised for.
    enum Operation: Sendable {
        case sign
        case verify
    }

    /// An `EVP_PKEY_CTX` owned by the pool or by exactly one borrower at a time; `@unchecked Sendable` because
    /// ownership moves between threads only through the pool's lock.
    private struct Context: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    /// The `EVP_PKEY`; the pool holds its own reference (and each context one more).
    private let key: KeyReference
    private let operation: Operation
    private let idle = Locked<[Context]>([])
    private static let maximumIdleContexts = 8

    init(key: OpaquePointer, operation: Operation) {
        EVP_PKEY_up_ref(key)
        self.key = KeyReference(key)
        self.operation = operation
    }

    deinit {
        idle.withLock { contexts in
            for context in contexts { EVP_PKEY_CTX_free(context.pointer) }
            contexts.removeAll()
        }
        EVP_PKEY_free(key.pointer)
    }

    /// Runs `body` with an initialised context.
    ///
    /// `body` returns whether the context is still in a reusable state; a context that saw an OpenSSL error is
    /// freed rather than returned to the pool.
    /// - Returns: `nil` when no context could be created (OpenSSL out of memory), else `body`'s result.
    func withContext<Result>(_ body: (OpaquePointer) -> (result: Result, reusable: Bool)) -> Result? {
        let borrowed = idle.withLock { $0.popLast() } ?? makeContext()
        guard let borrowed else { return nil }
        let outcome = body(borrowed.pointer)
        if outcome.reusable {
            let overflow = idle.withLock { contexts -> Context? in
                guard contexts.count < Self.maximumIdleContexts else { return borrowed }
                contexts.append(borrowed)
                return nil
            }
            if let overflow { EVP_PKEY_CTX_free(overflow.pointer) }
        } else {
            EVP_PKEY_CTX_free(borrowed.pointer)
        }
        return outcome.result
    }

    private func makeContext() -> Context? {
        guard let context = EVP_PKEY_CTX_new_from_pkey(nil, key.pointer, nil) else {
            _ = OpenSSLErrorQueue.drain()
            return nil
        }
        let status =
            switch operation {
            case .sign: EVP_PKEY_sign_init(context)
            case .verify: EVP_PKEY_verify_init(context)
            }
        guard status == 1 else {
            _ = OpenSSLErrorQueue.drain()
            EVP_PKEY_CTX_free(context)
            return nil
        }
        return Context(pointer: context)
    }
}

/// An `EVP_PKEY` pointer whose reference is managed by its holder; `@unchecked Sendable` because an `EVP_PKEY`
/// that is never modified may be read from several threads (OpenSSL's documented rule).
struct KeyReference: @unchecked Sendable {
    let pointer: OpaquePointer

    init(_ pointer: OpaquePointer) {
        self.pointer = pointer
    }
}
