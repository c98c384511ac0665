/* What a window's buffers cost in memory on this EGL (Mesa's swrast over wl_shm), three ways (renderer.md, "Where a
 * window's memory goes"):
 *   egl      an EGL window surface: llvmpipe draws into its own back buffer, which eglSwapBuffers copies whole into
 *            a wl_shm buffer of Mesa's (a second one while the compositor holds the first)
 *   shm      the window's wl_shm buffers are the app's: an OpenGL ES context without a surface draws into a
 *            framebuffer BAND rows high, band after band, each read back (glReadPixels) into the wl_shm buffer; a
 *            later frame draws only its damage (and the frame before's, the other buffer being two frames old) and
 *            reads back only those rows, into whichever of two buffers the compositor has let go of (a second one
 *            made only then)
 *   stretch  the window shows a vertical gradient two pixels wide stretched over it by wp_viewporter (the window
 *            without a full-size buffer); its later frames only damage the surface, nothing is drawn
 * Each way draws one whole frame, then FRAMES frames of a 100x100 damage moving across the window (with
 * SHM_WINDOW_DAMAGE=full in the environment each frame damages the whole window, so that the compositor composites
 * all of it again), each committed and waited for (its frame callback). Prints the resident memory before the first
 * frame, after it and at the end, the peak (VmHWM), the CPU of the whole frame and of a damage frame, and the
 * largest mappings. Usage: shm-window egl|shm|stretch WIDTH HEIGHT [FRAMES] [BAND]  (under a Wayland compositor). */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include <wayland-egl.h>
#include "egl-client.h"
#include "floor-client.h"
#include "viewporter-client-protocol.h"

static struct wl_compositor *compositor;
static struct xdg_wm_base *wm_base;
static struct wl_shm *shm;
static struct wp_viewporter *viewporter;

static const struct floor_global globals[] = {
	{ &wl_compositor_interface, 4, (void **)&compositor },
	{ &xdg_wm_base_interface, 1, (void **)&wm_base },
	{ &wl_shm_interface, 1, (void **)&shm },
	{ &wp_viewporter_interface, 1, (void **)&viewporter },
	{ NULL, 0, NULL },
};

/* A field of /proc/self/status in MiB. */
static double status_mib(const char *field)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	double value = -1;
	size_t n = strlen(field);
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, field, n))
			value = atof(line + n + 1) / 1024;
	if (f)
		fclose(f);
	return value;
}

/* The resident MiB of the largest mappings (/proc/self/smaps, by file, [heap], [anon] or memfd name), one line. */
static void print_mappings(void)
{
	enum { MAX = 256 };
	static char names[MAX][128];
	static double rss[MAX];
	int count = 0, current = -1;
	char line[512];
	FILE *f = fopen("/proc/self/smaps", "r");
	while (f && fgets(line, sizeof line, f)) {
		char *colon = strchr(line, ':');
		char *space = strchr(line, ' ');
		if (colon && space && colon < space) {
			if (current >= 0 && !strncmp(line, "Rss:", 4))
				rss[current] += atof(line + 4) / 1024;
			continue;
		}
		/* A mapping's header: address perms offset dev inode [path] */
		char *path = line;
		for (int field = 0; field < 5 && path; field++) {
			path = strchr(path, ' ');
			while (path && *path == ' ')
				path++;
		}
		char name[128] = "[anon]";
		if (path && *path && *path != '\n') {
			char *slash = *path == '/' ? strrchr(path, '/') + 1 : path;
			snprintf(name, sizeof name, "%s", slash);
			name[strcspn(name, "\n")] = 0;
		}
		current = -1;
		for (int i = 0; i < count; i++)
			if (!strcmp(names[i], name))
				current = i;
		if (current < 0 && count < MAX) {
			current = count++;
			snprintf(names[current], sizeof names[current], "%s", name);
			rss[current] = 0;
		}
	}
	if (f)
		fclose(f);
	printf("\tlargest mappings (MiB):");
	for (int k = 0; k < 6; k++) {
		int best = -1;
		for (int i = 0; i < count; i++)
			if (rss[i] > 0 && (best < 0 || rss[i] > rss[best]))
				best = i;
		if (best < 0)
			break;
		printf(" %s %.1f;", names[best], rss[best]);
		rss[best] = 0;
	}
	printf("\n");
}

static void frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	(void)time;
	*(int *)data = 1;
	wl_callback_destroy(callback);
}

static const struct wl_callback_listener frame_listener = { frame_done };

/* One of the app's wl_shm buffers: mapped by the app, busy from its attach until the compositor's release. */
struct buffer {
	struct wl_buffer *wl;
	void *data;
	size_t size;
	int busy;
	/* Damage owed to this buffer: the frames drawn since it was last written, as one box (x0, y0, x1, y1). */
	int owed[4];
};

static void released(void *data, struct wl_buffer *wl)
{
	(void)wl;
	((struct buffer *)data)->busy = 0;
}

static const struct wl_buffer_listener buffer_listener = { released };

