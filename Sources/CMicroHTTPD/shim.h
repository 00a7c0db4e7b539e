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
   A thread per connection (so a handler may wait for async work), bound to one IPv4 address,
   with a completion callback that frees the per-request state. Returns NULL when the address
   cannot be bound. */
static inline struct MHD_Daemon *verbatim_mhd_start(
    const char *ipv4, uint16_t port, MHD_AccessHandlerCallback handler, void *handler_context,
    MHD_RequestCompletedCallback completed, void *completed_context, unsigned int connection_limit)
{
    struct sockaddr_in address;
    memset(&address, 0, sizeof address);
    address.sin_family = AF_INET;
    address.sin_port = htons(port);
    if (inet_pton(AF_INET, ipv4, &address.sin_addr) != 1) return NULL;
    return MHD_start_daemon(
        MHD_USE_THREAD_PER_CONNECTION | MHD_USE_INTERNAL_POLLING_THREAD, port, NULL, NULL,
        handler, handler_context,
        MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&address,
        MHD_OPTION_NOTIFY_COMPLETED, completed, completed_context,
        MHD_OPTION_CONNECTION_LIMIT, connection_limit,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned int)30,
        MHD_OPTION_END);
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
