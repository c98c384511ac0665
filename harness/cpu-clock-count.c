/* cpu-clock-count: an LD_PRELOAD library counting a process's reads of its CPU clock.
 *
 * Wraps clock_gettime and counts the calls for CLOCK_PROCESS_CPUTIME_ID (a system call on kernels without a vDSO
 * path for it); at exit writes the count, one decimal line, to the file named by CPU_CLOCK_COUNT_OUT (created
 * anew, not through a symbolic link). Used by the end-to-end test that an untraced run reads no CPU clock a frame:
 *
 *   make -C harness cpu-clock-count
 *   CPU_CLOCK_COUNT_OUT=/tmp/n LD_PRELOAD=$PWD/.build/harness/cpu-clock-count.so momentum run --quit-after 3 … */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static atomic_ulong reads;

int clock_gettime(clockid_t clock, struct timespec *ts) {
  static int (*real)(clockid_t, struct timespec *);
  if (!real) real = (int (*)(clockid_t, struct timespec *))dlsym(RTLD_NEXT, "clock_gettime");
  if (clock == CLOCK_PROCESS_CPUTIME_ID) atomic_fetch_add(&reads, 1);
  return real(clock, ts);
}

__attribute__((destructor)) static void report(void) {
  const char *path = getenv("CPU_CLOCK_COUNT_OUT");
  if (!path) return;
  int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return;
  char line[32];
  int n = snprintf(line, sizeof line, "%lu\n", (unsigned long)atomic_load(&reads));
  if (n <= 0 || write(fd, line, (size_t)n) != n) { close(fd); unlink(path); return; }
  close(fd);
}
