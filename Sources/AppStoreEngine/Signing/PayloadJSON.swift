import StoreModel

/// The JSON of each payload the engine signs, written with ``JSONPayloadWriter`` in the models' declaration
/// order. Decoding the output with ``AppleJSON`` gives back the same value.
enum PayloadJSON {
    /// A transaction without `signedDate`: the form the engine stores, signed later with
    /// ``insertingSignedDate(_:into:)``.
    static func unsignedTransaction(_ payload: JWSTransactionDecodedPayload) -> [UInt8] {
        var writer = JSONPayloadWriter()
        write(payload, to: &writer)
        return writer.finish()
    }

    /// ``unsignedTransaction(_:)`` and its stored form (``StoredMemberNames``), written together.
    static func unsignedTransactionAndStoredForm(
        _ payload: JWSTransactionDecodedPayload
    ) -> (json: [UInt8], stored: [UInt8]) {
        var writer = JSONPayloadWriter(writesStoredForm: true)
        write(payload, to: &writer)
        return writer.finishWithStoredForm()
    }

    /// Writes a transaction's members (but `signedDate`) in Apple's order.
    private static func write(_ payload: JWSTransactionDecodedPayload, to writer: inout JSONPayloadWriter) {
        writer.field(.originalTransactionId, payload.originalTransactionId)
        writer.field(.transactionId, payload.transactionId)
        writer.field(.webOrderLineItemId, payload.webOrderLineItemId)
        writer.field(.bundleId, payload.bundleId)
        writer.field(.productId, payload.productId)
        writer.field(.subscriptionGroupIdentifier, payload.subscriptionGroupIdentifier)
        writer.field(.purchaseDate, payload.purchaseDate)
        writer.field(.originalPurchaseDate, payload.originalPurchaseDate)
        writer.field(.expiresDate, payload.expiresDate)
        writer.field(.quantity, payload.quantity)
        writer.field(.type, payload.type)
        writer.field(.appAccountToken, payload.appAccountToken)
        writer.field(.inAppOwnershipType, payload.inAppOwnershipType)
        writer.field(.revocationReason, payload.revocationReason)
        writer.field(.revocationDate, payload.revocationDate)
        writer.field(.isUpgraded, payload.isUpgraded)
        writer.field(.offerType, payload.offerType)
        writer.field(.offerIdentifier, payload.offerIdentifier)
        writer.field(.environment, payload.environment)
        writer.field(.storefront, payload.storefront)
        writer.field(.storefrontId, payload.storefrontId)
        writer.field(.transactionReason, payload.transactionReason)
        writer.field(.currency, payload.currency)
        writer.field(.price, payload.price)
        writer.field(.offerDiscountType, payload.offerDiscountType)
        writer.field(.appTransactionId, payload.appTransactionId)
        writer.field(.offerPeriod, payload.offerPeriod)
        writer.field(.revocationType, payload.revocationType)
        writer.field(.revocationPercentage, payload.revocationPercentage)
        writer.encodedField(.advancedCommerceInfo, payload.advancedCommerceInfo)
        writer.field(.billingPlanType, payload.billingPlanType)
        writer.encodedField(.commitmentInfo, payload.commitmentInfo)
        writer.field(.deviceVerification, payload.deviceVerification)
        writer.field(.deviceVerificationNonce, payload.deviceVerificationNonce)
    }

    /// Stored transaction JSON with `"signedDate"` appended as its last member.
    static func insertingSignedDate(_ signedDate: Timestamp, into unsigned: some Collection<UInt8>) -> [UInt8] {
        var bytes = [UInt8]()
        insertSignedDate(signedDate, into: unsigned, writingTo: &bytes)
        return bytes
    }

    /// ``insertingSignedDate(_:into:)`` written into `buffer` (emptied first, its capacity kept: a buffer kept
    /// across payloads).
    static func insertSignedDate(
        _ signedDate: Timestamp, into unsigned: some Collection<UInt8>, writingTo buffer: inout [UInt8]
    ) {
        buffer.removeAll(keepingCapacity: true)
        buffer.reserveCapacity(unsigned.count + 32)
        buffer.append(contentsOf: unsigned.prefix(max(0, unsigned.count - 1)))
        if unsigned.count > 2 { buffer.append(UInt8(ascii: ",")) }
        appendSignedDateAndClose(signedDate, to: &buffer)
    }

