// The client and the message vocabulary it shares with the server (methods, headers, statuses) live in
// StoreHTTPClient, which does not link libmicrohttpd; code that imports StoreHTTP keeps seeing them.
@_exported import StoreHTTPClient
