/* What the C floor clients (tools/subsurface-move, tools/touch-commit, tools/shm-window) share: a clock in seconds, a
 * wl_shm buffer of one opaque colour, the xdg_wm_base ping answer, globals bound from a table, and a toplevel mapped
 * and configured. Header only: each tool is one .c file built by scripts/benchlib.py's build_tool or its script
 * (-I tools/common). */
#ifndef FLOOR_CLIENT_H
#define FLOOR_CLIENT_H
/* memfd_create: the tool defines _GNU_SOURCE before its first include. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

/* `clock` now, in seconds. */
static inline double floor_seconds(clockid_t clock)
{
	struct timespec t;
	clock_gettime(clock, &t);
	return t.tv_sec + t.tv_nsec * 1e-9;
}

/* A buffer of WIDTH x HEIGHT filled with one opaque colour (XRGB8888), or NULL. */
static inline struct wl_buffer *floor_solid_buffer(struct wl_shm *shm, int width, int height, uint32_t argb)
{
	int stride = width * 4, size = stride * height;
	int fd = memfd_create("floor-client", MFD_CLOEXEC);
	if (fd < 0)
		return NULL;
	uint32_t *pixels = ftruncate(fd, size) < 0 ? MAP_FAILED
						   : mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels == MAP_FAILED) {
		close(fd);
		return NULL;
	}
	for (int i = 0; i < width * height; i++)
		pixels[i] = argb;
	munmap(pixels, size);
	struct wl_shm_pool *pool = wl_shm_create_pool(shm, fd, size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, width, height, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buffer;
}

static void floor_ping(void *data, struct xdg_wm_base *base, uint32_t serial)
{
	(void)data;
	xdg_wm_base_pong(base, serial);
}

/* Answers the compositor's pings (add it to the bound xdg_wm_base). */
static const struct xdg_wm_base_listener floor_wm_base_listener = { floor_ping };

/* The connection to the compositor WAYLAND_DISPLAY names; NULL after one line on stderr naming `tool`. */
static inline struct wl_display *floor_connect(const char *tool)
{
	struct wl_display *display = wl_display_connect(NULL);
	if (!display)
		fprintf(stderr, "%s: no Wayland compositor (WAYLAND_DISPLAY)\n", tool);
	return display;
}

/* One global to bind: its interface, the version asked for, and where its proxy goes (left NULL when not offered). */
struct floor_global {
	const struct wl_interface *interface;
	uint32_t version;
	void **proxy;
};

/* Binds the globals of the table `data` points to (ended by a NULL interface) as the registry announces them. */
static void floor_registry_global(void *data, struct wl_registry *registry, uint32_t name, const char *interface,
				  uint32_t version)
{
	(void)version;
	for (const struct floor_global *global = data; global->interface; global++)
		if (!strcmp(interface, global->interface->name))
			*global->proxy = wl_registry_bind(registry, name, global->interface, global->version);
}

static void floor_registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener floor_registry_listener = { floor_registry_global,
								     floor_registry_global_remove };

/* Binds the globals of `table` (one roundtrip). */
static inline void floor_bind_globals(struct wl_display *display, const struct floor_global *table)
{
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &floor_registry_listener, (void *)table);
	wl_display_roundtrip(display);
}

static void floor_surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	xdg_surface_ack_configure(surface, serial);
	*(int *)data = 1;
}

static const struct xdg_surface_listener floor_surface_listener = { floor_surface_configure };

/* A toplevel on a new surface, committed without a buffer and configured (its first configure acknowledged); NULL
 * when the connection fails first. */
static inline struct wl_surface *floor_toplevel(struct wl_display *display, struct wl_compositor *compositor,
						struct xdg_wm_base *wm_base)
{
	static int configured;
	xdg_wm_base_add_listener(wm_base, &floor_wm_base_listener, NULL);
	struct wl_surface *surface = wl_compositor_create_surface(compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, surface);
	xdg_surface_add_listener(xdg, &floor_surface_listener, &configured);
	xdg_surface_get_toplevel(xdg);
	wl_surface_commit(surface);
	while (!configured)
		if (wl_display_dispatch(display) < 0)
			return NULL;
	return surface;
}

#endif