    /// Appends `"signedDate":` with its value and the object's closing brace.
    private static func appendSignedDateAndClose(_ signedDate: Timestamp, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: #""signedDate":"#.utf8)
        buffer.append(contentsOf: String(signedDate.milliseconds).utf8)
        buffer.append(UInt8(ascii: "}"))
    }

    /// A stored transaction's JSON issued to a device: the bytes ``unsignedTransaction(_:)`` then
    /// ``insertingSignedDate(_:into:)`` give for its payload with `deviceVerification` and `deviceVerificationNonce`
    /// set, made by writing only those two members (the last of a transaction's, before `signedDate`) after the
    /// stored members instead of writing every member again. `unsigned` must be a transaction's JSON without
    /// either member, as stored transactions are.
    static func deviceTransaction(
        _ unsigned: [UInt8], deviceVerification: String, nonce: String, signedDate: Timestamp
    ) -> [UInt8] {
        var device = JSONPayloadWriter()
        device.field(.deviceVerification, deviceVerification)
        device.field(.deviceVerificationNonce, nonce)
        let members = device.finish()
        var json = [UInt8]()
        json.reserveCapacity(unsigned.count + members.count + 32)
        json.append(contentsOf: unsigned.prefix(max(0, unsigned.count - 1)))
        if unsigned.count > 2 { json.append(UInt8(ascii: ",")) }
        json.append(contentsOf: members.dropFirst().dropLast())
        json.append(UInt8(ascii: ","))
        appendSignedDateAndClose(signedDate, to: &json)
        return json
    }

    /// Renewal information (with whatever `signedDate` it carries).
    static func renewalInfo(_ payload: JWSRenewalInfoDecodedPayload) -> [UInt8] {
        var writer = JSONPayloadWriter()
        write(payload, to: &writer)
        return writer.finish()
    }

    /// Renewal information signed at `signedDate` (whatever `signedDate` the payload carries), written into
    /// `buffer` (emptied first, its capacity kept). The payload is read where it is, not copied to set its date: a
    /// copy retains each of its strings and its release frees them again.
    static func renewalInfo(
        _ payload: borrowing JWSRenewalInfoDecodedPayload, signedDate: Timestamp, writingTo buffer: inout [UInt8]
    ) {
        var writer = JSONPayloadWriter(reusing: &buffer)
        write(payload, signedDate: signedDate, to: &writer)
        buffer = writer.finish()
    }

    /// ``renewalInfo(_:signedDate:writingTo:)`` with the stored form (``StoredMemberNames``) written alongside,
    /// into `storedBuffer` (emptied first, its capacity kept).
    static func renewalInfo(
        _ payload: borrowing JWSRenewalInfoDecodedPayload, signedDate: Timestamp, writingTo buffer: inout [UInt8],
        storedFormIn storedBuffer: inout [UInt8]
    ) {
        var writer = JSONPayloadWriter(reusing: &buffer, storedFormIn: &storedBuffer)
        write(payload, signedDate: signedDate, to: &writer)
        (buffer, storedBuffer) = writer.finishWithStoredForm()
    }

