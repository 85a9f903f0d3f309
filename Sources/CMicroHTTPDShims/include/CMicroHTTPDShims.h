#pragma once
#include <stddef.h>
#include <sys/socket.h>
#include <microhttpd.h>

/// The signature of libmicrohttpd's URI log callback (`MHD_OPTION_URI_LOG_CALLBACK`): its return value
/// becomes the request's context pointer.
typedef void *(*tienda_mhd_uri_log_callback)(void *context, const char *uri, struct MHD_Connection *connection);

/// Everything `tienda_mhd_start_daemon` passes to the variadic `MHD_start_daemon`.
typedef struct {
    /// `MHD_FLAG` bits.
    unsigned int flags;
    /// A bound, listening socket the daemon accepts on (`MHD_OPTION_LISTEN_SOCKET`).
    int listen_socket;
    /// Polling threads; 0 or 1 runs a single internal polling thread (`MHD_OPTION_THREAD_POOL_SIZE`).
    unsigned int thread_pool_size;
    /// Simultaneous connections (`MHD_OPTION_CONNECTION_LIMIT`).
    unsigned int connection_limit;
    /// Seconds of inactivity before a connection is closed (`MHD_OPTION_CONNECTION_TIMEOUT`).
    unsigned int connection_timeout_seconds;
    /// Bytes per connection for the request line, headers and buffers (`MHD_OPTION_CONNECTION_MEMORY_LIMIT`).
    size_t connection_memory_limit;
    /// Called for each accepted connection; `MHD_NO` closes it at once.
    MHD_AcceptPolicyCallback accept_policy;
    /// Called for each request: headers, body chunks, and the final call.
    MHD_AccessHandlerCallback access_handler;
    /// Called once per request with the raw request-target; creates the request context.
    tienda_mhd_uri_log_callback uri_log;
    /// Called once per request when it is finished, successfully or not.
    MHD_RequestCompletedCallback request_completed;
    /// Passed as the first argument to all four callbacks.
    void *context;
} tienda_mhd_daemon_options;

/// Starts a daemon with `MHD_start_daemon`, which Swift cannot call because it is variadic.
/// Returns NULL when the daemon does not start.
struct MHD_Daemon *tienda_mhd_start_daemon(const tienda_mhd_daemon_options *options);

/// The client's address (`MHD_get_connection_info` with `MHD_CONNECTION_INFO_CLIENT_ADDRESS`), or NULL.
const struct sockaddr *tienda_mhd_client_address(struct MHD_Connection *connection);
