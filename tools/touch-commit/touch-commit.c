/* The compositor's floor for touch → present (docs/benchmarks/scenes.md): a fullscreen window drawn once (wl_shm)
 * that commits at once on every wl_touch.frame carrying a down or a motion (a 1x1 damage, presentation feedback),
 * with nothing else to do. Each touch sample's latency is measured as Momentum's bench measures its own: from the
 * sample's input time (CLOCK_MONOTONIC ms) to the presentation of the first frame committed after it arrived that
 * the compositor presented (a discarded frame's samples go to the next presented one).
 * Usage: touch-commit SECONDS [CONFIGURES]  (under a Wayland compositor; runs SECONDS, then prints one line:
 * "touch-commit: N samples, touch → present p50 X ms, p99 Y ms, max Z ms"). Ready once CONFIGURES configures (default
 * 1; mutter 43 sends 2: it maps the window, then makes it fullscreen) came and one placed frame was presented. */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <wayland-client.h>
#include "floor-client.h"
#include "presentation-time-client-protocol.h"

#define MAX_SAMPLES 65536

static struct wl_compositor *compositor;
static struct wl_shm *shm;
static int seats;
static struct xdg_wm_base *wm_base;
static clockid_t presentation_clock = CLOCK_MONOTONIC;
static int configured, width, height;
/* Configures seen: ready (the window where the compositor puts it, e.g. after weston's fullscreen configure that
 * follows the first) once a frame committed for placement is presented with no configure after it. */
static int configures, ready, configures_until_placed = 1, sized;
static int buffer_width, buffer_height;
static struct wl_display *display;
static struct wl_surface *window;
static struct wl_buffer *buffer;
static struct wp_presentation *presentation;
static void commit_for_placement(void);

/* Input times (ms) of samples not yet committed, and of samples committed in frames not yet presented. */
static double waiting[MAX_SAMPLES];
static int waiting_count;
static double latencies[MAX_SAMPLES];
static int latency_count;
static int touch_pending;

/* A commit's samples: those of `waiting` below `to` not answered by an earlier presentation. */
struct commit {
	int to;
};

static const struct wl_touch_listener touch_listener;

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities)
{
	(void)data;
	if ((capabilities & WL_SEAT_CAPABILITY_TOUCH) && !wl_seat_get_user_data(seat)) {
		struct wl_touch *touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(touch, &touch_listener, NULL);
		wl_seat_set_user_data(seat, touch);
	}
}

static void seat_name(void *data, struct wl_seat *seat, const char *name)
{
	(void)data; (void)seat; (void)name;
}

static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	(void)data; (void)version;
	if (!strcmp(interface, "wl_compositor"))
		compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	else if (!strcmp(interface, "wl_shm"))
		shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	else if (!strcmp(interface, "wl_seat")) {
		/* Every seat: the one with touch (weston's default seat has none; the test module adds its own). */
		struct wl_seat *seat = wl_registry_bind(registry, name, &wl_seat_interface, 5);
		wl_seat_add_listener(seat, &seat_listener, NULL);
		seats++;
	}
	else if (!strcmp(interface, "xdg_wm_base"))
		wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
	else if (!strcmp(interface, "wp_presentation"))
		presentation = wl_registry_bind(registry, name, &wp_presentation_interface, 1);
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data; (void)registry; (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void clock_id(void *data, struct wp_presentation *p, uint32_t clk_id)
{
	(void)data; (void)p;
	presentation_clock = (clockid_t)clk_id;
}

static const struct wp_presentation_listener presentation_listener = { clock_id };

static void surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	(void)data;
	xdg_surface_ack_configure(surface, serial);
	configured = 1;
	configures++;
	if (buffer)
		commit_for_placement();
}

static const struct xdg_surface_listener surface_listener = { surface_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t w, int32_t h, struct wl_array *states)
{
	(void)data; (void)toplevel; (void)states;
	/* 0x0: the client chooses (sway's first configure, before it makes the mapped window fullscreen): a small
	 * window until the compositor gives it a size. */
	sized = w > 0 && h > 0;
	width = sized ? w : 64;
	height = sized ? h : 64;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	(void)data; (void)toplevel;
}

static void toplevel_bounds(void *data, struct xdg_toplevel *toplevel, int32_t w, int32_t h)
{
	(void)data; (void)toplevel; (void)w; (void)h;
}