    /// Writes renewal information's members in Apple's order; `signedDate`, when given, replaces the payload's.
    private static func write(
        _ payload: borrowing JWSRenewalInfoDecodedPayload, signedDate: Timestamp? = nil, to writer: inout JSONPayloadWriter
    ) {
        writer.field(.expirationIntent, payload.expirationIntent)
        writer.field(.originalTransactionId, payload.originalTransactionId)
        writer.field(.autoRenewProductId, payload.autoRenewProductId)
        writer.field(.productId, payload.productId)
        writer.field(.autoRenewStatus, payload.autoRenewStatus)
        writer.field(.isInBillingRetryPeriod, payload.isInBillingRetryPeriod)
        writer.field(.priceIncreaseStatus, payload.priceIncreaseStatus)
        writer.field(.gracePeriodExpiresDate, payload.gracePeriodExpiresDate)
        writer.field(.offerType, payload.offerType)
        writer.field(.offerIdentifier, payload.offerIdentifier)
        writer.field(.signedDate, signedDate ?? payload.signedDate)
        writer.field(.environment, payload.environment)
        writer.field(.recentSubscriptionStartDate, payload.recentSubscriptionStartDate)
        writer.field(.renewalDate, payload.renewalDate)
        writer.field(.currency, payload.currency)
        writer.field(.renewalPrice, payload.renewalPrice)
        writer.field(.offerDiscountType, payload.offerDiscountType)
        writer.field(.eligibleWinBackOfferIds, payload.eligibleWinBackOfferIds)
        writer.field(.appAccountToken, payload.appAccountToken)
        writer.field(.appTransactionId, payload.appTransactionId)
        writer.field(.offerPeriod, payload.offerPeriod)
        writer.encodedField(.advancedCommerceInfo, payload.advancedCommerceInfo)
        writer.encodedField(.commitmentInfo, payload.commitmentInfo)
        writer.field(.renewalBillingPlanType, payload.renewalBillingPlanType)
        writer.field(.deviceVerification, payload.deviceVerification)
        writer.field(.deviceVerificationNonce, payload.deviceVerificationNonce)
    }

    /// A notification (`responseBodyV2DecodedPayload`).
    static func notification(_ payload: ResponseBodyV2DecodedPayload) -> [UInt8] {
        var writer = JSONPayloadWriter(capacity: 4096)
        writer.field(.notificationType, payload.notificationType)
        writer.field(.subtype, payload.subtype)
        writer.field(.notificationUUID, payload.notificationUUID)
        if let data = payload.data { writer.rawField(.data, notificationData(data)) }
        writer.field(.version, payload.version)
        writer.field(.signedDate, payload.signedDate)
        if let summary = payload.summary { writer.rawField(.summary, self.summary(summary)) }
        writer.encodedField(.externalPurchaseToken, payload.externalPurchaseToken)
        writer.encodedField(.appData, payload.appData)
        return writer.finish()
    }

    private static func notificationData(_ data: NotificationData) -> [UInt8] {
        var writer = JSONPayloadWriter(capacity: 4096)
        writer.field(.environment, data.environment)
        writer.field(.appAppleId, data.appAppleId)
        writer.field(.bundleId, data.bundleId)
        writer.field(.bundleVersion, data.bundleVersion)
        writer.field(.signedTransactionInfo, data.signedTransactionInfo)
        writer.field(.signedRenewalInfo, data.signedRenewalInfo)
        writer.field(.status, data.status)
        writer.field(.consumptionRequestReason, data.consumptionRequestReason)
        return writer.finish()
    }

    /// A notification's summary (mass renewal-date extensions).
    static func summary(_ summary: Summary) -> [UInt8] {
        var writer = JSONPayloadWriter()
        writer.field(.environment, summary.environment)
        writer.field(.appAppleId, summary.appAppleId)
        writer.field(.bundleId, summary.bundleId)
        writer.field(.productId, summary.productId)
        writer.field(.requestIdentifier, summary.requestIdentifier)
        writer.field(.storefrontCountryCodes, summary.storefrontCountryCodes)
        writer.field(.succeededCount, summary.succeededCount)
        writer.field(.failedCount, summary.failedCount)
        return writer.finish()
    }

    /// An app transaction.
    static func appTransaction(_ payload: AppTransaction) -> [UInt8] {
        var writer = JSONPayloadWriter()
        writer.field("receiptType", payload.receiptType)
        writer.field("appAppleId", payload.appAppleId)
        writer.field("bundleId", payload.bundleId)
        writer.field("applicationVersion", payload.applicationVersion)
        writer.field("versionExternalIdentifier", payload.versionExternalIdentifier)
        writer.field("receiptCreationDate", payload.receiptCreationDate)
        writer.field("originalPurchaseDate", payload.originalPurchaseDate)
        writer.field("originalApplicationVersion", payload.originalApplicationVersion)
        writer.field("deviceVerification", payload.deviceVerification)
        writer.field("deviceVerificationNonce", payload.deviceVerificationNonce)
        writer.field("preorderDate", payload.preorderDate)
        writer.field("appTransactionId", payload.appTransactionId)
        writer.field("originalPlatform", payload.originalPlatform)
        writer.field("requestDate", payload.requestDate)
        return writer.finish()
    }
}
