/* The compositor's floor for a frame that only moves a layer (docs/benchmarks/scenes.md): a window drawn once
 * (wl_shm) with a 640x360 subsurface drawn once; each frame moves the subsurface (wl_subsurface.set_position) and
 * commits the window with a frame callback and presentation feedback, nothing drawn. What Momentum's panel does
 * while it slides, written as plainly as C allows.
 * Usage: subsurface-move WIDTH HEIGHT SECONDS  (under a Wayland compositor; after a 1 s warm-up, prints the frames
 * presented in SECONDS, the process's CPU per presented frame and its wake-ups (voluntary context switches: each
 * sleep in poll that an event or a timeout ended) per presented frame). */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <wayland-client.h>
#include "floor-client.h"
#include "presentation-time-client-protocol.h"

static struct wl_compositor *compositor;
static struct wl_subcompositor *subcompositor;
static struct wl_shm *shm;
static struct xdg_wm_base *wm_base;
static struct wp_presentation *presentation;
static int configured, callback_due, presented;

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	(void)data; (void)version;
	if (!strcmp(interface, "wl_compositor"))
		compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	else if (!strcmp(interface, "wl_subcompositor"))
		subcompositor = wl_registry_bind(registry, name, &wl_subcompositor_interface, 1);
	else if (!strcmp(interface, "wl_shm"))
		shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
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

static void surface_configure(void *data, struct xdg_surface *surface, uint32_t serial)
{
	(void)data;
	xdg_surface_ack_configure(surface, serial);
	configured = 1;
}

static const struct xdg_surface_listener surface_listener = { surface_configure };

static void frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	(void)data; (void)time;
	wl_callback_destroy(callback);
	callback_due = 1;
}

static const struct wl_callback_listener frame_listener = { frame_done };

static void sync_output(void *data, struct wp_presentation_feedback *feedback, struct wl_output *output)
{
	(void)data; (void)feedback; (void)output;
}

static void feedback_presented(void *data, struct wp_presentation_feedback *feedback, uint32_t tv_sec_hi,
			       uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo,
			       uint32_t flags)
{
	(void)data; (void)tv_sec_hi; (void)tv_sec_lo; (void)tv_nsec; (void)refresh; (void)seq_hi; (void)seq_lo;
	(void)flags;
	wp_presentation_feedback_destroy(feedback);
	presented++;
}

static void feedback_discarded(void *data, struct wp_presentation_feedback *feedback)
{
	(void)data;
	wp_presentation_feedback_destroy(feedback);
}

static const struct wp_presentation_feedback_listener feedback_listener = { sync_output, feedback_presented,
									     feedback_discarded };

int main(int argc, char **argv)
{
	if (argc != 4) {
		fprintf(stderr, "usage: subsurface-move WIDTH HEIGHT SECONDS\n");
		return 2;
	}
	int width = atoi(argv[1]), height = atoi(argv[2]);
	double seconds = atof(argv[3]);
	if (width < 700 || height < 400 || !(seconds > 0)) {
		fprintf(stderr, "subsurface-move: WIDTH must be at least 700, HEIGHT at least 400, SECONDS more than 0\n");
		return 2;
	}
	struct wl_display *display = wl_display_connect(NULL);
	if (!display) {
		fprintf(stderr, "subsurface-move: no Wayland compositor (WAYLAND_DISPLAY)\n");
		return 1;
	}
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	wl_display_roundtrip(display);
	if (!compositor || !subcompositor || !shm || !wm_base || !presentation) {
		fprintf(stderr, "subsurface-move: the compositor lacks wl_subcompositor, wl_shm, xdg_wm_base or wp_presentation\n");
		return 1;
	}
	xdg_wm_base_add_listener(wm_base, &floor_wm_base_listener, NULL);
	struct wl_surface *window = wl_compositor_create_surface(compositor);
	struct xdg_surface *xdg = xdg_wm_base_get_xdg_surface(wm_base, window);
	xdg_surface_add_listener(xdg, &surface_listener, NULL);
	struct xdg_toplevel *toplevel = xdg_surface_get_toplevel(xdg);
	xdg_toplevel_set_title(toplevel, "subsurface-move");
	wl_surface_commit(window);
	while (!configured)
		if (wl_display_dispatch(display) < 0)
			return 1;

	struct wl_surface *layer = wl_compositor_create_surface(compositor);
	struct wl_subsurface *sub = wl_subcompositor_get_subsurface(subcompositor, layer, window);
	struct wl_buffer *window_buffer = floor_solid_buffer(shm, width, height, 0xff1b2a49);
	struct wl_buffer *layer_buffer = floor_solid_buffer(shm, 640, 360, 0xff4a2f5e);
	if (!window_buffer || !layer_buffer) {
		fprintf(stderr, "subsurface-move: cannot make a wl_shm buffer\n");
		return 1;
	}
	wl_surface_attach(layer, layer_buffer, 0, 0);
	wl_surface_damage_buffer(layer, 0, 0, 640, 360);
	wl_surface_commit(layer);
	wl_surface_attach(window, window_buffer, 0, 0);
	wl_surface_damage_buffer(window, 0, 0, width, height);
	callback_due = 1;

	double start = floor_seconds(CLOCK_MONOTONIC), from = start + 1, to = from + seconds;
	double cpu_from = 0, wall_from = 0;
	int presented_from = 0, measuring = 0;
	long sleeps_from = 0;
	struct rusage usage;
	while (1) {
		double t = floor_seconds(CLOCK_MONOTONIC);
		if (!measuring && t >= from) {
			measuring = 1;
			cpu_from = floor_seconds(CLOCK_PROCESS_CPUTIME_ID);
			wall_from = t;
			presented_from = presented;
			getrusage(RUSAGE_SELF, &usage);
			sleeps_from = usage.ru_nvcsw;
		}
		if (t >= to)
			break;
		if (callback_due) {
			/* Only the layer moves: a new position, and the window committed with nothing drawn. */
			callback_due = 0;
			wl_subsurface_set_position(sub, (int)((width - 640) / 2 * (1 + sin(t * 2))), (height - 360) / 2);
			struct wl_callback *callback = wl_surface_frame(window);
			wl_callback_add_listener(callback, &frame_listener, NULL);
			struct wp_presentation_feedback *feedback = wp_presentation_feedback(presentation, window);
			wp_presentation_feedback_add_listener(feedback, &feedback_listener, NULL);
			wl_surface_commit(window);
		}
		if (wl_display_dispatch(display) < 0) {
			fprintf(stderr, "subsurface-move: lost the compositor\n");
			return 1;
		}
	}
	double cpu = floor_seconds(CLOCK_PROCESS_CPUTIME_ID) - cpu_from, wall = floor_seconds(CLOCK_MONOTONIC) - wall_from;
	getrusage(RUSAGE_SELF, &usage);
	long sleeps = usage.ru_nvcsw - sleeps_from;
	int frames = presented - presented_from;
	if (frames < 1) {
		fprintf(stderr, "subsurface-move: no frame presented in %.1f s\n", wall);
		return 1;
	}
	printf("subsurface-move %dx%d: %d frames presented in %.2f s (%.1f fps), client CPU %.4f ms per presented frame, "
	       "%.2f wake-ups per presented frame\n", width, height, frames, wall, frames / wall, cpu / frames * 1000,
	       (double)sleeps / frames);
	return 0;
}
