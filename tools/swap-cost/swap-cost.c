/* What a window frame costs the client on this EGL, by the way it is drawn (docs/benchmarks/scenes.md):
 *   swap only                 eglSwapBuffers with nothing drawn (what Mesa's swrast copies into the wl_shm buffer)
 *   full clear + swap         every pixel shaded (what a client redrawing everything pays)
 *   100x100 into back buffer  a small damage drawn straight into the back buffer, which swrast keeps
 *   100x100 offscreen + blit  the same damage drawn into an offscreen frame, copied whole to the back buffer
 * Usage: swap-cost WIDTH HEIGHT [FRAMES]  (under a Wayland compositor; prints CPU ms and ns per window pixel). */
#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include <wayland-egl.h>
#include "egl-client.h"
#include "xdg-shell-client-protocol.h"

static struct wl_compositor *compositor;
static struct xdg_wm_base *wm_base;
static int configured;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	(void)data; (void)version;
	if (!strcmp(interface, "wl_compositor"))
		compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	if (!strcmp(interface, "xdg_wm_base"))
		wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	(void)data;
	xdg_surface_ack_configure(surface, serial);
	configured = 1;
}

static const struct xdg_surface_listener surface_listener = { surface_configure };

static double cpu_seconds(void)
{
	struct timespec t;
	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

static void scissored_clear(int x, int y)
{
	glEnable(GL_SCISSOR_TEST);
	glScissor(x, y, 100, 100);
	glClearColor(0, 1, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: swap-cost WIDTH HEIGHT [FRAMES]\n");
		return 2;
	}
	int width = atoi(argv[1]), height = atoi(argv[2]), frames = argc > 3 ? atoi(argv[3]) : 100;
	if (width < 100 || height < 100 || frames < 1) {
		fprintf(stderr, "swap-cost: WIDTH and HEIGHT must be at least 100, FRAMES at least 1\n");
		return 2;
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "swap-cost: no Wayland compositor (WAYLAND_DISPLAY)\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !wm_base) {
		fprintf(stderr, "swap-cost: the compositor offers no wl_compositor or xdg_wm_base\n");
		return 1;
	}
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xdg, &surface_listener, NULL);
	xdg_surface_get_toplevel(xdg);
	wl_surface_commit(surface);
	while (!configured && wl_display_dispatch(display) >= 0)
		;

	EGLDisplay egl;
	EGLConfig config;
	EGLContext context = egl_client_context(display, "swap-cost", &egl, &config);
	if (!context)
		return 1;
	struct wl_egl_window *native = wl_egl_window_create(surface, width, height);
	EGLSurface window = eglCreateWindowSurface(egl, config, (EGLNativeWindowType)native, NULL);
	if (!window || !eglMakeCurrent(egl, window, window, context)) {
		fprintf(stderr, "swap-cost: cannot make the EGL context current (0x%x)\n", eglGetError());
		return 1;
	}
	eglSwapInterval(egl, 0);

	GLuint framebuffer = egl_client_framebuffer(width, height);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	if (!framebuffer) {
		fprintf(stderr, "swap-cost: the offscreen framebuffer is incomplete\n");
		return 1;
	}

	const char *ways[] = { "swap only", "full clear + swap", "100x100 into back buffer", "100x100 offscreen + blit" };
	for (int way = 0; way < 4; way++) {
		double start = cpu_seconds();
		for (int f = 0; f < frames; f++) {
			if (way == 1) {
				glClearColor(f % 2, 0, 0, 1);
				glClear(GL_COLOR_BUFFER_BIT);
			} else if (way == 2) {
				scissored_clear(f % (width - 100), f % (height - 100));
			} else if (way == 3) {
				glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
				scissored_clear(f % (width - 100), f % (height - 100));
				glBindFramebuffer(GL_READ_FRAMEBUFFER, framebuffer);
				glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
				glBlitFramebuffer(0, 0, width, height, 0, 0, width, height, GL_COLOR_BUFFER_BIT, GL_NEAREST);
				glBindFramebuffer(GL_FRAMEBUFFER, 0);
			}
			if (!eglSwapBuffers(egl, window)) {
				fprintf(stderr, "swap-cost: eglSwapBuffers failed (0x%x)\n", eglGetError());
				return 1;
			}
			wl_display_roundtrip(display);
		}
		double seconds = (cpu_seconds() - start) / frames;
		printf("%dx%d\t%-26s\t%.3f ms\t%.2f ns/px\n", width, height, ways[way], seconds * 1e3,
		       seconds / ((double)width * height) * 1e9);
	}
	return 0;
}
