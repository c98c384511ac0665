/* Does the compositor show a strip stretched by wp_viewporter as the same bytes as what it repeats drawn whole?
 * (renderer.md: a surface's rows that repeat one row, such as the panel sheet's extension, or a vertical gradient's
 * columns, as a strip instead of a buffer of their size.) A 128x200 window (logical px, at SCALE), meant to be
 * fullscreen under kiosk-shell. Down: its left half is one row of a pattern (a shadow's translucent edges, an opaque
 * gradient between) drawn on every row of its own buffer; its right half a subsurface showing that row stretched to
 * the window's height: MODE 1 a buffer one row high, MODE 3 three identical rows with the viewport's source cropped
 * to the middle one, MODE 0 (the control) the row a pixel off. Sideways (a vertical gradient's way): MODE 4 the left
 * half's rows each one value of the pattern, the right half a buffer one logical px wide (SCALE px: a width the
 * buffer scale divides) stretched across, MODE 5 its control (the column a row off). The window's right half in its
 * own buffer is transparent, so both halves are composited over the same thing. Prints `shown` on stderr once the
 * compositor has the frame, then runs until stopped.
 * Usage: stretch-strip SCALE MODE  (scripts/check-stretch-strip.py runs it and compares the halves). */
#define _GNU_SOURCE
#include <stdlib.h>
#include "floor-client.h"
#include "viewporter-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_subcompositor *subcompositor;
static struct xdg_wm_base *wm_base;
static struct wl_shm *shm;
static struct wp_viewporter *viewporter;
static const struct floor_global globals[] = {
	{ &wl_compositor_interface, 4, (void **)&compositor },
	{ &wl_subcompositor_interface, 1, (void **)&subcompositor },
	{ &xdg_wm_base_interface, 1, (void **)&wm_base },
	{ &wl_shm_interface, 1, (void **)&shm },
	{ &wp_viewporter_interface, 1, (void **)&viewporter },
	{ NULL, 0, NULL },
};

static uint32_t *buffer(int w, int h, struct wl_buffer **out)
{
	int fd = memfd_create("stretch-strip", MFD_CLOEXEC);
	uint32_t *p = fd < 0 || ftruncate(fd, w * h * 4) < 0 ? MAP_FAILED
				: mmap(NULL, w * h * 4, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		fprintf(stderr, "stretch-strip: cannot make a wl_shm buffer\n");
		exit(1);
	}
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, w * h * 4);
	*out = wl_shm_pool_create_buffer(pool, 0, w, h, w * 4, WL_SHM_FORMAT_ARGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return p;
}

/* A row like the panel's extension: a shadow's edge (alpha ramp, premultiplied dark), paper, a gradient, the other
 * edge. */
static uint32_t pattern(int x, int w)
{
	if (x < w / 4) {
		uint32_t a = (uint32_t)(255 * x / (w / 4)) * 9 / 10;
		return a << 24 | (a / 8) << 16 | (a / 8) << 8 | (a / 6);
	}
	if (x >= w - w / 4) {
		uint32_t a = (uint32_t)(255 * (w - 1 - x) / (w / 4));
		return a << 24 | (a / 5) << 16 | (a / 7) << 8 | (a / 9);
	}
	uint32_t g = (uint32_t)(0x40 + 0xb0 * x / w);
	return 0xff000000u | 0xF4u << 16 | g << 8 | 0xF8u;
}

int main(int argc, char **argv)
{
	int scale = argc == 3 ? atoi(argv[1]) : 0, mode = argc == 3 ? atoi(argv[2]) : -1;
	if (scale < 1 || scale > 4 || mode < 0 || mode > 5 || mode == 2) {
		fprintf(stderr, "usage: stretch-strip SCALE(1-4) MODE(0|1|3|4|5)\n");
		return 2;
	}
	struct wl_display *d = floor_connect("stretch-strip");
	if (!d) return 1;
	floor_bind_globals(d, globals);
	if (!compositor || !subcompositor || !wm_base || !shm || !viewporter) {
		fprintf(stderr, "stretch-strip: the compositor lacks wl_subcompositor, xdg_wm_base, wl_shm or wp_viewporter\n");
		return 1;
	}
	struct wl_surface *s = floor_toplevel(d, compositor, wm_base);
	if (!s) return 1;
	int W = 128, H = 200, hw = W / 2 * scale, bh = H * scale;
	struct wl_buffer *main_buffer;
	uint32_t *p = buffer(W * scale, bh, &main_buffer);
	int sideways = mode >= 4;
	for (int y = 0; y < bh; y++)
		for (int x = 0; x < W * scale; x++)
			p[y * W * scale + x] = x >= hw ? 0 : sideways ? pattern(y * hw / bh, hw) : pattern(x, hw);
	int rows = sideways ? bh : mode == 3 ? 3 : 1, columns = sideways ? scale : hw; /* a width the buffer scale divides */
	struct wl_buffer *strip_buffer;
	uint32_t *q = buffer(columns, rows, &strip_buffer);
	for (int y = 0; y < rows; y++)
		for (int x = 0; x < columns; x++)
			q[y * columns + x] = sideways ? pattern((y + (mode == 5)) * hw / bh, hw)
					  : mode == 0 && y == 0 ? pattern(x + 1, hw) : pattern(x, hw);
	struct wl_surface *c = wl_compositor_create_surface(compositor);
	struct wl_subsurface *sub = wl_subcompositor_get_subsurface(subcompositor, c, s);
	wl_subsurface_set_position(sub, W / 2, 0);
	struct wp_viewport *v = wp_viewporter_get_viewport(viewporter, c);
	if (mode == 3)
		wp_viewport_set_source(v, 0, wl_fixed_from_double(1.0 / scale), wl_fixed_from_int(W / 2),
				       wl_fixed_from_double(1.0 / scale));
	wp_viewport_set_destination(v, W / 2, H);
	wl_surface_set_buffer_scale(c, scale);
	wl_surface_attach(c, strip_buffer, 0, 0);
	wl_surface_damage_buffer(c, 0, 0, columns, rows);
	wl_surface_commit(c);
	wl_surface_set_buffer_scale(s, scale);
	wl_surface_attach(s, main_buffer, 0, 0);
	wl_surface_damage_buffer(s, 0, 0, W * scale, bh);
	wl_surface_commit(s);
	wl_display_roundtrip(d);
	fprintf(stderr, "shown\n");
	while (wl_display_dispatch(d) >= 0) {}
	return 0;
}