static void toplevel_capabilities(void *data, struct xdg_toplevel *toplevel, struct wl_array *capabilities)
{
	(void)data; (void)toplevel; (void)capabilities;
}

static const struct xdg_toplevel_listener toplevel_listener = { toplevel_configure, toplevel_close, toplevel_bounds,
								 toplevel_capabilities };

static void add_sample(uint32_t time_ms)
{
	if (waiting_count < MAX_SAMPLES)
		waiting[waiting_count++] = time_ms;
	touch_pending = 1;
}

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, struct wl_surface *surface,
		       int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)touch; (void)serial; (void)surface; (void)id; (void)x; (void)y;
	add_sample(time);
}

static void touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id)
{
	(void)data; (void)touch; (void)serial; (void)time; (void)id;
}

static void touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)data; (void)touch; (void)id; (void)x; (void)y;
	add_sample(time);
}

static void touch_frame(void *data, struct wl_touch *touch);

static void touch_cancel(void *data, struct wl_touch *touch)
{
	(void)data; (void)touch;
}

static void touch_shape(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t major, wl_fixed_t minor)
{
	(void)data; (void)touch; (void)id; (void)major; (void)minor;
}

static void touch_orientation(void *data, struct wl_touch *touch, int32_t id, wl_fixed_t orientation)
{
	(void)data; (void)touch; (void)id; (void)orientation;
}

static const struct wl_touch_listener touch_listener = { touch_down, touch_up, touch_motion, touch_frame,
							 touch_cancel, touch_shape, touch_orientation };

static void sync_output(void *data, struct wp_presentation_feedback *feedback, struct wl_output *output)
{
	(void)data; (void)feedback; (void)output;
}

/* The first presented frame committed after a sample arrived: every sample of this commit and of earlier commits
 * still waiting (discarded ones) is answered by this presentation. */
static int answered;

static void feedback_presented(void *data, struct wp_presentation_feedback *feedback, uint32_t tv_sec_hi,
			       uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo,
			       uint32_t flags)
{
	struct commit *commit = data;
	(void)refresh; (void)seq_hi; (void)seq_lo; (void)flags;
	double present = ((double)(((uint64_t)tv_sec_hi << 32) | tv_sec_lo)) + tv_nsec * 1e-9;
	/* On CLOCK_MONOTONIC, the clock of the input times: the offset of the two clocks now. */
	double offset = floor_seconds(presentation_clock) - floor_seconds(CLOCK_MONOTONIC);
	double present_ms = (present - offset) * 1000;
	for (int i = answered; i < commit->to; i++)
		if (latency_count < MAX_SAMPLES)
			latencies[latency_count++] = present_ms - waiting[i];
	if (commit->to > answered)
		answered = commit->to;
	free(commit);
	wp_presentation_feedback_destroy(feedback);
}

static void feedback_discarded(void *data, struct wp_presentation_feedback *feedback)
{
	free(data);
	wp_presentation_feedback_destroy(feedback);
}

static const struct wp_presentation_feedback_listener feedback_listener = { sync_output, feedback_presented,
									     feedback_discarded };


static void placement_presented(void *data, struct wp_presentation_feedback *feedback, uint32_t tv_sec_hi,
				uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo,
				uint32_t flags)
{
	(void)tv_sec_hi; (void)tv_sec_lo; (void)tv_nsec; (void)refresh; (void)seq_hi; (void)seq_lo; (void)flags;
	if (!ready && (intptr_t)data == configures && configures >= configures_until_placed && sized) {
		ready = 1;
		printf("touch-commit: ready %dx%d\n", width, height);
		fflush(stdout);
	}
	wp_presentation_feedback_destroy(feedback);
}

static void placement_discarded(void *data, struct wp_presentation_feedback *feedback)
{
	(void)data;
	wp_presentation_feedback_destroy(feedback);
	if (!ready)
		commit_for_placement();
}

static const struct wp_presentation_feedback_listener placement_listener = { sync_output, placement_presented,
									      placement_discarded };

