#include "CMicroHTTPDShims.h"
#include <string.h>

/// Leaves the request-target as it arrived: Swift decodes it, so that the raw form stays available.
static size_t tienda_mhd_keep_escaped(void *context, struct MHD_Connection *connection, char *text) {
    (void)context;
    (void)connection;
    return strlen(text);
}

struct MHD_Daemon *tienda_mhd_start_daemon(const tienda_mhd_daemon_options *options) {
    return MHD_start_daemon(
        options->flags, 0, options->accept_policy, options->context, options->access_handler, options->context,
        MHD_OPTION_LISTEN_SOCKET, (MHD_socket)options->listen_socket,
        MHD_OPTION_THREAD_POOL_SIZE, options->thread_pool_size,
        MHD_OPTION_CONNECTION_LIMIT, options->connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, options->connection_timeout_seconds,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, options->connection_memory_limit,
        MHD_OPTION_URI_LOG_CALLBACK, options->uri_log, options->context,
        MHD_OPTION_NOTIFY_COMPLETED, options->request_completed, options->context,
        MHD_OPTION_UNESCAPE_CALLBACK, tienda_mhd_keep_escaped, NULL,
        MHD_OPTION_END);
}

const struct sockaddr *tienda_mhd_client_address(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    return info == NULL ? NULL : info->client_addr;
}
