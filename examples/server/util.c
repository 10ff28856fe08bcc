/*
 * util.c - small helpers of rami-server: errors, logging, clocks, names.
 */
#include "server.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

int err_set(struct err *e, const char *code, const char *fmt, ...)
{
    va_list ap;
    e->code = code;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    e->status = 0;
    e->reason[0] = '\0';
    e->retry_ms = 0;
    return -1;
}

void logf_(struct server *srv, int level, const char *fmt, ...)
{
    if (srv && level > srv->cfg.verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    fputs("rami-server: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

int64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t wall_seconds(void)
{
    return (int64_t)time(NULL);
}

const char *status_name(int status)
{
    switch (status) {
#define STATUS_CASE(name, value, msg)                                                              \
    case value:                                                                                    \
        return #name;
        RAMI_STATUS_LIST(STATUS_CASE)
#undef STATUS_CASE
    default:
        return "RAMI_E_UNKNOWN";
    }
}

static const char *const levels[] = {"random", "greedy", "strong"};

const char *level_name(int level)
{
    return level >= 0 && level < 3 ? levels[level] : "greedy";
}

int level_parse(const char *name)
{
    for (int i = 0; i < 3; i++)
        if (strcmp(name, levels[i]) == 0)
            return i;
    return -1;
}
