import StoreModel

extension PayloadGenerator {
    mutating func transaction() -> JWSTransactionDecodedPayload {
        JWSTransactionDecodedPayload(
            originalTransactionId: optional { $0.string() },
            transactionId: optional { $0.string() },
            webOrderLineItemId: optional { $0.string() },
            bundleId: optional { $0.string() },
            productId: optional { $0.string() },
            subscriptionGroupIdentifier: optional { $0.string() },
            purchaseDate: optional { $0.timestamp() },
            originalPurchaseDate: optional { $0.timestamp() },
            expiresDate: optional { $0.timestamp() },
            quantity: optional { $0.int32() },
            type: optional { $0.enumeration(ProductType.self) },
            appAccountToken: optional { $0.string() },
            inAppOwnershipType: optional { $0.enumeration(InAppOwnershipType.self) },
            signedDate: optional { $0.timestamp() },
            revocationReason: optional { $0.enumeration(RevocationReason.self) },
            revocationDate: optional { $0.timestamp() },
            isUpgraded: optional { $0.bool() },
            offerType: optional { $0.enumeration(OfferType.self) },
            offerIdentifier: optional { $0.string() },
            environment: optional { $0.enumeration(AppStoreEnvironment.self) },
            storefront: optional { $0.string() },
            storefrontId: optional { $0.string() },
            transactionReason: optional { $0.enumeration(TransactionReason.self) },
            currency: optional { $0.string() },
            price: optional { $0.int64() },
            offerDiscountType: optional { $0.enumeration(OfferDiscountType.self) },
            appTransactionId: optional { $0.string() },
            offerPeriod: optional { $0.string() },
            revocationType: optional { $0.enumeration(RevocationType.self) },
            revocationPercentage: optional { $0.int32() },
            advancedCommerceInfo: optional { $0.advancedCommerceTransaction() },
            billingPlanType: optional { $0.enumeration(BillingPlanType.self) },
            commitmentInfo: optional { $0.transactionCommitment() },
            deviceVerification: optional { $0.string() },
            deviceVerificationNonce: optional { $0.string() })
    }

    mutating func renewal() -> JWSRenewalInfoDecodedPayload {
        JWSRenewalInfoDecodedPayload(
            expirationIntent: optional { $0.enumeration(ExpirationIntent.self) },
            originalTransactionId: optional { $0.string() },
            autoRenewProductId: optional { $0.string() },
            productId: optional { $0.string() },
            autoRenewStatus: optional { $0.enumeration(AutoRenewStatus.self) },
            isInBillingRetryPeriod: optional { $0.bool() },
            priceIncreaseStatus: optional { $0.enumeration(PriceIncreaseStatus.self) },
            gracePeriodExpiresDate: optional { $0.timestamp() },
            offerType: optional { $0.enumeration(OfferType.self) },
            offerIdentifier: optional { $0.string() },
            signedDate: optional { $0.timestamp() },
            environment: optional { $0.enumeration(AppStoreEnvironment.self) },
            recentSubscriptionStartDate: optional { $0.timestamp() },
            renewalDate: optional { $0.timestamp() },
            currency: optional { $0.string() },
            renewalPrice: optional { $0.int64() },
            offerDiscountType: optional { $0.enumeration(OfferDiscountType.self) },
            eligibleWinBackOfferIds: optional { $0.strings() },
            appAccountToken: optional { $0.string() },
            appTransactionId: optional { $0.string() },
            offerPeriod: optional { $0.string() },
            advancedCommerceInfo: optional { $0.advancedCommerceRenewal() },
            commitmentInfo: optional { $0.renewalCommitment() },
            renewalBillingPlanType: optional { $0.enumeration(BillingPlanType.self) },
            deviceVerification: optional { $0.string() },
            deviceVerificationNonce: optional { $0.string() })
    }

    mutating func transactionCommitment() -> TransactionCommitmentInfo {
        TransactionCommitmentInfo(
            billingPeriodNumber: optional { $0.int32() }, commitmentExpiresDate: optional { $0.timestamp() },
            commitmentPrice: optional { $0.int64() }, totalBillingPeriods: optional { $0.int32() })
    }

    mutating func renewalCommitment() -> RenewalCommitmentInfo {
        RenewalCommitmentInfo(
            commitmentAutoRenewProductId: optional { $0.string() },
            commitmentAutoRenewStatus: optional { $0.enumeration(AutoRenewStatus.self) },
            commitmentRenewalBillingPlanType: optional { $0.enumeration(BillingPlanType.self) },
            commitmentRenewalDate: optional { $0.timestamp() }, commitmentRenewalPrice: optional { $0.int64() })
    }

    mutating func advancedCommerceTransaction() -> AdvancedCommerceTransactionInfo {
        AdvancedCommerceTransactionInfo(
            descriptors: optional { $0.descriptors() }, estimatedTax: optional { $0.int64() },
            items: optional { $0.list { $0.transactionItem() } }, period: optional { $0.enumeration(AdvancedCommercePeriod.self) },
            requestReferenceId: optional { $0.string() }, taxCode: optional { $0.string() },
            taxExclusivePrice: optional { $0.int64() }, taxRate: optional { $0.string() })
    }

    mutating func advancedCommerceRenewal() -> AdvancedCommerceRenewalInfo {
        AdvancedCommerceRenewalInfo(
            consistencyToken: optional { $0.string() }, descriptors: optional { $0.descriptors() },
            items: optional { $0.list { $0.renewalItem() } }, period: optional { $0.enumeration(AdvancedCommercePeriod.self) },
            requestReferenceId: optional { $0.string() }, taxCode: optional { $0.string() })
    }

    mutating func descriptors() -> AdvancedCommerceDescriptors {
        AdvancedCommerceDescriptors(description: optional { $0.string() }, displayName: optional { $0.string() })
    }

    mutating func transactionItem() -> AdvancedCommerceTransactionItem {
        AdvancedCommerceTransactionItem(
            SKU: optional { $0.string() }, description: optional { $0.string() }, displayName: optional { $0.string() },
            offer: optional { $0.offer() }, price: optional { $0.int64() }, refunds: optional { $0.list { $0.refund() } },
            revocationDate: optional { $0.timestamp() })
    }

    mutating func renewalItem() -> AdvancedCommerceRenewalItem {
        AdvancedCommerceRenewalItem(
            SKU: optional { $0.string() }, description: optional { $0.string() }, displayName: optional { $0.string() },
            offer: optional { $0.offer() }, price: optional { $0.int64() },
            priceIncreaseInfo: optional { $0.priceIncrease() })
    }

    mutating func offer() -> AdvancedCommerceOffer {
        AdvancedCommerceOffer(
            period: optional { $0.enumeration(AdvancedCommerceOfferPeriod.self) }, periodCount: optional { $0.int32() },
            price: optional { $0.int64() }, reason: optional { $0.enumeration(AdvancedCommerceOfferReason.self) })
    }

    mutating func refund() -> AdvancedCommerceRefund {
        AdvancedCommerceRefund(
            refundAmount: optional { $0.int64() }, refundDate: optional { $0.timestamp() },
            refundReason: optional { $0.enumeration(AdvancedCommerceRefundReason.self) },
            refundType: optional { $0.enumeration(AdvancedCommerceRefundType.self) })
    }

    mutating func priceIncrease() -> AdvancedCommercePriceIncreaseInfo {
        AdvancedCommercePriceIncreaseInfo(
            dependentSKUs: optional { $0.strings() }, price: optional { $0.int64() },
            status: optional { $0.enumeration(AdvancedCommercePriceIncreaseInfoStatus.self) })
    }
}
