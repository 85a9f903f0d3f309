import Foundation
import StoreModel
import Testing

/// The request bodies Apple's clients send, as their tests expect them.
@Suite struct ServerAPIRequestTests {
    static func tree(_ value: some Encodable) throws -> JSONTree {
        try JSONTree(parsing: AppleJSON.encode(value))
    }

    static func tree(_ json: String) throws -> JSONTree {
        try JSONTree(parsing: Data(json.utf8))
    }

    @Test func aNotificationHistoryRequestEncodesItsFilters() throws {
        let request = NotificationHistoryRequest(
            startDate: .ms(1_698_148_900_000), endDate: .ms(1_698_148_950_000), notificationType: .subscribed,
            notificationSubtype: .initialBuy, transactionId: "999733843", onlyFailures: true)
        let expected = try Self.tree(
            #"{"startDate":1698148900000,"endDate":1698148950000,"notificationType":"SUBSCRIBED","#
                + #""notificationSubtype":"INITIAL_BUY","transactionId":"999733843","onlyFailures":true}"#)
        #expect(try Self.tree(request) == expected)
    }

    @Test func extendRequestsEncodeTheirReasonCodeAsAnInteger() throws {
        let single = ExtendRenewalDateRequest(
            extendByDays: 45, extendReasonCode: .customerSatisfaction,
            requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac")
        let expected = try Self.tree(
            #"{"extendByDays":45,"extendReasonCode":1,"requestIdentifier":"fdf964a4-233b-486c-aac1-97d8d52688ac"}"#)
        #expect(try Self.tree(single) == expected)
        let mass = MassExtendRenewalDateRequest(
            extendByDays: 45, extendReasonCode: .customerSatisfaction,
            requestIdentifier: "fdf964a4-233b-486c-aac1-97d8d52688ac", storefrontCountryCodes: ["USA", "MEX"],
            productId: "com.example.productId")
        #expect(try Self.tree(mass).keys.contains("storefrontCountryCodes"))
        #expect(mass.requestIdentifierUUID == UUID(uuidString: "fdf964a4-233b-486c-aac1-97d8d52688ac"))
    }

    @Test func aConsumptionRequestEncodesStringEnums() throws {
        let request = ConsumptionRequest(
            customerConsented: true, sampleContentProvided: false, deliveryStatus: .delivered,
            consumptionPercentage: 50000, refundPreference: .grantFull)
        let expected = try Self.tree(
            #"{"customerConsented":true,"sampleContentProvided":false,"deliveryStatus":"DELIVERED","#
                + #""consumptionPercentage":50000,"refundPreference":"GRANT_FULL"}"#)
        #expect(try Self.tree(request) == expected)
    }

    @Test func aVersionOneConsumptionRequestEncodesIntegerEnums() throws {
        let request = ConsumptionRequestV1(
            customerConsented: true, consumptionStatus: .notConsumed, platform: .nonApple,
            sampleContentProvided: false, deliveryStatus: .didNotDeliverDueToServerOutage,
            appAccountToken: "7389a31a-fb6d-4569-a2a6-db7d85d84813",
            accountTenure: .thirtyDaysToNinetyDays, playTime: .oneDayToFourDays,
            lifetimeDollarsRefunded: .oneHundredDollarsToFourHundredNinetyNineDollarsAndNinetyNineCents,
            lifetimeDollarsPurchased: .twoThousandDollarsOrGreater, userStatus: .limitedAccess,
            refundPreference: .noPreference)
        let expected = try Self.tree(
            #"{"customerConsented":true,"consumptionStatus":1,"platform":2,"sampleContentProvided":false,"#
                + #""deliveryStatus":3,"appAccountToken":"7389a31a-fb6d-4569-a2a6-db7d85d84813","accountTenure":4,"#
                + #""playTime":5,"lifetimeDollarsRefunded":4,"lifetimeDollarsPurchased":7,"userStatus":4,"#
                + #""refundPreference":3}"#)
        #expect(try Self.tree(request) == expected)
    }

    @Test func anAppAccountTokenRequestKeepsTheTokenAsSent() throws {
        let upper = "7389A31A-FB6D-4569-A2A6-DB7D85D84813"
        let request = try AppleJSON.decode(
            UpdateAppAccountTokenRequest.self, from: Data(#"{"appAccountToken":"\#(upper)"}"#.utf8))
        #expect(request.appAccountToken == upper)
        #expect(request.appAccountTokenUUID == UUID(uuidString: "7389a31a-fb6d-4569-a2a6-db7d85d84813"))
    }

    @Test func transactionHistoryFiltersUseTheHistoryEnums() throws {
        let request = TransactionHistoryRequest(
            startDate: .ms(123_455), endDate: .ms(123_456), productIds: ["com.example.1", "com.example.2"],
            productTypes: [.consumable, .autoRenewable], sort: .ascending,
            subscriptionGroupIdentifiers: ["sub_group_id", "sub_group_id_2"], inAppOwnershipType: .familyShared,
            revoked: false)
        #expect(request.productTypes?.map(\.rawValue) == ["CONSUMABLE", "AUTO_RENEWABLE"])
        #expect(request.sort?.rawValue == "ASCENDING")
        #expect(TransactionHistoryRequest.ProductType.knownValues.count == 4)
        #expect(TransactionHistoryRequest.Order.knownValues == [.ascending, .descending])
    }
}
