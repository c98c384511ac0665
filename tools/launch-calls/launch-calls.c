/* launch-calls: where a Wayland EGL client's CPU goes up to its first frames, from inside the process.
 *
 * An LD_PRELOAD library that wraps the EGL, GL, Wayland, fontconfig, FreeType and HarfBuzz calls a launch makes and
 * prints, for each call that took more than 0.3 ms of the process's CPU (CLOCK_PROCESS_CPUTIME_ID, every thread) or
 * came after more than 0.5 ms of CPU spent outside the wrapped calls, the program in use, the CPU at its start, what
 * it took and the gap before it, the wall time at its end (ms since the library was loaded) and the calling thread;
 * then one line at each eglSwapBuffers, up to the third, with the process's CPU, the wall time and the swapping
 * thread's own CPU (the launch's critical path where a second core takes the other threads' work). Used for
 * docs/benchmarks/scenes.md's fifteenth step (momentum beside weston-simple-egl):
 *
 *   gcc -O2 -shared -fPIC -o /tmp/launch-calls.so tools/launch-calls/launch-calls.c -ldl
 *   SHIM_OUT=/tmp/m.txt LD_PRELOAD=/tmp/launch-calls.so timeout -s INT 0.6 momentum run --scene panel --fullscreen --no-hud --autoplay
 *   SHIM_OUT=/tmp/s.txt LD_PRELOAD=/tmp/launch-calls.so timeout -s INT 0.6 weston-simple-egl -f
 *
 * (in a weston headless: WAYLAND_DISPLAY set). Only calls made through the dynamic linker are seen. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
typedef void *EGLDisplay, *EGLSurface, *EGLContext, *EGLConfig;
typedef unsigned int EGLBoolean; typedef int EGLint;
static FILE *out; static int swaps; static unsigned prog; static double last;
static double cpu(void) { struct timespec ts; clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts); return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6; }
/* The calling thread's CPU, ms: at a swap, the drawing thread's share of the process's. */
static double thread_cpu(void) { struct timespec ts; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts); return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6; }
static double wall0;
/* Wall time since the library was loaded (the process's start, within the loader's share), ms. */
static double wall(void) { struct timespec ts; clock_gettime(CLOCK_MONOTONIC, &ts); return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6 - wall0; }
__attribute__((constructor)) static void init(void) { const char *p = getenv("SHIM_OUT"); out = p ? fopen(p, "w") : stderr; last = cpu(); wall0 = wall(); }
static void rep(const char *name, double a, double b) {
  if (swaps >= 3) return;
  double gap = a - last; last = b;
  if (b - a > 0.3 || gap > 0.5)
    fprintf(out, "%-26s prog %2u  at %6.1f  took %5.1f  (gap before %5.1f)  wall %6.1f  tid %d\n", name, prog, a, b - a, gap, wall(),
            (int)gettid());
}
#define WRAP(ret, name, params, args) \
  ret name params { static ret (*real_) params; if (!real_) real_ = dlsym(RTLD_NEXT, #name); \
    double a_ = cpu(); ret r_ = real_ args; rep(#name, a_, cpu()); return r_; }
#define WRAPV(name, params, args) \
  void name params { static void (*real_) params; if (!real_) real_ = dlsym(RTLD_NEXT, #name); \
    double a_ = cpu(); real_ args; rep(#name, a_, cpu()); }
WRAP(void *, wl_display_connect, (const char *n), (n))
WRAP(int, wl_display_roundtrip, (void *d), (d))
WRAP(int, wl_display_dispatch, (void *d), (d))
WRAP(EGLDisplay, eglGetPlatformDisplay, (unsigned p, void *d, const long *a), (p, d, a))
WRAP(EGLBoolean, eglInitialize, (EGLDisplay d, EGLint *a, EGLint *b), (d, a, b))
WRAP(EGLBoolean, eglChooseConfig, (EGLDisplay d, const EGLint *a, EGLConfig *c, EGLint n, EGLint *m), (d, a, c, n, m))
WRAP(EGLContext, eglCreateContext, (EGLDisplay d, EGLConfig c, EGLContext s, const EGLint *a), (d, c, s, a))
WRAP(EGLSurface, eglCreatePlatformWindowSurface, (EGLDisplay d, EGLConfig c, void *w, const long *a), (d, c, w, a))
WRAP(EGLBoolean, eglMakeCurrent, (EGLDisplay d, EGLSurface a, EGLSurface b, EGLContext c), (d, a, b, c))
EGLBoolean eglSwapBuffers(EGLDisplay d, EGLSurface s) { static EGLBoolean (*real_)(EGLDisplay, EGLSurface); if (!real_) real_ = dlsym(RTLD_NEXT, "eglSwapBuffers");
  double a = cpu(); EGLBoolean r = real_(d, s); rep("eglSwapBuffers", a, cpu()); if (swaps < 3) fprintf(out, "-- swap %d at cpu %.1f wall %.1f thread cpu %.1f\n", swaps, cpu(), wall(), thread_cpu()); swaps++; return r; }
WRAP(EGLBoolean, eglSwapBuffersWithDamageKHR, (EGLDisplay d, EGLSurface s, EGLint *r, EGLint n), (d, s, r, n))
WRAP(void *, FcConfigGetCurrent, (void), ())
WRAP(void *, FcConfigReference, (void *c), (c))
WRAP(int, FT_Load_Glyph, (void *f, unsigned g, int l), (f, g, l))
WRAP(void *, FcFontMatch, (void *c, void *p, int *r), (c, p, r))
WRAP(int, FcConfigSubstitute, (void *c, void *p, int k), (c, p, k))
WRAP(void *, FcFontList, (void *c, void *p, void *o), (c, p, o))
WRAP(void *, FcFontSort, (void *c, void *p, int t, void *cs, int *r), (c, p, t, cs, r))
WRAP(int, FT_Init_FreeType, (void *l), (l))
WRAP(int, FT_New_Face, (void *l, const char *p, long i, void *f), (l, p, i, f))
WRAP(int, FT_New_Memory_Face, (void *l, const void *p, long s, long i, void *f), (l, p, s, i, f))
WRAP(void *, hb_ft_font_create_referenced, (void *f), (f))
WRAP(void *, hb_font_create, (void *f), (f))
WRAPV(hb_shape, (void *f, void *b, const void *fe, unsigned n), (f, b, fe, n))
WRAPV(glProgramBinary, (unsigned p, unsigned f, const void *b, int l), (p, f, b, l))
WRAPV(glLinkProgram, (unsigned p), (p))
void glUseProgram(unsigned p) { static void (*real_)(unsigned); if (!real_) real_ = dlsym(RTLD_NEXT, "glUseProgram"); prog = p; double a = cpu(); real_(p); rep("glUseProgram", a, cpu()); }
WRAPV(glDrawArrays, (unsigned m, int f, int c), (m, f, c))
WRAPV(glDrawElements, (unsigned m, int c, unsigned t, const void *i), (m, c, t, i))
WRAPV(glReadPixels, (int x, int y, int w, int h, unsigned f, unsigned t, void *p), (x, y, w, h, f, t, p))
WRAPV(glTexImage2D, (unsigned t, int l, int i, int w, int h, int b, unsigned f, unsigned ty, const void *p), (t, l, i, w, h, b, f, ty, p))
WRAPV(glTexSubImage2D, (unsigned t, int l, int x, int y, int w, int h, unsigned f, unsigned ty, const void *p), (t, l, x, y, w, h, f, ty, p))
WRAPV(glClear, (unsigned m), (m))
WRAPV(glFlush, (void), ())
WRAPV(glFinish, (void), ())
WRAPV(glBlitFramebuffer, (int a, int b, int c, int d, int e, int f, int g, int h, unsigned m, unsigned fl), (a, b, c, d, e, f, g, h, m, fl))
