/* 100 000 springs as one SpringField advanced by one 60 Hz frame: the loop of SpringField.advance(by:)
 * (Engine/Sources/MomentumCore/Spring/SpringField.swift) in C. Same structure-of-arrays layout (displacement x/y,
 * velocity x/y, target x/y as separate runs of doubles), one exact jump over the frame interval with the shared
 * propagator (computed once, as the Swift field caches it), the same per-spring settle test and snap, and the
 * same count of moving springs. Restarts every 20 ticks outside the timed region. */
#include <math.h>
#include <stdbool.h>
#include "common.h"

#define COUNT 100000
#define RESTART_INTERVAL 20

static double dx[COUNT], dy[COUNT], vx[COUNT], vy[COUNT], tx[COUNT], ty[COUNT];
static double from[COUNT][2], to[COUNT][2];

static long field_advance(int n, double dd, double dv, double vd, double vv, double distance2, double speed2) {
    long moving = 0;
    for (int i = 0; i < n; i++) {
        double x0 = dx[i], y0 = dy[i], u0 = vx[i], w0 = vy[i];
        double x1 = dd * x0 + dv * u0, u1 = vd * x0 + vv * u0;
        double y1 = dd * y0 + dv * w0, w1 = vd * y0 + vv * w0;
        double d2 = x1 * x1 + y1 * y1, v2 = u1 * u1 + w1 * w1;
        bool settled = (d2 < distance2 && v2 < speed2) || (d2 == 0 && v2 == 0);
        dx[i] = settled ? 0 : x1;
        dy[i] = settled ? 0 : y1;
        vx[i] = settled ? 0 : u1;
        vy[i] = settled ? 0 : w1;
        moving += settled ? 0 : 1;
    }
    return moving;
}

static void field_start(int i, const double f[2], const double t[2], double distance2, double speed2) {
    double x = f[0] - t[0], y = f[1] - t[1];
    if (x * x + y * y < distance2 && 0 < speed2) x = y = 0;
    dx[i] = x; dy[i] = y; vx[i] = 0; vy[i] = 0; tx[i] = t[0]; ty[i] = t[1];
}

int main(void) {
    const double k = 300, c = 20, m = 1, h = FRAME_INTERVAL;
    const double distance = 0.75, speed = 62.5 * 0.75, distance2 = distance * distance, speed2 = speed * speed;
    /* Exact propagator over the frame interval (underdamped closed form; the Swift cos/sin branch). */
    double alpha = c / (2 * m), omega2 = k / m, mu = omega2 - alpha * alpha, root = sqrt(mu);
    double decay = exp(-alpha * h), cc = decay * cos(root * h), ss = decay * sin(root * h) / root;
    double dd = cc + alpha * ss, dv = ss, vd = -omega2 * ss, vv = cc - alpha * ss;
    lcg r = {1};
    for (int i = 0; i < COUNT; i++) {
        from[i][0] = lcg_next(&r) * 1000; from[i][1] = lcg_next(&r) * 1000;
        double angle = lcg_next(&r) * 2 * M_PI, dist = 100 + lcg_next(&r) * 500;
        to[i][0] = from[i][0] + dist * cos(angle); to[i][1] = from[i][1] + dist * sin(angle);
        field_start(i, from[i], from[i], distance2, speed2);
    }
    static double samples[MAX_SAMPLES];
    int n = 0;
    double begin = now_ns();
    for (int tick = 0; n < MAX_SAMPLES && (now_ns() - begin) < MAX_SECONDS * 1e9; tick++) {
        if (tick % RESTART_INTERVAL == 0)
            for (int i = 0; i < COUNT; i++) field_start(i, from[i], to[i], distance2, speed2);
        double t0 = now_ns();
        long moving = field_advance(COUNT, dd, dv, vd, vv, distance2, speed2);
        double t1 = now_ns();
        if (tick >= WARMUP_TICKS) samples[n++] = t1 - t0;
        if (moving != COUNT) { fprintf(stderr, "a spring settled inside the timed window\n"); return 1; }
    }
    report("Springs100k.Field", samples, n, 1);
    return 0;
}