static int make_buffer(struct buffer *b, int width, int height)
{
	b->size = (size_t)width * height * 4;
	int fd = memfd_create("shm-window", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, b->size) < 0)
		return -1;
	b->data = mmap(NULL, b->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (b->data == MAP_FAILED)
		return -1;
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, b->size);
	b->wl = wl_shm_pool_create_buffer(pool, 0, width, height, width * 4, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(b->wl, &buffer_listener, b);
	b->busy = 0;
	b->owed[0] = b->owed[1] = 0;
	b->owed[2] = width;
	b->owed[3] = height;
	return 0;
}

/* Draws rows y0..y1 of the window (GL's rows counted from the top here) band by band into the framebuffer of BAND
 * rows and reads each band back into `b`: what a frame costs the shm way. `x0..x1` bounds the columns drawn. */
static void draw_rows(struct buffer *b, int width, int band, int x0, int y0, int x1, int y1, int frame, GLenum format)
{
	for (int top = y0; top < y1; top += band) {
		int rows = y1 - top < band ? y1 - top : band;
		glEnable(GL_SCISSOR_TEST);
		glScissor(x0, 0, x1 - x0, rows);
		glClearColor((frame % 3) / 2.0f, 0.3f, 0.6f, 1);
		glClear(GL_COLOR_BUFFER_BIT);
		glDisable(GL_SCISSOR_TEST);
		glPixelStorei(GL_PACK_ROW_LENGTH, width);
		glReadPixels(x0, 0, x1 - x0, rows, format, GL_UNSIGNED_BYTE, (char *)b->data + ((size_t)top * width + x0) * 4);
	}
}

