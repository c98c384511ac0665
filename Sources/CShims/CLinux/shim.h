#pragma once
// Linux-only system interfaces Glibc does not import: signalfd, ppoll (a poll with a nanosecond timeout) and
// memfd_create (through syscall, which is variadic and so not imported).
#include <sys/signalfd.h>
#include <sys/syscall.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>

/// ppoll(2) without a signal mask: waits up to `ns` nanoseconds (forever when negative).
static inline int momentum_poll_ns(struct pollfd *fds, unsigned long count, long long ns) {
    if (ns < 0) return poll(fds, count, -1);
    struct timespec wait = { .tv_sec = ns / 1000000000LL, .tv_nsec = ns % 1000000000LL };
    extern int ppoll(struct pollfd *, unsigned long, const struct timespec *, const void *);
    return ppoll(fds, count, &wait, 0);
}

/// memfd_create(2) with MFD_CLOEXEC: an anonymous file in memory (a wl_shm pool's backing); -1 and errno on failure.
static inline int momentum_memfd(const char *name) {
    return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */);
}

#include <spawn.h>

/// posix_spawn_file_actions_addchdir_np (glibc 2.29+; Glibc does not import it): the child starts in `path`.
static inline int momentum_spawn_chdir(posix_spawn_file_actions_t *actions, const char *path) {
    extern int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *, const char *);
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

/// posix_spawn_file_actions_addclosefrom_np (glibc 2.34+): the child closes every descriptor from `low` on, so it
/// inherits none of this process's files but the three it is given.
static inline int momentum_spawn_closefrom(posix_spawn_file_actions_t *actions, int low) {
    extern int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *, int);
    return posix_spawn_file_actions_addclosefrom_np(actions, low);
}

/// pipe2(2) with O_CLOEXEC (02000000): both ends close-on-exec from the start, so a child another thread starts
/// meanwhile inherits neither.
static inline int momentum_pipe_cloexec(int fds[2]) {
    extern int pipe2(int *, int);
    return pipe2(fds, 02000000);
}
