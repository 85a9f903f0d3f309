import Foundation

/// The products of `Examples/Tienda.storekit`.
enum IDs {
    static let bundleID = "com.tienda.example"
    static let monthly = "com.tienda.example.pro.monthly"
    static let yearly = "com.tienda.example.pro.yearly"
    static let weekly = "com.tienda.example.plus.weekly"
    static let coins = "com.tienda.example.coins.100"
    static let coinChest = "com.tienda.example.coins.1000"
    static let lifetime = "com.tienda.example.lifetime"
    static let theme = "com.tienda.example.theme.dark"
    static let seasonPass = "com.tienda.example.season.pass"
    static let group = "5C0A11E1"
    static let all = [monthly, yearly, weekly, coins, coinChest, lifetime, theme, seasonPass]

    /// `Examples/Tienda.storekit`.
    static let catalogURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Examples/Tienda.storekit")
}

/// The seeds' products (`Tests/Fixtures/seeds/Seeds.storekit`).
enum SeedIDs {
    static let bundleID = "com.tuempresa.app"
    static let monthly = "com.tuempresa.app.monthly"
    static let yearly = "com.tuempresa.app.yearly"
    static let lifetime = "com.tuempresa.app.lifetime"
    static let proMensual = "pro.mensual"
    static let proAnual = "pro.anual"
    static let creditos = "creditos.100"
    static let proVitalicio = "pro.vitalicio"
    static let discovererPro = "discoverer.pro.lifetime"

    /// `Tests/Fixtures/seeds/Seeds.storekit`.
    static let catalogURL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/seeds/Seeds.storekit")
}
