/* What the C floor clients (tools/subsurface-move, tools/touch-commit) share: a clock in seconds, a wl_shm buffer of
 * one opaque colour, and the xdg_wm_base ping answer. Header only: each tool is one .c file built by
 * scripts/benchlib.py's build_tool (-I tools/common). */
#ifndef FLOOR_CLIENT_H
#define FLOOR_CLIENT_H
/* memfd_create: the tool defines _GNU_SOURCE before its first include. */
#include <stdint.h>
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

#endif
