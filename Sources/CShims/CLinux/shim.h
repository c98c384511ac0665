#pragma once
// Linux-only system interfaces Glibc does not import: signalfd, ppoll (a poll with a nanosecond timeout),
// memfd_create and sched_setattr/sched_getattr (through syscall, which is variadic and so not imported).
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

#include <errno.h>
#include <stdint.h>

/// struct sched_attr (sched_setattr(2)), as the kernel reads it (56 bytes, SCHED_ATTR_SIZE_VER1).
struct momentum_sched_attr {
    uint32_t size, policy;
    uint64_t flags;
    int32_t nice;
    uint32_t priority;
    uint64_t runtime, deadline, period;
    uint32_t util_min, util_max;
};

/// The time slice thread `tid` (0: the calling thread) asks the scheduler for, ns (sched_getattr's sched_runtime: on
/// Linux 6.12+ a SCHED_OTHER/SCHED_BATCH thread's EEVDF slice, the default or one it asked for); -1 and errno on
/// failure.
static inline long long momentum_sched_slice(int tid) {
    struct momentum_sched_attr attr = { 0 };
    if (syscall(SYS_sched_getattr, tid, &attr, sizeof attr, 0) != 0) return -1;
    return (long long)attr.runtime;
}

/// Asks the scheduler for a time slice of `ns` for thread `tid` (0: the calling thread), its policy and nice value
/// kept (sched_setattr with sched_runtime: on Linux 6.12+ a fair thread's EEVDF slice, 0.1–100 ms, which an
/// unprivileged thread may shorten: a shorter slice gives it an earlier virtual deadline, so it is picked sooner
/// when it wakes). 0 on success, -1 and errno on failure; EINVAL for a thread that is not SCHED_OTHER or SCHED_BATCH.
static inline int momentum_sched_set_slice(int tid, unsigned long long ns) {
    struct momentum_sched_attr attr = { 0 };
    if (syscall(SYS_sched_getattr, tid, &attr, sizeof attr, 0) != 0) return -1;
    if (attr.policy != 0 /* SCHED_OTHER */ && attr.policy != 3 /* SCHED_BATCH */) {
        errno = EINVAL;
        return -1;
    }
    attr.size = sizeof attr;
    attr.flags = 0;
    attr.runtime = ns;
    attr.deadline = 0;
    attr.period = 0;
    return (int)syscall(SYS_sched_setattr, tid, &attr, 0);
}
