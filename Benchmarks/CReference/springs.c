/* 100 000 springs advanced by one 60 Hz frame: the loop of Animator.step + SpringAnimation.advance(by:)
 * (Engine/Sources/MomentumCore/Spring/SpringAnimation.swift) in C. Same state layout (hot fields first, two-component
 * vectors, as `Spring<SIMD2<Double>>` stores them), same fixed 1 ms grid with the exact propagator taken as one
 * jump per frame (prev = P^(n-1)·cur, cur = P·prev; P^m cached per spring, P^(m+1) = P^m·P computed, binary
 * powering on a miss), same lead accumulator, same settle test on the Hermite-presented state. Restarts every 20
 * ticks outside the timed region. */
#include <math.h>
#include <stdbool.h>
#include "common.h"

#define COUNT 100000
#define RESTART_INTERVAL 20
#define STEP 0.001

#define N 2 /* components */

typedef struct {
    bool at_rest;
    unsigned char count;
    double lead;
    long jump_exponent;                    /* cached jump: P^m */
    double jump[4];
    double dd, dv, vd, vv;                 /* DampedOscillatorPropagator */
    double prev_d[N], prev_v[N], cur_d[N], cur_v[N];
    double target[N];
    double rest_distance, rest_speed;      /* RestThreshold */
    double stiffness, damping, mass;       /* SpringParameters (cold: unused per tick, kept for layout) */
} spring;

static void settle_if_at_rest(spring *s) {
    double value[N], velocity[N];
    if (s->lead == 0) {
        for (int k = 0; k < N; k++) { value[k] = s->target[k] + s->cur_d[k]; velocity[k] = s->cur_v[k]; }
    } else {
        const double h = STEP, u = 1 - s->lead / h, u2 = u * u, u3 = u2 * u;
        const double h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = 3 * u2 - 2 * u3, h11 = u3 - u2;
        const double d00 = (6 * u2 - 6 * u) / h, d10 = 3 * u2 - 4 * u + 1, d11 = 3 * u2 - 2 * u;
        for (int k = 0; k < N; k++) {
            double disp = h00 * s->prev_d[k] + (h10 * h) * s->prev_v[k] + h01 * s->cur_d[k] + (h11 * h) * s->cur_v[k];
            value[k] = s->target[k] + disp;
            velocity[k] = d00 * (s->prev_d[k] - s->cur_d[k]) + d10 * s->prev_v[k] + d11 * s->cur_v[k];
        }
    }
    double dist2 = 0, speed2 = 0;
    for (int k = 0; k < N; k++) {
        double d = value[k] - s->target[k];
        dist2 += d * d;
        speed2 += velocity[k] * velocity[k];
    }
    if (!(sqrt(dist2) < s->rest_distance && sqrt(speed2) < s->rest_speed)) return;
    for (int k = 0; k < N; k++) s->prev_d[k] = s->cur_d[k] = s->prev_v[k] = s->cur_v[k] = 0;
    s->lead = 0;
    s->at_rest = true;
}

/* c = b·a for 2×2 maps stored {dd, dv, vd, vv} (a first, then b). */
static void then(const double a[4], const double b[4], double c[4]) {
    double r[4] = {b[0] * a[0] + b[1] * a[2], b[0] * a[1] + b[1] * a[3],
                   b[2] * a[0] + b[3] * a[2], b[2] * a[1] + b[3] * a[3]};
    for (int k = 0; k < 4; k++) c[k] = r[k];
}

static void power(const double p[4], long n, double out[4]) {
    double result[4] = {1, 0, 0, 1}, base[4] = {p[0], p[1], p[2], p[3]};
    while (n > 0) {
        if (n & 1) then(result, base, result);
        n >>= 1;
        if (n > 0) then(base, base, base);
    }
    for (int k = 0; k < 4; k++) out[k] = result[k];
}

static void jump(spring *s, long n, double out[4]) {
    const double p[4] = {s->dd, s->dv, s->vd, s->vv};
    if (n == s->jump_exponent) { for (int k = 0; k < 4; k++) out[k] = s->jump[k]; return; }
    if (n == s->jump_exponent + 1) { then(s->jump, p, out); return; }
    s->jump_exponent = n;
    power(p, n, s->jump);
    for (int k = 0; k < 4; k++) out[k] = s->jump[k];
}