/* The whole buffer committed again (after a configure), with feedback that says when it was shown. */
static void commit_for_placement(void)
{
	if (width != buffer_width || height != buffer_height) {
		if (buffer)
			wl_buffer_destroy(buffer);
		buffer = floor_solid_buffer(shm, width, height, 0xff1b2a49);
		buffer_width = width;
		buffer_height = height;
		if (!buffer)
			return;
	}
	struct wp_presentation_feedback *feedback = wp_presentation_feedback(presentation, window);
	wp_presentation_feedback_add_listener(feedback, &placement_listener, (void *)(intptr_t)configures);
	wl_surface_attach(window, buffer, 0, 0);
	wl_surface_damage_buffer(window, 0, 0, width, height);
	wl_surface_commit(window);
}

static void touch_frame(void *data, struct wl_touch *touch)
{
	(void)data; (void)touch;
	if (!touch_pending)
		return;
	touch_pending = 0;
	struct commit *commit = malloc(sizeof *commit);
	if (!commit)
		return;
	commit->to = waiting_count;
	struct wp_presentation_feedback *feedback = wp_presentation_feedback(presentation, window);
	wp_presentation_feedback_add_listener(feedback, &feedback_listener, commit);
	wl_surface_damage_buffer(window, 0, 0, 1, 1);
	wl_surface_commit(window);
	wl_display_flush(display);
}

static int by_value(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;
	return (x > y) - (x < y);
}

static double quantile(double q)
{
	int i = (int)(q * (latency_count - 1) + 0.5);
	return latencies[i];
}

int main(int argc, char **argv)
{
	double run = argc >= 2 ? atof(argv[1]) : 0;
	if (argc == 3)
		configures_until_placed = atoi(argv[2]);
	if (argc < 2 || argc > 3 || !(run > 0) || configures_until_placed < 1) {
		fprintf(stderr, "usage: touch-commit SECONDS [CONFIGURES]\n");
		return 2;
	}
	display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "touch-commit: no Wayland compositor (WAYLAND_DISPLAY)\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !shm || !seats || !wm_base || !presentation) {
		fprintf(stderr, "touch-commit: the compositor lacks wl_shm, wl_seat, xdg_wm_base or wp_presentation\n");
		return 1;
	}
	wp_presentation_add_listener(presentation, &presentation_listener, NULL);
	xdg_wm_base_add_listener(wm_base, &floor_wm_base_listener, NULL);
	wl_display_roundtrip(display);  /* the seats' capabilities */
	window = wl_compositor_create_surface(compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, window);
	xdg_surface_add_listener(xdg, &surface_listener, NULL);
	struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xdg);
	xdg_toplevel_add_listener(toplevel, &toplevel_listener, NULL);
	xdg_toplevel_set_title(toplevel, "touch-commit");
	xdg_toplevel_set_fullscreen(toplevel, NULL);
	wl_surface_commit(window);
	while (!configured)
		if (wl_display_dispatch(display) < 0)
			return 1;
	commit_for_placement();
	if (!buffer) {
		fprintf(stderr, "touch-commit: cannot make a wl_shm buffer\n");
		return 1;
	}
	while (!ready)
		if (wl_display_dispatch(display) < 0) {
			fprintf(stderr, "touch-commit: lost the compositor\n");
			return 1;
		}

	/* Events until SECONDS have passed: waiting for them no longer than that (an idle compositor sends none). */
	double end = floor_seconds(CLOCK_MONOTONIC) + run, remaining;
	while ((remaining = end - floor_seconds(CLOCK_MONOTONIC)) > 0) {
		while (wl_display_prepare_read(display) != 0)
			wl_display_dispatch_pending(display);
		wl_display_flush(display);
		struct pollfd fd = { wl_display_get_fd(display), POLLIN, 0 };
		int ready = poll(&fd, 1, (int)(remaining * 1000) + 1);
		if (ready > 0) {
			if (wl_display_read_events(display) < 0) {
				fprintf(stderr, "touch-commit: lost the compositor\n");
				return 1;
			}
		} else {
			wl_display_cancel_read(display);
		}
		if (wl_display_dispatch_pending(display) < 0) {
			fprintf(stderr, "touch-commit: lost the compositor\n");
			return 1;
		}
	}
	if (latency_count == 0) {
		fprintf(stderr, "touch-commit: no touch sample presented in %.1f s\n", run);
		return 1;
	}
	qsort(latencies, latency_count, sizeof latencies[0], by_value);
	printf("touch-commit: %d samples, touch → present p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", latency_count,
	       quantile(0.5), quantile(0.99), latencies[latency_count - 1]);
	return 0;
}
