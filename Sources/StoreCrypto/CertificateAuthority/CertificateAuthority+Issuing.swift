import StoreModel

/// The intermediate and leaf profiles, shared by generation and re-issuing.
extension CertificateAuthority {
    /// Issues the intermediate CA for `key`, signed by the root.
    static func issueIntermediate(
        key: P256PrivateKey, root: Certificate, rootKey: P256PrivateKey, validity: ClosedRange<Timestamp>, ocspURL: String?
    ) throws -> Certificate {
        var extensions: [CertificateExtension] = [
            .basicConstraints(isCertificateAuthority: true, pathLength: 0),
            .keyUsage([.keyCertSign, .cRLSign]),
            .authorityKeyIdentifier(try KeyIdentifier.sha1(subjectPublicKeyInfo: rootKey.publicKey.derRepresentation)),
            .subjectKeyIdentifier(try KeyIdentifier.sha1(subjectPublicKeyInfo: key.publicKey.derRepresentation)),
            .marker(oid: CertificateExtension.appStoreIntermediateMarkerOID),
        ]
        if let ocspURL { extensions.append(.ocspResponder(ocspURL)) }
        return try CertificateBuilder(
            subject: intermediateSubject, subjectPublicKeyInfo: key.publicKey.derRepresentation,
            notBefore: validity.lowerBound, notAfter: validity.upperBound, extensions: extensions
        ).sign(issuer: root, issuerKey: rootKey)
    }

    /// Issues the signing leaf for `key`, signed by the intermediate.
    static func issueLeaf(
        key: P256PrivateKey, intermediate: Certificate, intermediateKey: P256PrivateKey, validity: ClosedRange<Timestamp>,
        ocspURL: String?
    ) throws -> Certificate {
        var extensions: [CertificateExtension] = [
            .basicConstraints(isCertificateAuthority: false),
            .keyUsage(.digitalSignature),
            .authorityKeyIdentifier(
                try KeyIdentifier.sha1(subjectPublicKeyInfo: intermediateKey.publicKey.derRepresentation)),
            .subjectKeyIdentifier(try KeyIdentifier.sha1(subjectPublicKeyInfo: key.publicKey.derRepresentation)),
            .marker(oid: CertificateExtension.appStoreLeafMarkerOID),
        ]
        if let ocspURL { extensions.append(.ocspResponder(ocspURL)) }
        return try CertificateBuilder(
            subject: leafSubject, subjectPublicKeyInfo: key.publicKey.derRepresentation, notBefore: validity.lowerBound,
            notAfter: validity.upperBound, extensions: extensions
        ).sign(issuer: intermediate, issuerKey: intermediateKey)
    }
}
