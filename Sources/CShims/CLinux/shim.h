#pragma once
// Linux-only system interfaces Glibc does not import: signalfd, and ppoll (a poll with a nanosecond timeout).
#include <sys/signalfd.h>
#include <poll.h>
#include <time.h>

/// ppoll(2) without a signal mask: waits up to `ns` nanoseconds (forever when negative).
static inline int momentum_poll_ns(struct pollfd *fds, unsigned long count, long long ns) {
    if (ns < 0) return poll(fds, count, -1);
    struct timespec wait = { .tv_sec = ns / 1000000000LL, .tv_nsec = ns % 1000000000LL };
    extern int ppoll(struct pollfd *, unsigned long, const struct timespec *, const void *);
    return ppoll(fds, count, &wait, 0);
}
