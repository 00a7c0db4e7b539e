#ifndef VERBATIM_CMICROHTTPD_SHIM_H
#define VERBATIM_CMICROHTTPD_SHIM_H
#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/* MHD_start_daemon is variadic, which Swift cannot call: one fixed set of options here.
   A few polling threads (epoll on Linux) serve every connection, so idle keep-alive connections
   cost a file descriptor, not a thread, and cannot lock others out; a handler that waits for
   async work suspends its connection (MHD_suspend_connection) and resumes it when the response
   is ready. Bound to one IPv4 address, with a completion callback that frees the per-request
   state. Returns NULL when the address cannot be bound. */
static inline struct MHD_Daemon *verbatim_mhd_start(
    const char *ipv4, uint16_t port, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context, unsigned int connection_limit,
    unsigned int polling_threads, unsigned int idle_timeout_seconds)
{
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, ipv4, &address.sin_addr) != 1) return NULL;
    return MHD_start_daemon(
        MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_AUTO | MHD_ALLOW_SUSPEND_RESUME, port, NULL, NULL,
        handler, handler_context,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_THREAD_POOL_SIZE, polling_threads,
        MHD_OPTION_CONNECTION_TIMEOUT, idle_timeout_seconds,
        MHD_OPTION_END);
}

/* The client's IPv4 or IPv6 address as text into `buffer` (empty when unknown). */
static inline void verbatim_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t size)
{
    buffer[0] = 0;
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (!info || !info->client_addr) return;
    const struct sockaddr *address = info->client_addr;
    if (address->sa_family == AF_INET)
        inet_ntop(AF_INET, &((const struct sockaddr_in *)address)->sin_addr, buffer, (socklen_t)size);
    else if (address->sa_family == AF_INET6)
        inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)address)->sin6_addr, buffer, (socklen_t)size);
}

/* The port the daemon is bound to (useful when it was started on port 0), or 0. */
static inline uint16_t verbatim_mhd_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info ? info->port : 0;
}

/* A response holding a copy of the bytes. */
static inline struct MHD_Response *verbatim_mhd_response(const void *bytes, size_t count)
{
    return MHD_create_response_from_buffer(count, (void *)bytes, MHD_RESPMEM_MUST_COPY);
}

/* Names Swift imports awkwardly (closed enums), as plain functions. */
static inline enum MHD_Result verbatim_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result verbatim_mhd_no(void) { return MHD_NO; }
static inline enum MHD_ValueKind verbatim_mhd_headers(void) { return MHD_HEADER_KIND; }
static inline enum MHD_ValueKind verbatim_mhd_arguments(void) { return MHD_GET_ARGUMENT_KIND; }
#endif