int main(int argc, char **argv)
{
	if (argc < 4 || (strcmp(argv[1], "egl") && strcmp(argv[1], "shm") && strcmp(argv[1], "stretch"))) {
		fprintf(stderr, "usage: shm-window egl|shm|stretch WIDTH HEIGHT [FRAMES] [BAND]\n");
		return 2;
	}
	int app_buffers = !strcmp(argv[1], "shm"), stretch = !strcmp(argv[1], "stretch");
	const char *damage_kind = getenv("SHM_WINDOW_DAMAGE");
	int full_damage = damage_kind && !strcmp(damage_kind, "full");
	int width = atoi(argv[2]), height = atoi(argv[3]), frames = argc > 4 ? atoi(argv[4]) : 100;
	int band = argc > 5 ? atoi(argv[5]) : 256;
	if (width < 100 || height < 100 || frames < 0 || band < 1) {
		fprintf(stderr, "shm-window: WIDTH and HEIGHT must be at least 100, FRAMES at least 0, BAND at least 1\n");
		return 2;
	}
	struct wl_display *display = floor_connect("shm-window");
	if (!display)
		return 1;
	floor_bind_globals(display, globals);
	if (!compositor || !wm_base || !shm || (stretch && !viewporter)) {
		fprintf(stderr, "shm-window: the compositor offers no wl_compositor, xdg_wm_base, wl_shm or wp_viewporter\n");
		return 1;
	}
	struct wl_surface *surface = floor_toplevel(display, compositor, wm_base);
	if (!surface) {
		fprintf(stderr, "shm-window: the connection failed before the window was configured\n");
		return 1;
	}

	EGLDisplay egl;
	EGLConfig config;
	EGLContext context = egl_client_context(display, "shm-window", &egl, &config);
	if (!context)
		return 1;
	EGLSurface window = EGL_NO_SURFACE;
	if (!app_buffers && !stretch) {
		struct wl_egl_window *native = wl_egl_window_create(surface, width, height);
		window = eglCreateWindowSurface(egl, config, (EGLNativeWindowType)native, NULL);
	}
	if ((!app_buffers && !stretch && !window) || !eglMakeCurrent(egl, window, window, context)) {
		fprintf(stderr, "shm-window: cannot make the EGL context current (0x%x)\n", eglGetError());
		return 1;
	}
	if (window != EGL_NO_SURFACE)
		eglSwapInterval(egl, 0);
	const char *extensions = (const char *)glGetString(GL_EXTENSIONS);
	GLenum format = extensions && strstr(extensions, "GL_EXT_read_format_bgra") ? GL_BGRA_EXT : GL_RGBA;

	if (app_buffers && !egl_client_framebuffer(width, band)) {
		fprintf(stderr, "shm-window: the band framebuffer is incomplete\n");
		return 1;
	}
	if (app_buffers)
		glViewport(0, 0, width, band);
	double before = status_mib("VmRSS:");

	struct buffer buffers[2];
	int made = 0, shown = -1;
	double start = floor_seconds(CLOCK_PROCESS_CPUTIME_ID);
	if (stretch) {
		/* Two pixels wide (a width the buffer scale divides), the window's height: every row one colour. */
		if (make_buffer(&buffers[0], 2, height) < 0) {
			fprintf(stderr, "shm-window: cannot make a wl_shm buffer\n");
			return 1;
		}
		made = 1;
		uint32_t *rows = buffers[0].data;
		for (int y = 0; y < height; y++) {
			uint32_t g = (uint32_t)(0x30 + 0x60 * y / height);
			rows[2 * y] = rows[2 * y + 1] = 0xff000000u | (g / 2) << 16 | g << 8 | 0x80;
		}
		struct wp_viewport *viewport = wp_viewporter_get_viewport(viewporter, surface);
		wp_viewport_set_destination(viewport, width, height);
		wl_surface_attach(surface, buffers[0].wl, 0, 0);
		wl_surface_damage_buffer(surface, 0, 0, 2, height);
		wl_surface_commit(surface);
		shown = 0;
	} else if (app_buffers) {
		if (make_buffer(&buffers[0], width, height) < 0) {
			fprintf(stderr, "shm-window: cannot make a wl_shm buffer\n");
			return 1;
		}
		made = 1;
		draw_rows(&buffers[0], width, band, 0, 0, width, height, 0, format);
		wl_surface_attach(surface, buffers[0].wl, 0, 0);
		wl_surface_damage_buffer(surface, 0, 0, width, height);
		wl_surface_commit(surface);
		buffers[0].busy = 1;
		buffers[0].owed[2] = buffers[0].owed[3] = 0;
		shown = 0;
	} else {
		glClearColor(0, 0.3f, 0.6f, 1);
		glClear(GL_COLOR_BUFFER_BIT);
		eglSwapBuffers(egl, window);
	}
	wl_display_roundtrip(display);
	double whole = floor_seconds(CLOCK_PROCESS_CPUTIME_ID) - start;
	double after_first = status_mib("VmRSS:");

	start = floor_seconds(CLOCK_PROCESS_CPUTIME_ID);
	for (int f = 0; f < frames; f++) {
		int x = 50 + (f * 37) % (width - 200), y = 50 + (f * 23) % (height - 200);
		/* Each frame waits for the compositor's repaint of the last (its frame callback): one repaint a frame. */
		int done = 0;
		struct wl_callback *callback = wl_surface_frame(surface);
		wl_callback_add_listener(callback, &frame_listener, &done);
		if (stretch) {
			if (full_damage)
				wl_surface_damage(surface, 0, 0, width, height);
			else
				wl_surface_damage(surface, x, y, 100, 100);
			wl_surface_commit(surface);
		} else if (app_buffers) {
			/* This frame's damage is owed to every buffer. */
			for (int i = 0; i < made; i++) {
				struct buffer *o = &buffers[i];
				if (o->owed[2] <= o->owed[0]) {
					o->owed[0] = x; o->owed[1] = y; o->owed[2] = x + 100; o->owed[3] = y + 100;
				} else {
					o->owed[0] = o->owed[0] < x ? o->owed[0] : x;
					o->owed[1] = o->owed[1] < y ? o->owed[1] : y;
					o->owed[2] = o->owed[2] > x + 100 ? o->owed[2] : x + 100;
					o->owed[3] = o->owed[3] > y + 100 ? o->owed[3] : y + 100;
				}
			}
			int target = -1;
			for (int i = 0; i < made; i++)
				if (!buffers[i].busy)
					target = i;
			if (target < 0) {
				if (make_buffer(&buffers[made], width, height) < 0) {
					fprintf(stderr, "shm-window: cannot make a wl_shm buffer\n");
					return 1;
				}
				target = made++;
			}
			struct buffer *b = &buffers[target];
			draw_rows(b, width, band, b->owed[0], b->owed[1], b->owed[2], b->owed[3], f + 1, format);
			wl_surface_attach(surface, b->wl, 0, 0);
			if (full_damage)
				wl_surface_damage_buffer(surface, 0, 0, width, height);
			else
				wl_surface_damage_buffer(surface, x, y, 100, 100);
			wl_surface_commit(surface);
			b->busy = 1;
			b->owed[2] = b->owed[0];
			shown = target;
		} else {
			glEnable(GL_SCISSOR_TEST);
			glScissor(x, height - y - 100, 100, 100);
			glClearColor(((f + 1) % 3) / 2.0f, 0.3f, 0.6f, 1);
			glClear(GL_COLOR_BUFFER_BIT);
			glDisable(GL_SCISSOR_TEST);
			/* Mesa's swrast damages the whole surface at every swap, so SHM_WINDOW_DAMAGE changes nothing here. */
			eglSwapBuffers(egl, window);
		}
		while (!done && wl_display_dispatch(display) >= 0)
			;
	}
	double damage = frames ? (floor_seconds(CLOCK_PROCESS_CPUTIME_ID) - start) / frames : 0;
	(void)shown;
	printf("%s%s\t%dx%d\tband %d\tRSS before %.1f MiB, after the first frame %.1f, at the end %.1f, VmHWM %.1f"
	       "\twhole frame %.2f ms\tdamage frame %.3f ms\t%s buffers %d\n",
	       argv[1], full_damage ? " (full damage)" : "", width, height, band, before, after_first, status_mib("VmRSS:"),
	       status_mib("VmHWM:"), whole * 1e3, damage * 1e3, format == GL_RGBA ? "RGBA read" : "BGRA read",
	       window == EGL_NO_SURFACE ? made : -1);
	print_mappings();
	return 0;
}
