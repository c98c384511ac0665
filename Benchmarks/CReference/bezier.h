/* CubicBezier (Engine/Sources/MomentumCore/Tween/CubicBezier.swift) in C: 11-sample seed table, ≤ 4 Newton steps
 * accepted on both the x residual and the implied output error, bisection on a guaranteed output bound,
 * end-point gradient extrapolation outside [0, 1]. */
#ifndef MOMENTUM_BENCH_BEZIER_H
#define MOMENTUM_BENCH_BEZIER_H

#include <math.h>

#define BEZIER_X_EPSILON 1e-7
#define BEZIER_Y_EPSILON 1e-7
#define BEZIER_MAX_NEWTON 4

typedef struct {
    double x1, y1, x2, y2;
    double ax, bx, cx, ay, by, cy;
    double start_gradient, end_gradient, max_dydt;
    double samples[11];
} cubic_bezier;

static inline double bz_max3(double a, double b, double c) { double m = a > b ? a : b; return m > c ? m : c; }

static inline void bezier_init(cubic_bezier *b, double x1, double y1, double x2, double y2) {
    b->x1 = x1; b->y1 = y1; b->x2 = x2; b->y2 = y2;
    b->cx = 3 * x1; b->bx = 3 * (x2 - x1) - 3 * x1; b->ax = 1 - 3 * x1 - b->bx;
    b->cy = 3 * y1; b->by = 3 * (y2 - y1) - 3 * y1; b->ay = 1 - 3 * y1 - b->by;
    if (x1 > 0) b->start_gradient = y1 / x1;
    else if (y1 == 0 && x2 > 0) b->start_gradient = y2 / x2;
    else if (y1 == 0 && y2 == 0) b->start_gradient = 1;
    else b->start_gradient = 0;
    if (x2 < 1) b->end_gradient = (y2 - 1) / (x2 - 1);
    else if (y2 == 1 && x1 < 1) b->end_gradient = (y1 - 1) / (x1 - 1);
    else if (y2 == 1 && y1 == 1) b->end_gradient = 1;
    else b->end_gradient = 0;
    b->max_dydt = 3 * bz_max3(fabs(y1), fabs(y2 - y1), fabs(1 - y2));
    for (int i = 0; i <= 10; i++) {
        double t = i / 10.0;
        b->samples[i] = i == 0 ? 0 : i == 10 ? 1 : ((1 - 3 * x2 + 3 * x1) * t + (3 * x2 - 6 * x1)) * t * t + 3 * x1 * t;
    }
}

static inline double bz_sample_y(const cubic_bezier *b, double t) { return ((b->ay * t + b->by) * t + b->cy) * t; }
static inline double bz_dx(const cubic_bezier *b, double t) { return (3 * b->ax * t + 2 * b->bx) * t + b->cx; }
static inline double bz_dy(const cubic_bezier *b, double t) { return (3 * b->ay * t + 2 * b->by) * t + b->cy; }

static inline double bz_residual(const cubic_bezier *b, double t, double x, double complement, int upper) {
    double u = 1 - t;
    if (upper) return complement - u * (u * u + 3 * t * (u * (1 - b->x1) + t * (1 - b->x2)));
    return t * (3 * u * (u * b->x1 + t * b->x2) + t * t) - x;
}

static inline double bezier_solve_t(const cubic_bezier *b, double x) {
    double t0 = 0, t1 = 1, t = x;
    for (int i = 1; i < 11; i++) {
        double hi = b->samples[i];
        if (x <= hi) {
            t1 = i * 0.1;
            t0 = t1 - 0.1;
            double lo = b->samples[i - 1];
            t = hi > lo ? t0 + 0.1 * (x - lo) / (hi - lo) : t0;
            break;
        }
    }
    int upper = x > 0.5;
    double complement = 1 - x;
    for (int step = 0;; step++) {
        double r = bz_residual(b, t, x, complement, upper);
        double dxdt = bz_dx(b, t);
        if (fabs(r) < BEZIER_X_EPSILON) {
            double dydt = bz_dy(b, t);
            if (fabs(r * dydt) <= BEZIER_Y_EPSILON * fabs(dxdt)) return t;
        }
        if (step == BEZIER_MAX_NEWTON || fabs(dxdt) < BEZIER_X_EPSILON) break;
        double next = t - r / dxdt;
        if (!(next >= t0 && next <= t1)) break;
        t = next;
    }
    double tolerance = b->max_dydt > 0 ? BEZIER_Y_EPSILON / b->max_dydt : BEZIER_X_EPSILON;
    if (!(t >= t0 && t <= t1)) t = 0.5 * (t0 + t1);
    while (t1 - t0 > tolerance) {
        double r = bz_residual(b, t, x, complement, upper);
        if (r == 0) return t;
        if (r < 0) t0 = t; else t1 = t;
        t = 0.5 * (t0 + t1);
    }
    return t;
}

static inline double bezier_value(const cubic_bezier *b, double x) {
    if (x <= 0) return x == 0 ? 0 : b->start_gradient * x;
    if (x >= 1) return x == 1 ? 1 : 1 + b->end_gradient * (x - 1);
    return bz_sample_y(b, bezier_solve_t(b, x));
}

static inline double bezier_slope_at_t(const cubic_bezier *b, double t) {
    double dxdt = bz_dx(b, t), dydt = bz_dy(b, t);
    if (dxdt == 0) {
        if (dydt == 0) return t < 0.5 ? b->start_gradient : b->end_gradient;
        return dydt > 0 ? 1.7976931348623157e308 : -1.7976931348623157e308;
    }
    return dydt / dxdt;
}

static inline void bezier_value_and_slope(const cubic_bezier *b, double x, double *value, double *slope) {
    if (x < 0) { *value = b->start_gradient * x; *slope = b->start_gradient; return; }
    if (x > 1) { *value = 1 + b->end_gradient * (x - 1); *slope = b->end_gradient; return; }
    double t = bezier_solve_t(b, x);
    *value = x == 0 ? 0 : (x == 1 ? 1 : bz_sample_y(b, t));
    *slope = bezier_slope_at_t(b, t);
}

#endif
