/*
 * touch-probe: a tiny Wayland client that shows one fullscreen shm window
 * and prints every wl_touch event it receives, one per line, on stdout:
 *
 *   ready <width> <height>            (window mapped, touch bound)
 *   down <time_ms> <id> <x> <y>
 *   motion <time_ms> <id> <x> <y>
 *   up <time_ms> <id>
 *   frame
 *   cancel
 *
 * With --all it also binds the pointer and the keyboard and prints:
 *
 *   pointer-enter <x> <y> / pointer-leave
 *   pointer-motion <time_ms> <x> <y>
 *   button <time_ms> <code> <pressed|released>
 *   axis <time_ms> <axis> <value>
 *   pointer-frame
 *   keyboard-enter / keyboard-leave
 *   key <time_ms> <evdev_code> <pressed|released>
 *
 * Used to verify the momentum-touch weston module end to end.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"

struct probe {
	struct wl_display *display;
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct wl_seat *seat;
	struct wl_touch *touch;
	struct wl_pointer *pointer;
	struct wl_keyboard *keyboard;
	bool all;
	struct xdg_wm_base *wm_base;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct wl_buffer *buffer;
	int width, height;
	bool configured, mapped, announced;
};

static void
announce(struct probe *p)
{
	if (p->mapped && p->touch && !p->announced) {
		p->announced = true;
		printf("ready %d %d\n", p->width, p->height);
		fflush(stdout);
	}
}

static void
touch_down(void *data, struct wl_touch *t, uint32_t serial, uint32_t time,
	   struct wl_surface *surface, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)t; (void)serial; (void)surface;
	printf("down %u %d %.2f %.2f\n", time, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
	fflush(stdout);
}

static void
touch_up(void *data, struct wl_touch *t, uint32_t serial, uint32_t time, int32_t id)
{
	(void)data; (void)t; (void)serial;
	printf("up %u %d\n", time, id);
	fflush(stdout);
}

static void
touch_motion(void *data, struct wl_touch *t, uint32_t time, int32_t id,
	     wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)t;
	printf("motion %u %d %.2f %.2f\n", time, id, wl_fixed_to_double(x), wl_fixed_to_double(y));
	fflush(stdout);
}

static void
touch_frame(void *data, struct wl_touch *t)
{
	(void)data; (void)t;
	printf("frame\n");
	fflush(stdout);
}

static void
touch_cancel(void *data, struct wl_touch *t)
{
	(void)data; (void)t;
	printf("cancel\n");
	fflush(stdout);
}

static void
touch_shape(void *data, struct wl_touch *t, int32_t id, wl_fixed_t major, wl_fixed_t minor)
{
	(void)data; (void)t; (void)id; (void)major; (void)minor;
}

static void
touch_orientation(void *data, struct wl_touch *t, int32_t id, wl_fixed_t orientation)
{
	(void)data; (void)t; (void)id; (void)orientation;
}

static const struct wl_touch_listener touch_listener = {
	touch_down, touch_up, touch_motion, touch_frame, touch_cancel,
	touch_shape, touch_orientation,
};

static void
say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	fflush(stdout);
}

static void
pointer_enter(void *data, struct wl_pointer *ptr, uint32_t serial,
	      struct wl_surface *surface, wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)ptr; (void)serial; (void)surface;
	say("pointer-enter %.2f %.2f\n", wl_fixed_to_double(x), wl_fixed_to_double(y));
}

static void
pointer_leave(void *data, struct wl_pointer *ptr, uint32_t serial,
	      struct wl_surface *surface)
{
	(void)data; (void)ptr; (void)serial; (void)surface;
	say("pointer-leave\n");
}

static void
pointer_motion(void *data, struct wl_pointer *ptr, uint32_t time,
	       wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)ptr;
	say("pointer-motion %u %.2f %.2f\n", time, wl_fixed_to_double(x),
	    wl_fixed_to_double(y));
}

static void
pointer_button(void *data, struct wl_pointer *ptr, uint32_t serial,
	       uint32_t time, uint32_t button, uint32_t state)
{
	(void)data; (void)ptr; (void)serial;
	say("button %u %u %s\n", time, button,
	    state == WL_POINTER_BUTTON_STATE_PRESSED ? "pressed" : "released");
}

static void
pointer_axis(void *data, struct wl_pointer *ptr, uint32_t time, uint32_t axis,
	     wl_fixed_t value)
{
	(void)data; (void)ptr;
	say("axis %u %u %.2f\n", time, axis, wl_fixed_to_double(value));
}

static void
pointer_frame(void *data, struct wl_pointer *ptr)
{
	(void)data; (void)ptr;
	say("pointer-frame\n");
}

static void
pointer_axis_source(void *data, struct wl_pointer *ptr, uint32_t source)
{
	(void)data; (void)ptr; (void)source;
}

static void
pointer_axis_stop(void *data, struct wl_pointer *ptr, uint32_t time, uint32_t axis)
{
	(void)data; (void)ptr; (void)time; (void)axis;
}

static void
pointer_axis_discrete(void *data, struct wl_pointer *ptr, uint32_t axis, int32_t discrete)
{
	(void)data; (void)ptr; (void)axis; (void)discrete;
}

static const struct wl_pointer_listener pointer_listener = {
	.enter = pointer_enter, .leave = pointer_leave, .motion = pointer_motion,
	.button = pointer_button, .axis = pointer_axis, .frame = pointer_frame,
	.axis_source = pointer_axis_source, .axis_stop = pointer_axis_stop,
	.axis_discrete = pointer_axis_discrete,
};

static void
keyboard_keymap(void *data, struct wl_keyboard *kb, uint32_t format, int32_t fd,
		uint32_t size)
{
	(void)data; (void)kb; (void)format; (void)size;
	close(fd);
}

static void
keyboard_enter(void *data, struct wl_keyboard *kb, uint32_t serial,
	       struct wl_surface *surface, struct wl_array *keys)
{
	(void)data; (void)kb; (void)serial; (void)surface; (void)keys;
	say("keyboard-enter\n");
}

static void
keyboard_leave(void *data, struct wl_keyboard *kb, uint32_t serial,
	       struct wl_surface *surface)
{
	(void)data; (void)kb; (void)serial; (void)surface;
	say("keyboard-leave\n");
}

static void
keyboard_key(void *data, struct wl_keyboard *kb, uint32_t serial, uint32_t time,
	     uint32_t key, uint32_t state)
{
	(void)data; (void)kb; (void)serial;
	say("key %u %u %s\n", time, key,
	    state == WL_KEYBOARD_KEY_STATE_PRESSED ? "pressed" : "released");
}

static void
keyboard_modifiers(void *data, struct wl_keyboard *kb, uint32_t serial,
		   uint32_t depressed, uint32_t latched, uint32_t locked, uint32_t group)
{
	(void)data; (void)kb; (void)serial; (void)depressed; (void)latched;
	(void)locked; (void)group;
}

static void
keyboard_repeat(void *data, struct wl_keyboard *kb, int32_t rate, int32_t delay)
{
	(void)data; (void)kb; (void)rate; (void)delay;
}

static const struct wl_keyboard_listener keyboard_listener = {
	keyboard_keymap, keyboard_enter, keyboard_leave, keyboard_key,
	keyboard_modifiers, keyboard_repeat,
};

static void
seat_capabilities(void *data, struct wl_seat *seat, uint32_t caps)
{
	struct probe *p = data;

	if (p->all && (caps & WL_SEAT_CAPABILITY_POINTER) && !p->pointer) {
		p->pointer = wl_seat_get_pointer(seat);
		wl_pointer_add_listener(p->pointer, &pointer_listener, p);
	}
	if (p->all && (caps & WL_SEAT_CAPABILITY_KEYBOARD) && !p->keyboard) {
		p->keyboard = wl_seat_get_keyboard(seat);
		wl_keyboard_add_listener(p->keyboard, &keyboard_listener, p);
	}

	if ((caps & WL_SEAT_CAPABILITY_TOUCH) && !p->touch) {
		p->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(p->touch, &touch_listener, p);
		announce(p);
	}
}

static void
seat_name(void *data, struct wl_seat *seat, const char *name)
{
	(void)data; (void)seat; (void)name;
}

static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static void
wm_ping(void *data, struct xdg_wm_base *wm, uint32_t serial)
{
	(void)data;
	xdg_wm_base_pong(wm, serial);
}

static const struct xdg_wm_base_listener wm_listener = { wm_ping };

static void
frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct probe *p = data;

	(void)time;
	wl_callback_destroy(cb);
	p->mapped = true;
	announce(p);
}

static const struct wl_callback_listener frame_listener = { frame_done };

static struct wl_buffer *
make_buffer(struct probe *p)
{
	int stride = p->width * 4;
	size_t size = (size_t)stride * (size_t)p->height;
	int fd = memfd_create("touch-probe", MFD_CLOEXEC);
	struct wl_shm_pool *pool;
	struct wl_buffer *buf;
	uint32_t *px;

	if (fd < 0 || ftruncate(fd, (off_t)size) < 0) {
		fprintf(stderr, "touch-probe: shm: %s\n", strerror(errno));
		exit(1);
	}
	px = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (px == MAP_FAILED) {
		fprintf(stderr, "touch-probe: mmap: %s\n", strerror(errno));
		exit(1);
	}
	for (size_t i = 0; i < size / 4; i++)
		px[i] = 0xff336699;
	munmap(px, size);
	pool = wl_shm_create_pool(p->shm, fd, (int32_t)size);
	buf = wl_shm_pool_create_buffer(pool, 0, p->width, p->height, stride,
					WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	return buf;
}

static void
xdg_surface_configure(void *data, struct xdg_surface *xs, uint32_t serial)
{
	struct probe *p = data;

	xdg_surface_ack_configure(xs, serial);
	if (!p->buffer) {
		struct wl_callback *cb;
		p->buffer = make_buffer(p);
		wl_surface_attach(p->surface, p->buffer, 0, 0);
		wl_surface_damage(p->surface, 0, 0, p->width, p->height);
		cb = wl_surface_frame(p->surface);
		wl_callback_add_listener(cb, &frame_listener, p);
	}
	wl_surface_commit(p->surface);
}

static const struct xdg_surface_listener xdg_surface_listener = { xdg_surface_configure };

static void
toplevel_configure(void *data, struct xdg_toplevel *t, int32_t w, int32_t h,
		   struct wl_array *states)
{
	struct probe *p = data;

	(void)t; (void)states;
	if (w > 0 && h > 0 && !p->buffer) {
		p->width = w;
		p->height = h;
	}
}

static void
toplevel_close(void *data, struct xdg_toplevel *t)
{
	(void)data; (void)t;
	exit(0);
}

static void
toplevel_bounds(void *data, struct xdg_toplevel *t, int32_t w, int32_t h)
{
	(void)data; (void)t; (void)w; (void)h;
}

static const struct xdg_toplevel_listener toplevel_listener = {
	.configure = toplevel_configure,
	.close = toplevel_close,
	.configure_bounds = toplevel_bounds,
};

static void
registry_global(void *data, struct wl_registry *reg, uint32_t name,
		const char *iface, uint32_t version)
{
	struct probe *p = data;

	(void)version;
	if (!strcmp(iface, wl_compositor_interface.name))
		p->compositor = wl_registry_bind(reg, name, &wl_compositor_interface, 4);
	else if (!strcmp(iface, wl_shm_interface.name))
		p->shm = wl_registry_bind(reg, name, &wl_shm_interface, 1);
	else if (!strcmp(iface, xdg_wm_base_interface.name)) {
		p->wm_base = wl_registry_bind(reg, name, &xdg_wm_base_interface, 1);
		xdg_wm_base_add_listener(p->wm_base, &wm_listener, p);
	} else if (!strcmp(iface, wl_seat_interface.name) && !p->seat) {
		p->seat = wl_registry_bind(reg, name, &wl_seat_interface, 5);
		wl_seat_add_listener(p->seat, &seat_listener, p);
	}
}

static void
registry_remove(void *data, struct wl_registry *reg, uint32_t name)
{
	(void)data; (void)reg; (void)name;
}

static const struct wl_registry_listener registry_listener = {
	registry_global, registry_remove,
};

int
main(int argc, char *argv[])
{
	struct probe p;
	struct wl_registry *reg;

	/* A parent may spawn us from a thread that blocks signals; make SIGTERM work. */
	{
		sigset_t all;
		sigfillset(&all);
		sigprocmask(SIG_UNBLOCK, &all, NULL);
	}
	memset(&p, 0, sizeof p);
	p.all = argc > 1 && !strcmp(argv[1], "--all");
	p.width = 800;
	p.height = 600;
	p.display = wl_display_connect(NULL);
	if (!p.display) {
		fprintf(stderr, "touch-probe: cannot connect to the Wayland display\n");
		return 1;
	}
	reg = wl_display_get_registry(p.display);
	wl_registry_add_listener(reg, &registry_listener, &p);
	wl_display_roundtrip(p.display);
	if (!p.compositor || !p.shm || !p.wm_base) {
		fprintf(stderr, "touch-probe: missing wl_compositor, wl_shm or xdg_wm_base\n");
		return 1;
	}
	p.surface = wl_compositor_create_surface(p.compositor);
	p.xdg_surface = xdg_wm_base_get_xdg_surface(p.wm_base, p.surface);
	xdg_surface_add_listener(p.xdg_surface, &xdg_surface_listener, &p);
	p.toplevel = xdg_surface_get_toplevel(p.xdg_surface);
	xdg_toplevel_add_listener(p.toplevel, &toplevel_listener, &p);
	xdg_toplevel_set_title(p.toplevel, "touch-probe");
	xdg_toplevel_set_fullscreen(p.toplevel, NULL);
	wl_surface_commit(p.surface);
	while (wl_display_dispatch(p.display) != -1)
		;
	fprintf(stderr, "touch-probe: display connection ended\n");
	return 0;
}
