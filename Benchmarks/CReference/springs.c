/* 100 000 springs advanced by one 60 Hz frame: the loop of Animator.step + SpringAnimation.advance(by:)
 * (Sources/MomentumCore/Spring/SpringAnimation.swift) in C. Same state layout (four-component vectors, as the
 * Swift spring stores SIMD4<Double>), same fixed 1 ms steps with the exact propagator, same lead accumulator,
 * same settle test on the Hermite-presented state. Restarts every 20 ticks outside the timed region. */
#include <math.h>
#include <stdbool.h>
#include "common.h"

#define COUNT 100000
#define RESTART_INTERVAL 20
#define STEP 0.001

typedef struct {
    double stiffness, damping, mass;       /* SpringParameters (unused per tick, kept for layout) */
    double rest_distance, rest_speed;      /* RestThreshold */
    double target[4];
    long count;
    bool at_rest;
    double dd, dv, vd, vv;                 /* DampedOscillatorPropagator */
    double prev_d[4], prev_v[4], cur_d[4], cur_v[4];
    double lead;
} spring;

static void settle_if_at_rest(spring *s) {
    double value[4], velocity[4];
    if (s->lead == 0) {
        for (int k = 0; k < 4; k++) { value[k] = s->target[k] + s->cur_d[k]; velocity[k] = s->cur_v[k]; }
    } else {
        const double h = STEP, u = 1 - s->lead / h, u2 = u * u, u3 = u2 * u;
        const double h00 = 2 * u3 - 3 * u2 + 1, h10 = u3 - 2 * u2 + u, h01 = 3 * u2 - 2 * u3, h11 = u3 - u2;
        const double d00 = (6 * u2 - 6 * u) / h, d10 = 3 * u2 - 4 * u + 1, d11 = 3 * u2 - 2 * u;
        for (int k = 0; k < 4; k++) {
            double disp = h00 * s->prev_d[k] + (h10 * h) * s->prev_v[k] + h01 * s->cur_d[k] + (h11 * h) * s->cur_v[k];
            value[k] = s->target[k] + disp;
            velocity[k] = d00 * (s->prev_d[k] - s->cur_d[k]) + d10 * s->prev_v[k] + d11 * s->cur_v[k];
        }
    }
    double dist2 = 0, speed2 = 0;
    for (int k = 0; k < 4; k++) {
        double d = value[k] - s->target[k];
        dist2 += d * d;
        speed2 += velocity[k] * velocity[k];
    }
    if (!(sqrt(dist2) < s->rest_distance && sqrt(speed2) < s->rest_speed)) return;
    for (int k = 0; k < 4; k++) s->prev_d[k] = s->cur_d[k] = s->prev_v[k] = s->cur_v[k] = 0;
    s->lead = 0;
    s->at_rest = true;
}

static void spring_advance(spring *s, double dt) {
    if (s->at_rest || !(dt > 0)) return;
    const double dd = s->dd, dv = s->dv, vd = s->vd, vv = s->vv;
    s->lead -= dt;
    while (s->lead < 0) {
        for (int k = 0; k < 4; k++) { s->prev_d[k] = s->cur_d[k]; s->prev_v[k] = s->cur_v[k]; }
        for (int k = 0; k < 4; k++) {
            s->cur_d[k] = dd * s->prev_d[k] + dv * s->prev_v[k];
            s->cur_v[k] = vd * s->prev_d[k] + vv * s->prev_v[k];
        }
        s->lead += STEP;
    }
    settle_if_at_rest(s);
}

static void spring_start(spring *s, const double from[2], const double to[2]) {
    for (int k = 0; k < 4; k++) {
        s->target[k] = k < 2 ? to[k] : 0;
        s->prev_d[k] = s->cur_d[k] = k < 2 ? from[k] - to[k] : 0;
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
