/* shared-context: does a fragment variant llvmpipe builds at a draw in one EGL context serve the same program's first
 * draw in another context sharing with it? (docs/benchmarks/scenes.md, seventeenth step: whether the first frame's
 * programs could be built on a second thread.) Surfaceless EGL, GLES 3, two contexts (B shares A's objects), two
 * programs of the same source but different constants (P, Q). B, on a thread, draws once with P into its own FBO
 * (the same format and state); then A draws once with P and twice with Q. Prints each draw's CPU (the thread's, ms).
 * NO_B=1 leaves B out (A's first draw with P alone, for comparison).
 *
 *   gcc -O2 -o /tmp/shared-context tools/shared-context/shared-context.c -lEGL -lGLESv2 -lpthread
 *   MESA_SHADER_CACHE_DISABLE=true LP_NUM_THREADS=0 /tmp/shared-context      # Mesa's shader cache off
 *   mkdir /tmp/sc && MESA_SHADER_CACHE_DIR=/tmp/sc LP_NUM_THREADS=0 /tmp/shared-context   # cold, then warm when run again
 */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
static double tcpu(void) { struct timespec t; clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t); return t.tv_sec * 1e3 + t.tv_nsec / 1e6; }
static EGLDisplay dpy; static EGLContext A, B; static GLuint P, Q;
static const char *vs = "#version 300 es\nin vec2 p; out vec2 v; void main(){ v = p; gl_Position = vec4(p, 0.0, 1.0); }";
static const char *fsfmt = "#version 300 es\nprecision highp float; in vec2 v; out vec4 o; uniform float k;\n"
  "void main(){ float d = length(v) * %d.0; float s = 0.0; for (int i = 0; i < 4; i++) s += sin(d + float(i) * k) * cos(d * 0.5);\n"
  " o = vec4(smoothstep(0.0, 1.0, s), fract(s * 3.0), v.x * v.y + k, 1.0); }";
static GLuint sh(GLenum t, const char *s) { GLuint x = glCreateShader(t); glShaderSource(x, 1, &s, 0); glCompileShader(x);
  GLint ok; glGetShaderiv(x, GL_COMPILE_STATUS, &ok); if (!ok) { char b[999]; glGetShaderInfoLog(x, 999, 0, b); fprintf(stderr, "%s\n", b); exit(1); } return x; }
static GLuint prog(int n) { char f[1024]; snprintf(f, sizeof f, fsfmt, n); GLuint p = glCreateProgram();
  glAttachShader(p, sh(GL_VERTEX_SHADER, vs)); glAttachShader(p, sh(GL_FRAGMENT_SHADER, f)); glBindAttribLocation(p, 0, "p"); glLinkProgram(p); return p; }
static void target(void) { GLuint tex, fb; glGenTextures(1, &tex); glBindTexture(GL_TEXTURE_2D, tex);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 256, 256, 0, GL_RGBA, GL_UNSIGNED_BYTE, 0);
  glGenFramebuffers(1, &fb); glBindFramebuffer(GL_FRAMEBUFFER, fb); glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
  glViewport(0, 0, 256, 256); }
static double draw(GLuint p) { static const float tri[] = {-1, -1, 3, -1, -1, 3}; GLuint vb; glGenBuffers(1, &vb); glBindBuffer(GL_ARRAY_BUFFER, vb);
  glBufferData(GL_ARRAY_BUFFER, sizeof tri, tri, GL_STATIC_DRAW); glEnableVertexAttribArray(0); glVertexAttribPointer(0, 2, GL_FLOAT, 0, 0, 0);
  glUseProgram(p); glUniform1f(glGetUniformLocation(p, "k"), 0.25f); double a = tcpu(); glDrawArrays(GL_TRIANGLES, 0, 3); glFinish(); return tcpu() - a; }
static void *other(void *x) { (void)x; if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, B)) { fprintf(stderr, "B current failed\n"); exit(1); }
  target(); printf("B (thread): first draw with P %.1f ms\n", draw(P)); eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT); return 0; }
int main(void) {
  PFNEGLGETPLATFORMDISPLAYEXTPROC gpd = (void *)eglGetProcAddress("eglGetPlatformDisplayEXT");
  dpy = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, 0); EGLint ma, mi; if (!eglInitialize(dpy, &ma, &mi)) return 1;
  eglBindAPI(EGL_OPENGL_ES_API); EGLint ca[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE};
  EGLint cfa[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE}; EGLConfig cf; EGLint n;
  eglChooseConfig(dpy, cfa, &cf, 1, &n);
  A = eglCreateContext(dpy, n ? cf : EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ca); B = eglCreateContext(dpy, n ? cf : EGL_NO_CONFIG_KHR, A, ca);
  if (!A || !B) { fprintf(stderr, "contexts failed\n"); return 1; }
  eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, A); printf("%s\n", glGetString(GL_VERSION));
  P = prog(7); Q = prog(9); target(); glFinish();
  if (!getenv("NO_B")) { pthread_t t; pthread_create(&t, 0, other, 0); pthread_join(t, 0); }
  printf("A (main): first draw with P %.1f ms (B drew with it)\n", draw(P));
  printf("A (main): first draw with Q %.1f ms (nobody drew with it)\n", draw(Q));
  printf("A (main): second draw with Q %.1f ms\n", draw(Q));
  return 0;
}
