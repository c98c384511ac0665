/* CubicBezier.value(at:) over the same 1000 scrambled inputs as BezierBenchmarks.swift; one sample = 1000
 * evaluations, reported per evaluation. The curve lives in a volatile-loaded copy so nothing is constant-folded. */
#include "common.h"
#include "bezier.h"

static void run(const char *name, double x1, double y1, double x2, double y2) {
    static double xs[1000], samples[MAX_SAMPLES];
    lcg r = {5};
    for (int i = 0; i < 1000; i++) xs[i] = lcg_next(&r);
    volatile double cp[4] = {x1, y1, x2, y2};
    cubic_bezier b;
    bezier_init(&b, cp[0], cp[1], cp[2], cp[3]);
    int n = 0;
    double begin = now_ns();
    for (int it = 0; n < MAX_SAMPLES && (now_ns() - begin) < MAX_SECONDS * 1e9; it++) {
        double t0 = now_ns();
        for (int i = 0; i < 1000; i++) black_hole(bezier_value(&b, xs[i]));
        double t1 = now_ns();
        if (it >= WARMUP_TICKS) samples[n++] = t1 - t0;
    }
    report(name, samples, n, 1000);
}

int main(void) {
    run("Bezier.easeInEaseOut", 0.42, 0, 0.58, 1);
    run("Bezier.0.5-0-0.9-0.7", 0.5, 0, 0.9, 0.7);
    return 0;
}
