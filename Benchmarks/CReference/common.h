/* Shared helpers for the C reference loops: the LCG of Workload.swift, a monotonic clock, and the statistic
 * the Swift side reports (the median of per-tick wall-clock samples, like package-benchmark's p50). */
#ifndef MOMENTUM_BENCH_COMMON_H
#define MOMENTUM_BENCH_COMMON_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define FRAME_INTERVAL (1.0 / 60.0)
#define WARMUP_TICKS 10
#define MAX_SAMPLES 2000
#define MAX_SECONDS 2.0

typedef struct { uint64_t seed; } lcg;

static inline double lcg_next(lcg *r) {
    r->seed = r->seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(r->seed >> 11) * 0x1p-53;
}

static inline double now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Median of n samples (sorts in place). */
static inline double median(double *samples, int n) {
    qsort(samples, (size_t)n, sizeof(double), compare_doubles);
    return n % 2 ? samples[n / 2] : 0.5 * (samples[n / 2 - 1] + samples[n / 2]);
}

/* Defeats dead-code elimination of a result (the C analogue of blackHole). */
static inline void black_hole(double x) { __asm__ volatile("" : : "x"(x)); }

/* Prints "name <median ns> <samples>" for the driver script. */
static inline void report(const char *name, double *samples, int n, double scale) {
    printf("%s %.1f %d\n", name, median(samples, n) / scale, n);
}

#endif
