/// The notification deliverer runs beside the HTTP server for as long as the emulator runs.
extension NotificationDeliverer: BackgroundService {}

/// The OCSP responder's routes (`/ocsp/...`) are mounted like any other group.
extension OCSPResponder: RouteGroup {}
