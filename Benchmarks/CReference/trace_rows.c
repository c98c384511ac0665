/* The printf side of `momentum trace`: N + 1 CSV rows t,x,y,vx,vy with %.6f, values from cheap arithmetic (no
   libm), so the time is C's formatting and stdio alone. scripts/bench-trace.sh times it next to momentum trace. */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    long n = argc > 1 ? atol(argv[1]) : 600000;
    printf("t,x,y,vx,vy\n");
    for (long k = 0; k <= n; k++) {
        double t = k / 1000.0;
        double x = 100.0 - 100.0 / (1.0 + t * t), v = 200.0 * t / ((1.0 + t * t) * (1.0 + t * t));
        printf("%.6f,%.6f,%.6f,%.6f,%.6f\n", t, x, 0.0, v, 0.0);
    }
    return 0;
}
