/* 10 000 BasicAnimation<SIMD2<Double>> (from/to, duration 1 s, repeatCount .infinity, Core Animation's default
 * timing function) sampled at the frame time: MediaTiming.progress(at:) + BasicAnimation.sample(progress:rate:over:)
 * + TimingFunction.valueAndSlope (Engine/Sources/MomentumCore/Tween/) in C, with the same branches. */
#include <math.h>
#include <stdbool.h>
#include "common.h"
#include "bezier.h"

#define COUNT 10000

typedef struct {
    double begin_time, duration, speed, time_offset, repeat_count, repeat_duration;
    bool autoreverses, fills_backwards, fills_forwards;
} media_timing;

typedef enum { TF_LINEAR, TF_CUBIC_BEZIER } timing_kind;

typedef struct {
    double from[2], to[2];
    bool has_from, has_to, has_by, is_additive;
    media_timing timing;
    timing_kind kind;
    cubic_bezier curve;
} basic_animation;

static inline double iteration_duration(const media_timing *m) { return m->duration > 0 ? m->duration : 0; }
static inline double cycle_duration(const media_timing *m) {
    return m->autoreverses ? 2 * iteration_duration(m) : iteration_duration(m);
}
static inline double effective_speed(const media_timing *m) { return m->speed > 0 ? m->speed : 0; }

static inline double active_duration(const media_timing *m) {
    if (m->repeat_duration > 0) return m->repeat_duration;
    double count = m->repeat_count > 0 ? m->repeat_count : 1;
    return cycle_duration(m) == 0 ? 0 : count * cycle_duration(m);
}

static inline double end_time(const media_timing *m) {
    double active = active_duration(m);
    if (active == 0) return m->begin_time;
    if (effective_speed(m) == 0 || !isfinite(active)) return INFINITY;
    return m->begin_time + active / effective_speed(m);
}

static inline double wrapped(double local, double active) {
    if (!(active > 0) || !isfinite(active)) return local > 0 ? local : 0;
    double r = fmod(local, active);
    return r < 0 ? r + active : r;
}

static inline double iteration_time(const media_timing *m, double local, bool *forwards) {
    double d = iteration_duration(m), cycle = cycle_duration(m);
    *forwards = true;
    if (cycle == 0) return d;
    double u = fmod(local, cycle);
    if (u < d) return u;
    *forwards = false;
    return 2 * d - u;
}

/* The common (active) path of MediaTiming.localTime; the fill paths are not reached by this workload. */
static inline bool progress_at(const media_timing *m, double parent, double *progress, double *rate) {
    double speed = effective_speed(m), elapsed = (parent - m->begin_time) * speed, active = active_duration(m);
    if (elapsed < 0 || parent >= end_time(m)) return false;
    double local = m->time_offset == 0 ? elapsed : wrapped(elapsed + m->time_offset, active);
    bool forwards;
    double time = iteration_time(m, local, &forwards);
    double d = iteration_duration(m);
    if (d == 0) { *progress = 1; *rate = 0; return true; }
    *progress = time / d;
    *rate = (forwards ? speed : -speed) / d;
    return true;
}

static basic_animation animations[COUNT];
static double presented[COUNT][2];

static void sample_all(double time) {
    for (int i = 0; i < COUNT; i++) {
        const basic_animation *a = &animations[i];
        double p, rate;
        if (!progress_at(&a->timing, time, &p, &rate)) continue;
        /* (from?, to?, _): both ends fixed and resting. */
        double value, slope;
        if (a->kind == TF_CUBIC_BEZIER) bezier_value_and_slope(&a->curve, p, &value, &slope);
        else { value = p; slope = 1; }
        double v[2], vel[2];
        for (int k = 0; k < 2; k++) {
            double span = a->to[k] - a->from[k];
            v[k] = a->from[k] + value * span;
            vel[k] = 0 + value * (0 - 0) + (slope * rate) * span;
        }
        presented[i][0] = v[0];
        presented[i][1] = v[1];
        black_hole(vel[0]);
    }
}

int main(void) {
    lcg r = {3};
    for (int i = 0; i < COUNT; i++) {
        basic_animation *a = &animations[i];
        a->from[0] = lcg_next(&r) * 1000; a->from[1] = lcg_next(&r) * 1000;
        a->to[0] = lcg_next(&r) * 1000; a->to[1] = lcg_next(&r) * 1000;
        a->has_from = a->has_to = true;
        a->timing = (media_timing){.begin_time = -lcg_next(&r), .duration = 1, .speed = 1, .repeat_count = INFINITY};
        a->kind = TF_CUBIC_BEZIER;
        bezier_init(&a->curve, 0.25, 0.1, 0.25, 1);
    }
    static double samples[MAX_SAMPLES];
    int n = 0;
    double time = 0, begin = now_ns();
    for (int tick = 0; n < MAX_SAMPLES && (now_ns() - begin) < MAX_SECONDS * 1e9; tick++) {
        time += FRAME_INTERVAL;
        double t0 = now_ns();
        sample_all(time);
        double t1 = now_ns();
        if (tick >= WARMUP_TICKS) samples[n++] = t1 - t0;
    }
    black_hole(presented[COUNT / 2][0]);
    report("Tweens10k.BasicAnimation", samples, n, 1);
    return 0;
}