static void spring_advance(spring *s, double dt) {
    if (s->at_rest || !(dt > 0)) return;
    const double h = STEP;
    s->lead -= dt;
    if (!(s->lead < 0)) { settle_if_at_rest(s); return; }
    double whole = ceil(-s->lead / h);
    if (!(whole < 0x1p52)) whole = 0x1p52;
    long steps = (long)whole;
    s->lead += whole * h;
    if (s->lead < 0) { steps += 1; s->lead += h; }
    else if (s->lead >= h && steps > 1) { steps -= 1; s->lead -= h; }
    if (!isfinite(s->lead)) s->lead = 0;
    double b[4];
    jump(s, steps - 1, b);
    const double dd = s->dd, dv = s->dv, vd = s->vd, vv = s->vv;
    for (int k = 0; k < N; k++) {
        s->prev_d[k] = b[0] * s->cur_d[k] + b[1] * s->cur_v[k];
        s->prev_v[k] = b[2] * s->cur_d[k] + b[3] * s->cur_v[k];
    }
    for (int k = 0; k < N; k++) {
        s->cur_d[k] = dd * s->prev_d[k] + dv * s->prev_v[k];
        s->cur_v[k] = vd * s->prev_d[k] + vv * s->prev_v[k];
    }
    settle_if_at_rest(s);
}

static void spring_start(spring *s, const double from[2], const double to[2]) {
    for (int k = 0; k < N; k++) {
        s->target[k] = to[k];
        s->prev_d[k] = s->cur_d[k] = from[k] - to[k];
        s->prev_v[k] = s->cur_v[k] = 0;
    }
    s->lead = 0;
    s->at_rest = false;
    settle_if_at_rest(s);
}

static void spring_init(spring *s, double k, double c, double m) {
    s->stiffness = k; s->damping = c; s->mass = m;
    s->rest_distance = 0.75; s->rest_speed = 62.5 * 0.75;
    s->count = 2;
    /* Exact propagator over STEP (underdamped closed form; the Swift series branch agrees to rounding). */
    double alpha = c / (2 * m), omega2 = k / m, mu = omega2 - alpha * alpha, root = sqrt(mu), h = STEP;
    double decay = exp(-alpha * h), cc = decay * cos(root * h), ss = decay * sin(root * h) / root;
    s->dd = cc + alpha * ss; s->dv = ss; s->vd = -omega2 * ss; s->vv = cc - alpha * ss;
    s->jump_exponent = 0;
    s->jump[0] = 1; s->jump[1] = 0; s->jump[2] = 0; s->jump[3] = 1;
}

static spring springs[COUNT];
static double from[COUNT][2], to[COUNT][2];

int main(void) {
    lcg r = {1};
    for (int i = 0; i < COUNT; i++) {
        from[i][0] = lcg_next(&r) * 1000; from[i][1] = lcg_next(&r) * 1000;
        double angle = lcg_next(&r) * 2 * M_PI, distance = 100 + lcg_next(&r) * 500;
        to[i][0] = from[i][0] + distance * cos(angle); to[i][1] = from[i][1] + distance * sin(angle);
        spring_init(&springs[i], 300, 20, 1);
        spring_start(&springs[i], from[i], from[i]);
    }
    static double samples[MAX_SAMPLES];
    int n = 0;
    double begin = now_ns();
    for (int tick = 0; n < MAX_SAMPLES && (now_ns() - begin) < MAX_SECONDS * 1e9; tick++) {
        if (tick % RESTART_INTERVAL == 0)
            for (int i = 0; i < COUNT; i++) spring_start(&springs[i], from[i], to[i]);
        double t0 = now_ns();
        for (int i = 0; i < COUNT; i++)
            if (!springs[i].at_rest) spring_advance(&springs[i], FRAME_INTERVAL);
        double t1 = now_ns();
        if (tick >= WARMUP_TICKS) samples[n++] = t1 - t0;
        for (int i = 0; i < COUNT; i++)
            if (springs[i].at_rest) { fprintf(stderr, "a spring settled inside the timed window\n"); return 1; }
    }
    report("Springs100k", samples, n, 1);
    return 0;
}
