/*
 * momentum-touch: a weston 10 module that adds a seat with a touch device, a
 * pointer and a keyboard, and replays timed input scripts received on a Unix
 * control socket.
 *
 * See harness/README.md for the control protocol and the script format.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>
#include <fcntl.h>
#include <linux/input-event-codes.h>

#include <wayland-server.h>
#include <libweston/libweston.h>

/* backend.h is not installed with libweston-10-dev: these are the
 * weston 10.0.1 prototypes of the exported backend input API. */
void weston_seat_init(struct weston_seat *seat, struct weston_compositor *ec,
		      const char *seat_name);
int weston_seat_init_touch(struct weston_seat *seat);
void weston_seat_release_touch(struct weston_seat *seat);
void weston_seat_release_pointer(struct weston_seat *seat);
void weston_seat_release_keyboard(struct weston_seat *seat);
void weston_seat_release(struct weston_seat *seat);
struct weston_touch_device *
weston_touch_create_touch_device(struct weston_touch *touch, const char *syspath,
				 void *backend_data,
				 const struct weston_touch_device_ops *ops);
void weston_touch_device_destroy(struct weston_touch_device *device);
void notify_touch_normalized(struct weston_touch_device *device,
			     const struct timespec *time, int touch_id,
			     double x, double y,
			     const struct weston_point2d_device_normalized *norm,
			     int touch_type);
void notify_touch_frame(struct weston_touch_device *device);
void notify_touch_cancel(struct weston_touch_device *device);
struct xkb_keymap;
int weston_seat_init_pointer(struct weston_seat *seat);
int weston_seat_init_keyboard(struct weston_seat *seat, struct xkb_keymap *keymap);
void notify_motion_absolute(struct weston_seat *seat, const struct timespec *time,
			    double x, double y);
void notify_button(struct weston_seat *seat, const struct timespec *time,
		   int32_t button, enum wl_pointer_button_state state);
void notify_axis(struct weston_seat *seat, const struct timespec *time,
		 struct weston_pointer_axis_event *event);
void notify_pointer_frame(struct weston_seat *seat);
void notify_axis_source(struct weston_seat *seat, uint32_t source);
void notify_key(struct weston_seat *seat, const struct timespec *time, uint32_t key,
		enum wl_keyboard_key_state state,
		enum weston_key_state_update update_state);

int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[]);

#define MT_MAX_IDS 64
#define MT_MAX_KEYS 256   /* evdev codes of the named keys are all below this */
#define MT_BUTTONS 3
#define MT_MAX_SCRIPT_BYTES (4 * 1024 * 1024)
#define MT_SAMPLE_MS (1000.0 / 120.0)
#define MT_SCRIPT_OPTION "--momentum-touch-script="

enum mt_kind {
	MT_DOWN, MT_MOTION, MT_UP, MT_FRAME, MT_CANCEL,          /* touch */
	MT_PTR_MOTION, MT_PTR_BUTTON, MT_PTR_AXIS, MT_PTR_FRAME, /* pointer */
	MT_KEY,                                                  /* keyboard */
	MT_UNPLUG, MT_PLUG,                                      /* a device (id: mt_devices) */
};

/* Devices `unplug` and `plug` take away and give back, by index (the event's id). */
#define MT_DEVICES 3
static const char *const mt_devices[MT_DEVICES] = { "touch", "pointer", "keyboard" };

/* Pointer buttons by index (the event's id) and their evdev codes. */
static const struct { const char *name; uint32_t code; } mt_buttons[MT_BUTTONS] = {
	{ "left", BTN_LEFT }, { "right", BTN_RIGHT }, { "middle", BTN_MIDDLE },
};

/* Key names accepted by `key` and `type`, with their evdev codes. */
static const struct { const char *name; uint32_t code; } mt_keys[] = {
	{ "esc", KEY_ESC }, { "tab", KEY_TAB }, { "space", KEY_SPACE },
	{ "enter", KEY_ENTER }, { "backspace", KEY_BACKSPACE },
	{ "0", KEY_0 }, { "1", KEY_1 }, { "2", KEY_2 }, { "3", KEY_3 }, { "4", KEY_4 },
	{ "5", KEY_5 }, { "6", KEY_6 }, { "7", KEY_7 }, { "8", KEY_8 }, { "9", KEY_9 },
	{ "a", KEY_A }, { "b", KEY_B }, { "c", KEY_C }, { "d", KEY_D }, { "e", KEY_E },
	{ "f", KEY_F }, { "g", KEY_G }, { "h", KEY_H }, { "i", KEY_I }, { "j", KEY_J },
	{ "k", KEY_K }, { "l", KEY_L }, { "m", KEY_M }, { "n", KEY_N }, { "o", KEY_O },
	{ "p", KEY_P }, { "q", KEY_Q }, { "r", KEY_R }, { "s", KEY_S }, { "t", KEY_T },
	{ "u", KEY_U }, { "v", KEY_V }, { "w", KEY_W }, { "x", KEY_X }, { "y", KEY_Y },
	{ "z", KEY_Z },
};
#define MT_KEY_NAMES "esc, tab, space, enter, backspace, 0-9, a-z"

struct mt_event {
	int64_t t_ns;     /* since script start */
	enum mt_kind kind;
	int id;           /* touch id, button index or evdev key code */
	bool pressed;     /* MT_PTR_BUTTON, MT_KEY */
	double x, y;      /* MT_PTR_AXIS: horizontal, vertical scroll */
	/* MT_PTR_AXIS: id is the axis source (-1: none sent; WL_POINTER_AXIS_SOURCE_WHEEL: x, y are notches, sent
	 * as axis_discrete and 10 px each, as weston's libinput backend does; _FINGER with x = y = 0: axis_stop). */
	int line;         /* source line, for validation errors */
	size_t seq;       /* insertion order, for a stable sort */
};

struct mt_script {
	struct mt_event *ev;
	size_t n, cap;
};

/* Touch points, pointer buttons and keys as seen by the compositor (live) or
 * by the validator. */
struct mt_points {
	bool down[MT_MAX_IDS];
	double x[MT_MAX_IDS], y[MT_MAX_IDS];
	bool known[MT_MAX_IDS];   /* position known (for moveto) */
	bool button[MT_BUTTONS];
	bool key[MT_MAX_KEYS];
	bool unplugged[MT_DEVICES];
};

struct mt_module;

struct mt_conn {
	struct wl_list link;
	struct mt_module *m;
	int fd;
	struct wl_event_source *source;
	char *buf;          /* partial input */
	size_t len, cap;
	char *script;       /* lines collected before `end` */
	size_t slen, scap;
	int first_line_overflow; /* script too large: report at `end` */
};

struct mt_module {
	struct weston_compositor *compositor;
	struct weston_seat seat;
	struct weston_touch_device *device;
	struct mt_points live;

	char sock_path[sizeof(((struct sockaddr_un *)0)->sun_path)];
	int listen_fd;
	struct wl_event_source *listen_source;
	struct wl_list conns;

	struct wl_event_source *timer;
	struct mt_script playing;
	size_t next;
	bool active;
	struct timespec start;
	struct mt_conn *owner;   /* receives `done`; NULL if gone or startup */
	struct mt_script last;   /* the last script played to its end, for `record` */
	struct timespec last_start;

	struct mt_script startup;
	bool has_startup;
	struct wl_event_source *startup_idle;

	struct wl_listener destroy_listener;
};

/* ---------------------------------------------------------------- */
/* Script parsing                                                    */
/* ---------------------------------------------------------------- */

struct mt_parse {
	const char *name;
	char *err;       /* malloc'd "name:line: message" */
	struct mt_script out;
	struct mt_points pos;    /* last positions by file order (moveto) */
	double last_t;
	int line;
};

static void
mt_fail(struct mt_parse *p, int line, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	if (p->err)
		return;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (asprintf(&p->err, "%s:%d: %s", p->name, line, msg) < 0)
		p->err = NULL;
}

static bool
mt_push(struct mt_parse *p, double t_ms, enum mt_kind kind, int id,
	double x, double y)
{
	struct mt_script *s = &p->out;
	struct mt_event *e;

	if (s->n == s->cap) {
		size_t cap = s->cap ? s->cap * 2 : 64;
		struct mt_event *nev = realloc(s->ev, cap * sizeof *nev);
		if (!nev) {
			mt_fail(p, p->line, "out of memory");
			return false;
		}
		s->ev = nev;
		s->cap = cap;
	}
	e = &s->ev[s->n];
	e->t_ns = (int64_t)llround(t_ms * 1e6);
	e->kind = kind;
	e->id = id;
	e->pressed = false;
	e->x = x;
	e->y = y;
	e->line = p->line;
	e->seq = s->n;
	s->n++;
	return true;
}

static void
mt_script_free(struct mt_script *s)
{
	free(s->ev);
	s->ev = NULL;
	s->n = s->cap = 0;
}

static bool
mt_parse_number(const char *tok, double *out)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(tok, &end);
	if (end == tok || *end != '\0' || errno != 0 || !isfinite(v))
		return false;
	*out = v;
	return true;
}

/* Samples for a straight constant-speed move: N evenly spaced samples at
 * about 120 Hz, the last exactly at the end point, each with a frame. */
static void
mt_gen_move(struct mt_parse *p, double t0, int id, double x0, double y0,
	    double x1, double y1, double dur)
{
	enum mt_kind motion = id < 0 ? MT_PTR_MOTION : MT_MOTION;
	enum mt_kind frame = id < 0 ? MT_PTR_FRAME : MT_FRAME;
	int n = (int)lround(dur / MT_SAMPLE_MS);
	int k;

	if (n < 1)
		n = 1;
	for (k = 1; k <= n; k++) {
		double f = (double)k / n;
		double x = k == n ? x1 : x0 + (x1 - x0) * f;
		double y = k == n ? y1 : y0 + (y1 - y0) * f;
		mt_push(p, t0 + dur * f, motion, id, x, y);
		mt_push(p, t0 + dur * f, frame, -1, 0, 0);
	}
}

static void
mt_set_pos(struct mt_parse *p, int id, double x, double y)
{
	p->pos.known[id] = true;
	p->pos.x[id] = x;
	p->pos.y[id] = y;
}

struct mt_cmd {
	const char *name;
	int names;               /* words (button/key names) right after the command */
	int min_nums, max_nums;  /* numbers after those, incl. a touch id */
	bool touch_id;           /* the first number is a touch id */
	const char *usage;
};

static const struct mt_cmd mt_cmds[] = {
	{ "down", 0, 3, 3, true, "<t> down <id> <x> <y>" },
	{ "motion", 0, 3, 3, true, "<t> motion <id> <x> <y>" },
	{ "up", 0, 1, 1, true, "<t> up <id>" },
	{ "frame", 0, 0, 0, false, "<t> frame" },
	{ "cancel", 0, 0, 0, false, "<t> cancel" },
	{ "tap", 0, 3, 4, true, "<t> tap <id> <x> <y> [hold_ms]" },
	{ "drag", 0, 6, 7, true, "<t> drag <id> <x0> <y0> <x1> <y1> <duration_ms> [hold_ms]" },
	{ "flick", 0, 6, 6, true, "<t> flick <id> <x0> <y0> <x1> <y1> <duration_ms>" },
	{ "press", 0, 3, 3, true, "<t> press <id> <x> <y>" },
	{ "moveto", 0, 4, 4, true, "<t> moveto <id> <x> <y> <duration_ms>" },
	{ "release", 0, 1, 1, true, "<t> release <id>" },
	{ "pointer", 0, 2, 2, false, "<t> pointer <x> <y>" },
	{ "button", 2, 0, 0, false, "<t> button <left|right|middle> <down|up>" },
	{ "scroll", 0, 2, 2, false, "<t> scroll <dx> <dy>" },
	{ "wheel", 0, 2, 2, false, "<t> wheel <dx_notches> <dy_notches>" },
	{ "padscroll", 0, 2, 2, false, "<t> padscroll <dx> <dy>" },
	{ "padstop", 0, 0, 0, false, "<t> padstop" },
	{ "key", 2, 0, 0, false, "<t> key <name> <down|up>" },
	{ "click", 0, 2, 3, false, "<t> click <x> <y> [hold_ms]" },
	{ "mousedrag", 0, 5, 6, false,
	  "<t> mousedrag <x0> <y0> <x1> <y1> <duration_ms> [hold_ms]" },
	{ "type", 1, 0, 1, false, "<t> type <name> [hold_ms]" },
	{ "unplug", 1, 0, 0, false, "<t> unplug <touch|pointer|keyboard>" },
	{ "plug", 1, 0, 0, false, "<t> plug <touch|pointer|keyboard>" },
};

static int
mt_button_index(const char *name)
{
	for (int i = 0; i < MT_BUTTONS; i++)
		if (!strcmp(name, mt_buttons[i].name))
			return i;
	return -1;
}

static int
mt_key_code(const char *name)
{
	for (size_t i = 0; i < sizeof mt_keys / sizeof mt_keys[0]; i++)
		if (!strcmp(name, mt_keys[i].name))
			return (int)mt_keys[i].code;
	return -1;
}

static const char *
mt_key_name(int code)
{
	for (size_t i = 0; i < sizeof mt_keys / sizeof mt_keys[0]; i++)
		if ((int)mt_keys[i].code == code)
			return mt_keys[i].name;
	return "?";
}

static void
mt_push_button(struct mt_parse *p, double t, int index, bool pressed)
{
	if (mt_push(p, t, MT_PTR_BUTTON, index, 0, 0))
		p->out.ev[p->out.n - 1].pressed = pressed;
	mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
}

static void
mt_push_key(struct mt_parse *p, double t, int code, bool pressed)
{
	if (mt_push(p, t, MT_KEY, code, 0, 0))
		p->out.ev[p->out.n - 1].pressed = pressed;
}

/* `down` / `up` as the state word of `button` and `key`. */
static bool
mt_parse_state(struct mt_parse *p, const struct mt_cmd *cmd, const char *tok,
	       bool *pressed)
{
	if (!strcmp(tok, "down"))
		*pressed = true;
	else if (!strcmp(tok, "up"))
		*pressed = false;
	else {
		mt_fail(p, p->line, "'%s' expected down or up, got '%s' (usage: %s)",
			cmd->name, tok, cmd->usage);
		return false;
	}
	return true;
}

/* The pointer and keyboard commands; v[] holds the numbers after the names. */
static void
mt_parse_device_line(struct mt_parse *p, const struct mt_cmd *cmd, double t,
		     char **names, const double *v, int nnum)
{
	bool pressed = false;
	int code;

	if (!strcmp(cmd->name, "unplug") || !strcmp(cmd->name, "plug")) {
		int device = -1;
		for (int i = 0; i < MT_DEVICES; i++)
			if (!strcmp(names[0], mt_devices[i]))
				device = i;
		if (device < 0) {
			mt_fail(p, p->line, "unknown device '%s' (usage: %s)", names[0], cmd->usage);
			return;
		}
		mt_push(p, t, !strcmp(cmd->name, "plug") ? MT_PLUG : MT_UNPLUG, device, 0, 0);
	} else if (!strcmp(cmd->name, "pointer")) {
		mt_push(p, t, MT_PTR_MOTION, -1, v[0], v[1]);
		mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
	} else if (!strcmp(cmd->name, "button")) {
		int index = mt_button_index(names[0]);
		if (index < 0) {
			mt_fail(p, p->line, "unknown button '%s' (left, right, middle)",
				names[0]);
			return;
		}
		if (!mt_parse_state(p, cmd, names[1], &pressed))
			return;
		mt_push_button(p, t, index, pressed);
	} else if (!strcmp(cmd->name, "scroll")) {
		mt_push(p, t, MT_PTR_AXIS, -1, v[0], v[1]);
		mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
	} else if (!strcmp(cmd->name, "wheel")) {
		mt_push(p, t, MT_PTR_AXIS, WL_POINTER_AXIS_SOURCE_WHEEL, v[0], v[1]);
		mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
	} else if (!strcmp(cmd->name, "padscroll")) {
		mt_push(p, t, MT_PTR_AXIS, WL_POINTER_AXIS_SOURCE_FINGER, v[0], v[1]);
		mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
	} else if (!strcmp(cmd->name, "padstop")) {
		mt_push(p, t, MT_PTR_AXIS, WL_POINTER_AXIS_SOURCE_FINGER, 0, 0);
		mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
	} else if (!strcmp(cmd->name, "key") || !strcmp(cmd->name, "type")) {
		double hold = nnum > 0 ? v[0] : 30.0;
		code = mt_key_code(names[0]);
		if (code < 0) {
			mt_fail(p, p->line, "unknown key '%s' (" MT_KEY_NAMES ")", names[0]);
			return;
		}
		if (!strcmp(cmd->name, "key")) {
			if (mt_parse_state(p, cmd, names[1], &pressed))
				mt_push_key(p, t, code, pressed);
			return;
		}
		if (hold < 0) {
			mt_fail(p, p->line, "'type' hold_ms must be >= 0, got %g", hold);
			return;
		}
		mt_push_key(p, t, code, true);
		mt_push_key(p, t + hold, code, false);
	} else if (!strcmp(cmd->name, "click")) {
		double hold = nnum > 2 ? v[2] : 60.0;
		if (hold < 0) {
			mt_fail(p, p->line, "'click' hold_ms must be >= 0, got %g", hold);
			return;
		}
		mt_push(p, t, MT_PTR_MOTION, -1, v[0], v[1]);
		mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
		mt_push_button(p, t, 0, true);
		mt_push_button(p, t + hold, 0, false);
	} else if (!strcmp(cmd->name, "mousedrag")) {
		double dur = v[4];
		double hold = nnum > 5 ? v[5] : 0.0;
		if (dur <= 0) {
			mt_fail(p, p->line, "'mousedrag' duration_ms must be > 0, got %g", dur);
			return;
		}
		if (hold < 0) {
			mt_fail(p, p->line, "'mousedrag' hold_ms must be >= 0, got %g", hold);
			return;
		}
		mt_push(p, t, MT_PTR_MOTION, -1, v[0], v[1]);
		mt_push(p, t, MT_PTR_FRAME, -1, 0, 0);
		mt_push_button(p, t, 0, true);
		mt_gen_move(p, t, -1, v[0], v[1], v[2], v[3], dur);
		mt_push_button(p, t + dur + hold, 0, false);
	}
}

static void
mt_parse_line(struct mt_parse *p, char *line)
{
	char *tok[12];
	int ntok = 0;
	char *save = NULL, *w;
	double t, v[8];
	const struct mt_cmd *cmd = NULL;
	int nnum, i, id = -1;
	char *hash = strchr(line, '#');

	if (hash)
		*hash = '\0';
	for (w = strtok_r(line, " \t\r", &save); w; w = strtok_r(NULL, " \t\r", &save)) {
		if (ntok == (int)(sizeof tok / sizeof tok[0])) {
			mt_fail(p, p->line, "too many fields");
			return;
		}
		tok[ntok++] = w;
	}
	if (ntok == 0)
		return;
	if (strcmp(tok[0], "play") == 0) {
		mt_fail(p, p->line, "'play' must be the only command of a script");
		return;
	}
	if (!mt_parse_number(tok[0], &t)) {
		mt_fail(p, p->line, "expected a time in ms, got '%s'", tok[0]);
		return;
	}
	if (t < 0) {
		mt_fail(p, p->line, "negative time (%g)", t);
		return;
	}
	if (t < p->last_t) {
		mt_fail(p, p->line, "time goes backwards (%g < %g)", t, p->last_t);
		return;
	}
	p->last_t = t;
	if (ntok < 2) {
		mt_fail(p, p->line, "missing command after time %g", t);
		return;
	}
	for (i = 0; i < (int)(sizeof mt_cmds / sizeof mt_cmds[0]); i++)
		if (strcmp(tok[1], mt_cmds[i].name) == 0)
			cmd = &mt_cmds[i];
	if (!cmd) {
		mt_fail(p, p->line, "unknown command '%s'", tok[1]);
		return;
	}
	nnum = ntok - 2 - cmd->names;
	if (cmd->names > 0 && (nnum < cmd->min_nums || nnum > cmd->max_nums)) {
		int nargs = ntok - 2, lo = cmd->names + cmd->min_nums,
		    hi = cmd->names + cmd->max_nums;
		if (lo == hi)
			mt_fail(p, p->line, "'%s' expected %d arguments, got %d (usage: %s)",
				cmd->name, lo, nargs, cmd->usage);
		else
			mt_fail(p, p->line, "'%s' expected %d to %d arguments, got %d (usage: %s)",
				cmd->name, lo, hi, nargs, cmd->usage);
		return;
	}
	if (nnum < cmd->min_nums || nnum > cmd->max_nums) {
		if (cmd->min_nums == cmd->max_nums)
			mt_fail(p, p->line, "'%s' expected %d numbers, got %d (usage: %s)",
				cmd->name, cmd->min_nums, nnum, cmd->usage);
		else
			mt_fail(p, p->line, "'%s' expected %d to %d numbers, got %d (usage: %s)",
				cmd->name, cmd->min_nums, cmd->max_nums, nnum, cmd->usage);
		return;
	}
	for (i = 0; i < nnum; i++) {
		if (!mt_parse_number(tok[i + 2 + cmd->names], &v[i])) {
			mt_fail(p, p->line, "'%s' expected a number, got '%s' (usage: %s)",
				cmd->name, tok[i + 2 + cmd->names], cmd->usage);
			return;
		}
	}
	if (!cmd->touch_id) {
		if (strcmp(cmd->name, "frame") && strcmp(cmd->name, "cancel")) {
			mt_parse_device_line(p, cmd, t, &tok[2], v, nnum);
			return;
		}
	} else {
		if (v[0] != floor(v[0]) || v[0] < 0 || v[0] >= MT_MAX_IDS) {
			mt_fail(p, p->line, "touch id must be an integer 0..%d, got '%s'",
				MT_MAX_IDS - 1, tok[2]);
			return;
		}
		id = (int)v[0];
	}

	if (!strcmp(cmd->name, "down") || !strcmp(cmd->name, "press")) {
		mt_push(p, t, MT_DOWN, id, v[1], v[2]);
		if (!strcmp(cmd->name, "press"))
			mt_push(p, t, MT_FRAME, -1, 0, 0);
		mt_set_pos(p, id, v[1], v[2]);
	} else if (!strcmp(cmd->name, "motion")) {
		mt_push(p, t, MT_MOTION, id, v[1], v[2]);
		mt_set_pos(p, id, v[1], v[2]);
	} else if (!strcmp(cmd->name, "up") || !strcmp(cmd->name, "release")) {
		mt_push(p, t, MT_UP, id, 0, 0);
		if (!strcmp(cmd->name, "release"))
			mt_push(p, t, MT_FRAME, -1, 0, 0);
	} else if (!strcmp(cmd->name, "frame")) {
		mt_push(p, t, MT_FRAME, -1, 0, 0);
	} else if (!strcmp(cmd->name, "cancel")) {
		mt_push(p, t, MT_CANCEL, -1, 0, 0);
	} else if (!strcmp(cmd->name, "tap")) {
		double hold = nnum > 3 ? v[3] : 60.0;
		if (hold < 0) {
			mt_fail(p, p->line, "'tap' hold_ms must be >= 0, got %g", hold);
			return;
		}
		mt_push(p, t, MT_DOWN, id, v[1], v[2]);
		mt_push(p, t, MT_FRAME, -1, 0, 0);
		mt_push(p, t + hold, MT_UP, id, 0, 0);
		mt_push(p, t + hold, MT_FRAME, -1, 0, 0);
		mt_set_pos(p, id, v[1], v[2]);
	} else if (!strcmp(cmd->name, "drag") || !strcmp(cmd->name, "flick")) {
		double dur = v[5];
		double hold = nnum > 6 ? v[6] : 0.0;
		if (dur <= 0) {
			mt_fail(p, p->line, "'%s' duration_ms must be > 0, got %g",
				cmd->name, dur);
			return;
		}
		if (hold < 0) {
			mt_fail(p, p->line, "'drag' hold_ms must be >= 0, got %g", hold);
			return;
		}
		mt_push(p, t, MT_DOWN, id, v[1], v[2]);
		mt_push(p, t, MT_FRAME, -1, 0, 0);
		mt_gen_move(p, t, id, v[1], v[2], v[3], v[4], dur);
		mt_push(p, t + dur + hold, MT_UP, id, 0, 0);
		mt_push(p, t + dur + hold, MT_FRAME, -1, 0, 0);
		mt_set_pos(p, id, v[3], v[4]);
	} else if (!strcmp(cmd->name, "moveto")) {
		double dur = v[3];
		if (dur < 0) {
			mt_fail(p, p->line, "'moveto' duration_ms must be >= 0, got %g", dur);
			return;
		}
		if (!p->pos.known[id]) {
			mt_fail(p, p->line, "touch id %d has no position to move from "
				"(press it first)", id);
			return;
		}
		mt_gen_move(p, t, id, p->pos.x[id], p->pos.y[id], v[1], v[2], dur);
		mt_set_pos(p, id, v[1], v[2]);
	}
}

static int
mt_event_cmp(const void *a, const void *b)
{
	const struct mt_event *ea = a, *eb = b;

	if (ea->t_ns != eb->t_ns)
		return ea->t_ns < eb->t_ns ? -1 : 1;
	return ea->seq < eb->seq ? -1 : (ea->seq > eb->seq ? 1 : 0);
}

/* Check, in time order, that every point is down before it moves or lifts,
 * and every button and key is pressed before it is released and not pressed
 * twice, starting from what is down right now. */
static void
mt_validate(struct mt_parse *p, const struct mt_points *live)
{
	bool down[MT_MAX_IDS], button[MT_BUTTONS], key[MT_MAX_KEYS], unplugged[MT_DEVICES];
	size_t i;

	memcpy(down, live->down, sizeof down);
	memcpy(button, live->button, sizeof button);
	memcpy(key, live->key, sizeof key);
	memcpy(unplugged, live->unplugged, sizeof unplugged);
	for (i = 0; i < p->out.n && !p->err; i++) {
		const struct mt_event *e = &p->out.ev[i];
		int device = e->kind <= MT_CANCEL ? 0 : e->kind <= MT_PTR_FRAME ? 1 : e->kind == MT_KEY ? 2 : -1;
		if (device >= 0 && unplugged[device]) {
			mt_fail(p, e->line, "the %s is unplugged", mt_devices[device]);
			break;
		}
		switch (e->kind) {
		case MT_UNPLUG:
		case MT_PLUG:
			if (unplugged[e->id] == (e->kind == MT_UNPLUG))
				mt_fail(p, e->line, "the %s is already %s", mt_devices[e->id],
					e->kind == MT_UNPLUG ? "unplugged" : "plugged in");
			unplugged[e->id] = e->kind == MT_UNPLUG;
			/* what was held on the device is gone with it */
			if (e->id == 0)
				memset(down, 0, sizeof down);
			else if (e->id == 1)
				memset(button, 0, sizeof button);
			else
				memset(key, 0, sizeof key);
			break;
		case MT_DOWN:
			if (down[e->id])
				mt_fail(p, e->line, "touch id %d is already down", e->id);
			down[e->id] = true;
			break;
		case MT_MOTION:
		case MT_UP:
			if (!down[e->id])
				mt_fail(p, e->line, "touch id %d is not down", e->id);
			if (e->kind == MT_UP)
				down[e->id] = false;
			break;
		case MT_CANCEL:
			memset(down, 0, sizeof down);
			break;
		case MT_PTR_BUTTON:
			if (button[e->id] == e->pressed)
				mt_fail(p, e->line, "button %s is %s down",
					mt_buttons[e->id].name, e->pressed ? "already" : "not");
			button[e->id] = e->pressed;
			break;
		case MT_KEY:
			if (key[e->id] == e->pressed)
				mt_fail(p, e->line, "key %s is %s down",
					mt_key_name(e->id), e->pressed ? "already" : "not");
			key[e->id] = e->pressed;
			break;
		case MT_FRAME:
		case MT_PTR_MOTION:
		case MT_PTR_AXIS:
		case MT_PTR_FRAME:
			break;
		}
	}
}

/* Parse script text. On failure returns false and sets *err (malloc'd). */
static bool
mt_parse_text(const char *name, const char *text, const struct mt_points *live,
	      struct mt_script *out, char **err)
{
	struct mt_parse p;
	char *copy = strdup(text ? text : "");
	char *line, *next;

	memset(&p, 0, sizeof p);
	p.name = name;
	p.last_t = 0;
	/* moveto can continue from a point held down by an earlier script */
	for (int i = 0; i < MT_MAX_IDS; i++) {
		if (live->down[i]) {
			p.pos.known[i] = true;
			p.pos.x[i] = live->x[i];
			p.pos.y[i] = live->y[i];
		}
	}
	if (!copy) {
		*err = strdup("out of memory");
		return false;
	}
	for (line = copy; line && !p.err; line = next) {
		next = strchr(line, '\n');
		if (next)
			*next++ = '\0';
		p.line++;
		mt_parse_line(&p, line);
	}
	free(copy);
	if (!p.err) {
		if (p.out.n > 1)
			qsort(p.out.ev, p.out.n, sizeof *p.out.ev, mt_event_cmp);
		mt_validate(&p, live);
	}
	if (p.err) {
		mt_script_free(&p.out);
		*err = p.err;
		return false;
	}
	*out = p.out;
	*err = NULL;
	return true;
}

static char *
mt_read_file(const char *path, char **err)
{
	FILE *f = fopen(path, "rb");
	char *buf = NULL;
	size_t len = 0, cap = 0, got;

	if (!f) {
		if (asprintf(err, "cannot read '%s': %s", path, strerror(errno)) < 0)
			*err = NULL;
		return NULL;
	}
	for (;;) {
		if (cap - len < 4096) {
			char *nb;
			cap = cap ? cap * 2 : 8192;
			if (cap > MT_MAX_SCRIPT_BYTES + 8192) {
				if (asprintf(err, "'%s' is larger than %d bytes", path,
					     MT_MAX_SCRIPT_BYTES) < 0)
					*err = NULL;
				free(buf);
				fclose(f);
				return NULL;
			}
			nb = realloc(buf, cap);
			if (!nb) {
				free(buf);
				fclose(f);
				*err = strdup("out of memory");
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len - 1, f);
		len += got;
		if (got == 0)
			break;
	}
	if (ferror(f)) {
		if (asprintf(err, "cannot read '%s': %s", path, strerror(errno)) < 0)
			*err = NULL;
		free(buf);
		fclose(f);
		return NULL;
	}
	fclose(f);
	buf[len] = '\0';
	return buf;
}

/* A submitted script: inline text, or a single `play /abs/path` line. */
static bool
mt_parse_submission(const char *text, const struct mt_points *live,
		    struct mt_script *out, char **err)
{
	const char *s = text;
	int line = 0, play_line = 0, commands = 0;
	char path[4096];
	bool has_play = false;

	path[0] = '\0';
	while (*s) {
		const char *e = strchr(s, '\n');
		size_t n = e ? (size_t)(e - s) : strlen(s);
		const char *a = s, *b;
		line++;
		while (a < s + n && (*a == ' ' || *a == '\t' || *a == '\r'))
			a++;
		b = s + n;
		while (b > a && (b[-1] == ' ' || b[-1] == '\t' || b[-1] == '\r'))
			b--;
		if (a < b && *a != '#') {
			commands++;
			if ((size_t)(b - a) >= 5 && strncmp(a, "play", 4) == 0 &&
			    (a[4] == ' ' || a[4] == '\t')) {
				const char *q = a + 5;
				while (q < b && (*q == ' ' || *q == '\t'))
					q++;
				has_play = true;
				play_line = line;
				if ((size_t)(b - q) >= sizeof path)
					b = q + sizeof path - 1;
				memcpy(path, q, (size_t)(b - q));
				path[b - q] = '\0';
			} else if ((size_t)(b - a) == 4 && strncmp(a, "play", 4) == 0) {
				has_play = true;
				play_line = line;
			}
		}
		s += n;
		if (*s == '\n')
			s++;
	}
	if (!has_play)
		return mt_parse_text("<control>", text, live, out, err);
	if (commands > 1) {
		if (asprintf(err, "<control>:%d: 'play' must be the only command of a script",
			     play_line) < 0)
			*err = NULL;
		return false;
	}
	if (path[0] != '/') {
		if (asprintf(err, "<control>:%d: 'play' needs an absolute file path%s%s%s",
			     play_line, path[0] ? ", got '" : "", path,
			     path[0] ? "'" : "") < 0)
			*err = NULL;
		return false;
	}
	{
		char *ferr = NULL;
		char *content = mt_read_file(path, &ferr);
		bool ok;
		if (!content) {
			if (asprintf(err, "<control>:%d: %s", play_line,
				     ferr ? ferr : "cannot read file") < 0)
				*err = NULL;
			free(ferr);
			return false;
		}
		ok = mt_parse_text(path, content, live, out, err);
		free(content);
		return ok;
	}
}

/* ---------------------------------------------------------------- */
/* Playback                                                          */
/* ---------------------------------------------------------------- */

static void
mt_conn_reply(struct mt_conn *c, const char *fmt, ...)
{
	char msg[1024];
	va_list ap;
	int n;
	size_t off = 0;

	va_start(ap, fmt);
	n = vsnprintf(msg, sizeof msg, fmt, ap);
	va_end(ap);
	if (n < 0)
		return;
	if ((size_t)n >= sizeof msg) {
		n = sizeof msg - 1;
		msg[n - 1] = '\n';
	}
	while (off < (size_t)n) {
		ssize_t w = send(c->fd, msg + off, (size_t)n - off, MSG_NOSIGNAL);
		if (w < 0) {
			if (errno == EINTR)
				continue;
			weston_log("momentum-touch: reply failed: %s\n", strerror(errno));
			return;
		}
		off += (size_t)w;
	}
}

static struct timespec
mt_add_ns(struct timespec t, int64_t ns)
{
	int64_t total = (int64_t)t.tv_nsec + ns % 1000000000LL;
	t.tv_sec += ns / 1000000000LL + total / 1000000000LL;
	t.tv_nsec = total % 1000000000LL;
	return t;
}

static int64_t
mt_elapsed_ns(const struct timespec *from)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)(now.tv_sec - from->tv_sec) * 1000000000LL +
	       (now.tv_nsec - from->tv_nsec);
}

/* Weston never sends wl_touch.cancel (its default grab ignores cancel), so
 * send it to the focused client ourselves, clear focus, and lift the points
 * inside weston so the next down starts a fresh touch sequence. */
static void
mt_cancel(struct mt_module *m, const struct timespec *time)
{
	struct weston_touch *touch = weston_seat_get_touch(&m->seat);
	struct wl_resource *res;
	int id;

	if (!touch)
		return;
	if (touch->focus) {
		wl_resource_for_each(res, &touch->focus_resource_list)
			wl_touch_send_cancel(res);
	}
	/* lets a non-default grab (e.g. a shell move) end itself */
	notify_touch_cancel(m->device);
	weston_touch_set_focus(touch, NULL);
	for (id = 0; id < MT_MAX_IDS; id++) {
		if (!m->live.down[id])
			continue;
		notify_touch_normalized(m->device, time, id, 0, 0, NULL, WL_TOUCH_UP);
		m->live.down[id] = false;
	}
}

/* Makes every protocol object on `list` inert: it stays alive until its client
 * releases it, but no event reaches it any more. wlroots, mutter and KWin do
 * this to a device's objects when the seat loses the capability; weston 10
 * keeps feeding them, which would hide a client that never binds new ones. */
static void
mt_detach_resources(struct wl_list *list)
{
	struct wl_resource *res, *tmp;

	wl_resource_for_each_safe(res, tmp, list) {
		wl_list_remove(wl_resource_get_link(res));
		wl_list_init(wl_resource_get_link(res));
	}
}

/* Takes a device away (the seat's capability goes; its objects go inert) or
 * gives it back (the capability returns: clients bind new objects). */
static void
mt_plug(struct mt_module *m, int device, bool plug)
{
	struct weston_seat *seat = &m->seat;

	m->live.unplugged[device] = !plug;
	if (device == 0) {
		struct weston_touch *touch = seat->touch_state;
		if (plug) {
			weston_seat_init_touch(seat);
			return;
		}
		weston_seat_release_touch(seat);
		if (touch) {
			mt_detach_resources(&touch->focus_resource_list);
			mt_detach_resources(&touch->resource_list);
		}
		memset(m->live.down, 0, sizeof m->live.down);
	} else if (device == 1) {
		struct weston_pointer *pointer = seat->pointer_state;
		struct weston_pointer_client *client;
		if (plug) {
			weston_seat_init_pointer(seat);
			return;
		}
		weston_seat_release_pointer(seat);
		if (pointer)
			wl_list_for_each(client, &pointer->pointer_clients, link)
				mt_detach_resources(&client->pointer_resources);
		memset(m->live.button, 0, sizeof m->live.button);
	} else {
		struct weston_keyboard *keyboard = seat->keyboard_state;
		if (plug) {
			weston_seat_init_keyboard(seat, NULL);
			return;
		}
		weston_seat_release_keyboard(seat);
		if (keyboard) {
			mt_detach_resources(&keyboard->focus_resource_list);
			mt_detach_resources(&keyboard->resource_list);
		}
		memset(m->live.key, 0, sizeof m->live.key);
	}
}

static void
mt_emit(struct mt_module *m, const struct mt_event *e, const struct timespec *time)
{
	switch (e->kind) {
	case MT_UNPLUG:
	case MT_PLUG:
		mt_plug(m, e->id, e->kind == MT_PLUG);
		break;
	case MT_DOWN:
		m->live.down[e->id] = true;
		m->live.x[e->id] = e->x;
		m->live.y[e->id] = e->y;
		notify_touch_normalized(m->device, time, e->id, e->x, e->y, NULL,
					WL_TOUCH_DOWN);
		break;
	case MT_MOTION:
		m->live.x[e->id] = e->x;
		m->live.y[e->id] = e->y;
		notify_touch_normalized(m->device, time, e->id, e->x, e->y, NULL,
					WL_TOUCH_MOTION);
		break;
	case MT_UP:
		m->live.down[e->id] = false;
		notify_touch_normalized(m->device, time, e->id, 0, 0, NULL,
					WL_TOUCH_UP);
		break;
	case MT_FRAME:
		notify_touch_frame(m->device);
		break;
	case MT_CANCEL:
		mt_cancel(m, time);
		break;
	case MT_PTR_MOTION:
		notify_motion_absolute(&m->seat, time, e->x, e->y);
		break;
	case MT_PTR_BUTTON:
		m->live.button[e->id] = e->pressed;
		notify_button(&m->seat, time, (int32_t)mt_buttons[e->id].code,
			      e->pressed ? WL_POINTER_BUTTON_STATE_PRESSED
					 : WL_POINTER_BUTTON_STATE_RELEASED);
		break;
	case MT_PTR_AXIS: {
		struct weston_pointer_axis_event ev = { 0 };
		bool wheel = e->id == WL_POINTER_AXIS_SOURCE_WHEEL;
		if (e->id >= 0)
			notify_axis_source(&m->seat, (uint32_t)e->id);
		if (e->id == WL_POINTER_AXIS_SOURCE_FINGER && e->x == 0 && e->y == 0) {
			/* The fingers lift: a zero value is sent as axis_stop. */
			ev.axis = WL_POINTER_AXIS_VERTICAL_SCROLL;
			notify_axis(&m->seat, time, &ev);
			ev.axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL;
			notify_axis(&m->seat, time, &ev);
			break;
		}
		if (e->x != 0) {
			ev.axis = WL_POINTER_AXIS_HORIZONTAL_SCROLL;
			ev.value = wheel ? e->x * 10 : e->x;
			ev.has_discrete = wheel;
			ev.discrete = wheel ? (int32_t)e->x : 0;
			notify_axis(&m->seat, time, &ev);
		}
		if (e->y != 0) {
			ev.axis = WL_POINTER_AXIS_VERTICAL_SCROLL;
			ev.value = wheel ? e->y * 10 : e->y;
			ev.has_discrete = wheel;
			ev.discrete = wheel ? (int32_t)e->y : 0;
			notify_axis(&m->seat, time, &ev);
		}
		break;
	}
	case MT_PTR_FRAME:
		notify_pointer_frame(&m->seat);
		break;
	case MT_KEY:
		m->live.key[e->id] = e->pressed;
		notify_key(&m->seat, time, (uint32_t)e->id,
			   e->pressed ? WL_KEYBOARD_KEY_STATE_PRESSED
				      : WL_KEYBOARD_KEY_STATE_RELEASED,
			   STATE_UPDATE_AUTOMATIC);
		break;
	}
}

static void
mt_finish(struct mt_module *m)
{
	struct mt_conn *owner = m->owner;

	m->active = false;
	m->owner = NULL;
	mt_script_free(&m->last);
	m->last = m->playing;
	m->last_start = m->start;
	memset(&m->playing, 0, sizeof m->playing);
	m->next = 0;
	if (owner)
		mt_conn_reply(owner, "done\n");
}

static int
mt_timer_cb(void *data)
{
	struct mt_module *m = data;
	int64_t now_ns;

	if (!m->active)
		return 0;
	now_ns = mt_elapsed_ns(&m->start);
	while (m->next < m->playing.n && m->playing.ev[m->next].t_ns <= now_ns) {
		const struct mt_event *e = &m->playing.ev[m->next];
		struct timespec when = mt_add_ns(m->start, e->t_ns);
		mt_emit(m, e, &when);
		m->next++;
	}
	if (m->next >= m->playing.n) {
		mt_finish(m);
		return 0;
	}
	{
		int64_t wait_ns = m->playing.ev[m->next].t_ns - now_ns;
		int ms = (int)((wait_ns + 999999) / 1000000);
		wl_event_source_timer_update(m->timer, ms < 1 ? 1 : ms);
	}
	return 0;
}

static double
mt_script_duration_ms(const struct mt_script *s)
{
	return s->n ? (double)s->ev[s->n - 1].t_ns / 1e6 : 0.0;
}

static void
mt_start(struct mt_module *m, struct mt_script *s, struct mt_conn *owner)
{
	m->playing = *s;
	memset(s, 0, sizeof *s);
	m->next = 0;
	m->owner = owner;
	m->active = true;
	clock_gettime(CLOCK_MONOTONIC, &m->start);
	mt_timer_cb(m);
}

/* ---------------------------------------------------------------- */
/* Control socket                                                    */
/* ---------------------------------------------------------------- */

static void
mt_conn_destroy(struct mt_conn *c)
{
	if (c->m->owner == c)
		c->m->owner = NULL;
	wl_list_remove(&c->link);
	if (c->source)
		wl_event_source_remove(c->source);
	close(c->fd);
	free(c->buf);
	free(c->script);
	free(c);
}

/* The compositor's first output (the one tests read), NULL when it has none. */
static struct weston_output *
mt_first_output(struct weston_compositor *ec)
{
	struct weston_output *output;

	if (wl_list_empty(&ec->output_list))
		return NULL;
	return wl_container_of(ec->output_list.next, output, link);
}

/* Sets *err to `<control>:1: ` and the message (NULL if that cannot be made); returns false, for a request that
 * failed. */
static bool
mt_refuse(char **err, const char *fmt, ...)
{
	va_list ap;
	char *message = NULL;

	va_start(ap, fmt);
	if (vasprintf(&message, fmt, ap) < 0)
		message = NULL;
	va_end(ap);
	if (!message || asprintf(err, "<control>:1: %s", message) < 0)
		*err = NULL;
	free(message);
	return false;
}

/* Creates `path` (absolute) for request `what`, not following a symlink planted there; NULL with *err set. */
static FILE *
mt_create(const char *what, const char *path, char **err)
{
	FILE *f;
	int fd;

	if (path[0] != '/') {
		mt_refuse(err, "'%s' needs an absolute file path, got '%s'", what, path);
		return NULL;
	}
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0644);
	f = fd < 0 ? NULL : fdopen(fd, "w");
	if (!f) {
		mt_refuse(err, "%s: cannot write '%s': %s", what, path, strerror(errno));
		if (fd >= 0)
			close(fd);
	}
	return f;
}

/* Closes `f`, which request `what` wrote (`ok`: every write succeeded); false with *err set when a write or the close
 * failed. */
static bool
mt_written(FILE *f, bool ok, const char *what, const char *path, char **err)
{
	if (fclose(f) != 0)
		ok = false;
	return ok || mt_refuse(err, "%s: cannot write '%s': %s", what, path, strerror(errno));
}

/* Where red, green and blue are in the 4 bytes of a pixel of pixman's 32-bit formats (a native-endian word). */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
static const int mt_argb_rgb[3] = { 2, 1, 0 }, mt_abgr_rgb[3] = { 0, 1, 2 };
#else
static const int mt_argb_rgb[3] = { 1, 2, 3 }, mt_abgr_rgb[3] = { 3, 2, 1 };
#endif

/* Writes `w` x `h` pixels of 4 bytes (red, green and blue at `rgb`), rows top first (bottom first when `flip`), to
 * `path` as a binary PPM, for request `what`. */
static bool
mt_write_ppm(const char *what, const char *path, const unsigned char *pixels, int w, int h, bool flip,
	     const int rgb[3], char **err)
{
	FILE *f = mt_create(what, path, err);
	unsigned char *row;
	bool ok;

	if (!f)
		return false;
	row = malloc((size_t)w * 3);
	ok = row && fprintf(f, "P6\n%d %d\n255\n", w, h) > 0;
	for (int y = 0; ok && y < h; y++) {
		const unsigned char *src = pixels + (size_t)(flip ? h - 1 - y : y) * w * 4;
		for (int x = 0; x < w; x++) {
			row[3 * x] = src[4 * x + rgb[0]];
			row[3 * x + 1] = src[4 * x + rgb[1]];
			row[3 * x + 2] = src[4 * x + rgb[2]];
		}
		ok = fwrite(row, 3, (size_t)w, f) == (size_t)w;
	}
	free(row);
	return mt_written(f, ok, what, path, err);
}

/* `record /abs/file`: writes the touch events of the last script played to its end, one a line, as
 * `<ns> <down|motion|up> <id> <x> <y>` (ns: the time each was stamped with, CLOCK_MONOTONIC; x, y: output px, 0 for
 * an up); the reply is `recorded <n>` or `error <control>:1: ...`. A nested compositor passes these on with times in
 * whole ms: the bench measures its drag against this record. */
static bool
mt_record(struct mt_module *m, const char *path, size_t *n_out, char **err)
{
	FILE *f = mt_create("record", path, err);
	size_t n = 0;
	bool ok = true;

	if (!f)
		return false;
	for (size_t i = 0; ok && i < m->last.n; i++) {
		const struct mt_event *e = &m->last.ev[i];
		const char *kind = e->kind == MT_DOWN ? "down" : e->kind == MT_MOTION ? "motion" : e->kind == MT_UP ? "up" : NULL;
		struct timespec when;
		if (!kind)
			continue;
		when = mt_add_ns(m->last_start, e->t_ns);
		ok = fprintf(f, "%lld %s %d %.3f %.3f\n", (long long)when.tv_sec * 1000000000LL + when.tv_nsec, kind, e->id,
			     e->kind == MT_UP ? 0.0 : e->x, e->kind == MT_UP ? 0.0 : e->y) > 0;
		n++;
	}
	*n_out = n;
	return mt_written(f, ok, "record", path, err);
}

/* `capture /abs/file.ppm`: writes what the first output shows now (its last repaint, every surface composited) as a
 * binary PPM; the reply is `captured <w> <h>` or `error <control>:1: ...`. */
static bool
mt_capture(struct mt_module *m, const char *path, int *w_out, int *h_out, char **err)
{
	struct weston_compositor *ec = m->compositor;
	struct weston_output *output = mt_first_output(ec);
	uint32_t *pixels;
	bool ok;
	int w, h;

	if (!output || !ec->renderer || !ec->renderer->read_pixels)
		return mt_refuse(err, "capture: no output to read");
	w = output->current_mode->width;
	h = output->current_mode->height;
	pixels = malloc((size_t)w * h * 4);
	if (!pixels || ec->renderer->read_pixels(output, PIXMAN_a8r8g8b8, pixels, 0, 0, (uint32_t)w, (uint32_t)h) < 0) {
		free(pixels);
		return mt_refuse(err, "capture: cannot read the output's pixels");
	}
	/* rows top first unless the renderer flips them */
	ok = mt_write_ppm("capture", path, (const unsigned char *)pixels, w, h,
			  (ec->capabilities & WESTON_CAP_CAPTURE_YFLIP) != 0, mt_argb_rgb, err);
	free(pixels);
	*w_out = w;
	*h_out = h;
	return ok;
}

/* The mapped views on the first output, top of the stack first (weston's view list as last repainted). */
static int
mt_views(struct mt_module *m, struct weston_view **views, int max)
{
	struct weston_compositor *ec = m->compositor;
	struct weston_output *output = mt_first_output(ec);
	struct weston_view *view;
	int n = 0;

	if (!output)
		return 0;
	wl_list_for_each(view, &ec->view_list, link) {
		if (n >= max)
			break;
		if (view->output != output || !weston_view_is_mapped(view) || !weston_surface_is_mapped(view->surface))
			continue;
		views[n++] = view;
	}
	return n;
}

#define MT_MAX_VIEWS 256

/* `surfaces /abs/file`: one line per mapped view on the first output, top of the stack first:
 * `<index> <client pid> <role> <x> <y> <width> <height> <content width> <content height>`, where x, y are the view's
 * top-left corner in output px, width and height the surface's size (logical px, after any viewport), role the
 * surface's role (`-` for none) and the content size that of the pixels the renderer shows there (the buffer's, 0 0
 * when it has none). The reply is `surfaces <n>`. (weston lets go of a wl_shm buffer once the renderer holds it, so
 * the surface's own buffer reference says nothing about its kind after a repaint.) */
static bool
mt_surfaces(struct mt_module *m, const char *path, int *n_out, char **err)
{
	struct weston_view *views[MT_MAX_VIEWS];
	int n = mt_views(m, views, MT_MAX_VIEWS);
	FILE *f = mt_create("surfaces", path, err);
	bool ok = true;

	if (!f)
		return false;
	for (int i = 0; ok && i < n; i++) {
		struct weston_view *view = views[i];
		struct weston_surface *surface = view->surface;
		const char *role = surface->role_name ? surface->role_name : "-";
		pid_t pid = 0;
		float x = 0, y = 0;
		int cw = 0, ch = 0;

		if (surface->resource)
			wl_client_get_credentials(wl_resource_get_client(surface->resource), &pid, NULL, NULL);
		weston_view_to_global_float(view, 0, 0, &x, &y);
		weston_surface_get_content_size(surface, &cw, &ch);
		ok = fprintf(f, "%d %d ", i, (int)pid) > 0;
		for (const char *r = role; ok && *r; r++)
			ok = fputc(*r == ' ' ? '_' : *r, f) != EOF;
		ok = ok && fprintf(f, " %g %g %d %d %d %d\n", x - view->output->x, y - view->output->y,
				   surface->width, surface->height, cw, ch) > 0;
	}
	*n_out = n;
	return mt_written(f, ok, "surfaces", path, err);
}

/* `capture-surface <index> /abs/file.ppm`: writes the pixels of the buffer the view `index` of `surfaces` shows now
 * (that surface alone, at its buffer's size, none of its subsurfaces) as a binary PPM; the reply is
 * `captured <w> <h>` or `error <control>:1: ...`. */
static bool
mt_capture_surface(struct mt_module *m, const char *request, int *w_out, int *h_out, char **err)
{
	struct weston_view *views[MT_MAX_VIEWS];
	int n = mt_views(m, views, MT_MAX_VIEWS), index = -1, used = 0, w = 0, h = 0;
	unsigned char *pixels;
	bool ok;

	if (sscanf(request, "%d %n", &index, &used) != 1 || used == 0 || index < 0 || index >= n)
		return mt_refuse(err, "capture-surface: no view '%.20s' (%d mapped)", request, n);
	weston_surface_get_content_size(views[index]->surface, &w, &h);
	pixels = w > 0 && h > 0 ? malloc((size_t)w * h * 4) : NULL;
	if (!pixels || weston_surface_copy_content(views[index]->surface, pixels, (size_t)w * h * 4, 0, 0, w, h) < 0) {
		free(pixels);
		return mt_refuse(err, "capture-surface: cannot read view %d's pixels (%dx%d)", index, w, h);
	}
	/* pixman's copy is a8b8g8r8, rows top first */
	ok = mt_write_ppm("capture-surface", request + used, pixels, w, h, false, mt_abgr_rgb, err);
	free(pixels);
	*w_out = w;
	*h_out = h;
	return ok;
}

/* The file path of a one-line request (`capture PATH`, `record PATH`): up to the line's end, trailing blanks cut. */
static void
mt_request_path(const char *text, char *path, size_t size)
{
	size_t n = strcspn(text, "\n");
	if (n >= size)
		n = size - 1;
	memcpy(path, text, n);
	path[n] = '\0';
	while (n > 0 && (path[n - 1] == ' ' || path[n - 1] == '\t'))
		path[--n] = '\0';
}

/* `ui-height`: how far down from the first output's top edge the views of the shell's UI layer reach (desktop-shell's
 * panel: 0 until its client has mapped it). desktop-shell places a new window below that panel only once it is mapped,
 * so a test of window placement waits for it before starting its client. */
static int
mt_ui_height(struct mt_module *m)
{
	struct weston_compositor *wc = m->compositor;
	struct weston_output *output = mt_first_output(wc);
	struct weston_layer *layer;
	struct weston_view *view;
	int height = 0;

	if (!output)
		return 0;
	wl_list_for_each(layer, &wc->layer_list, link) {
		if (layer->position != WESTON_LAYER_POSITION_UI)
			continue;
		wl_list_for_each(view, &layer->view_list.link, layer_link.link) {
			int bottom;
			if (view->output != output || !weston_surface_is_mapped(view->surface))
				continue;
			bottom = (int)view->geometry.y + view->surface->height - output->y;
			if (view->geometry.y <= output->y && bottom > height)
				height = bottom;
		}
	}
	return height;
}

static void
mt_conn_submit(struct mt_conn *c)
{
	struct mt_module *m = c->m;
	struct mt_script s = { 0 };
	char *err = NULL;
	const char *text = c->script ? c->script : "";

	if (c->first_line_overflow) {
		mt_conn_reply(c, "error <control>:%d: script larger than %d bytes\n",
			      c->first_line_overflow, MT_MAX_SCRIPT_BYTES);
	} else if (strncmp(text, "capture ", 8) == 0 || strncmp(text, "capture-surface ", 16) == 0) {
		/* the output (`capture PATH`) or one surface (`capture-surface INDEX PATH`) */
		bool output = text[7] == ' ';
		char request[4096];
		int w = 0, h = 0;
		mt_request_path(text + (output ? 8 : 16), request, sizeof request);
		if (output ? mt_capture(m, request, &w, &h, &err) : mt_capture_surface(m, request, &w, &h, &err))
			mt_conn_reply(c, "captured %d %d\n", w, h);
		else
			mt_conn_reply(c, "error %s\n", err ? err : "<control>:1: capture failed");
		free(err);
	} else if (strncmp(text, "surfaces ", 9) == 0) {
		char path[4096];
		int n = 0;
		mt_request_path(text + 9, path, sizeof path);
		if (mt_surfaces(m, path, &n, &err))
			mt_conn_reply(c, "surfaces %d\n", n);
		else
			mt_conn_reply(c, "error %s\n", err ? err : "<control>:1: surfaces failed");
		free(err);
	} else if (strncmp(text, "ui-height", 9) == 0) {
		mt_conn_reply(c, "ui-height %d\n", mt_ui_height(m));
	} else if (strncmp(text, "record ", 7) == 0) {
		char path[4096];
		size_t count = 0;
		mt_request_path(text + 7, path, sizeof path);
		if (m->active)
			mt_conn_reply(c, "error <control>:1: busy: a script is still playing (wait for done)\n");
		else if (mt_record(m, path, &count, &err))
			mt_conn_reply(c, "recorded %zu\n", count);
		else
			mt_conn_reply(c, "error %s\n", err ? err : "<control>:1: record failed");
		free(err);
	} else if (m->active) {
		mt_conn_reply(c, "error <control>:1: busy: the previous script is "
			      "still playing (wait for done)\n");
	} else if (!mt_parse_submission(text, &m->live, &s, &err)) {
		mt_conn_reply(c, "error %s\n", err ? err : "<control>:0: parse failed");
		free(err);
	} else {
		mt_conn_reply(c, "ok %zu %.10g\n", s.n,
			      round(mt_script_duration_ms(&s) * 1000.0) / 1000.0);
		mt_start(m, &s, c);
	}
	c->slen = 0;
	if (c->script)
		c->script[0] = '\0';
	c->first_line_overflow = 0;
}

static void
mt_conn_line(struct mt_conn *c, char *line)
{
	size_t n = strlen(line);
	const char *a = line;
	size_t k = n;

	while (*a == ' ' || *a == '\t' || *a == '\r')
		a++;
	while (k > 0 && (line[k - 1] == ' ' || line[k - 1] == '\t' || line[k - 1] == '\r'))
		k--;
	if (line + k >= a && (size_t)(line + k - a) == 3 && strncmp(a, "end", 3) == 0) {
		mt_conn_submit(c);
		return;
	}
	if (c->first_line_overflow)
		return;
	if (c->slen + n + 2 > MT_MAX_SCRIPT_BYTES) {
		int lines = 1;
		for (size_t i = 0; i < c->slen; i++)
			lines += c->script[i] == '\n';
		c->first_line_overflow = lines;
		return;
	}
	if (c->slen + n + 2 > c->scap) {
		size_t cap = c->scap ? c->scap : 4096;
		char *ns;
		while (cap < c->slen + n + 2)
			cap *= 2;
		ns = realloc(c->script, cap);
		if (!ns) {
			c->first_line_overflow = 1;
			return;
		}
		c->script = ns;
		c->scap = cap;
	}
	memcpy(c->script + c->slen, line, n);
	c->slen += n;
	c->script[c->slen++] = '\n';
	c->script[c->slen] = '\0';
}

static int
mt_conn_readable(int fd, uint32_t mask, void *data)
{
	struct mt_conn *c = data;
	char tmp[8192];
	ssize_t r;

	(void)mask;
	r = recv(fd, tmp, sizeof tmp, 0);
	if (r < 0 && (errno == EINTR || errno == EAGAIN))
		return 0;
	if (r <= 0) {
		mt_conn_destroy(c);
		return 0;
	}
	if (c->len + (size_t)r + 1 > c->cap) {
		size_t cap = c->cap ? c->cap : 8192;
		char *nb;
		while (cap < c->len + (size_t)r + 1)
			cap *= 2;
		nb = realloc(c->buf, cap);
		if (!nb) {
			mt_conn_destroy(c);
			return 0;
		}
		c->buf = nb;
		c->cap = cap;
	}
	memcpy(c->buf + c->len, tmp, (size_t)r);
	c->len += (size_t)r;
	c->buf[c->len] = '\0';
	{
		char *start = c->buf, *nl;
		while ((nl = memchr(start, '\n', c->len - (size_t)(start - c->buf)))) {
			*nl = '\0';
			mt_conn_line(c, start);
			start = nl + 1;
		}
		c->len -= (size_t)(start - c->buf);
		memmove(c->buf, start, c->len);
		c->buf[c->len] = '\0';
	}
	return 0;
}

static int
mt_accept(int fd, uint32_t mask, void *data)
{
	struct mt_module *m = data;
	struct mt_conn *c;
	int cfd;

	(void)mask;
	cfd = accept4(fd, NULL, NULL, SOCK_CLOEXEC | SOCK_NONBLOCK);
	if (cfd < 0)
		return 0;
	c = calloc(1, sizeof *c);
	if (!c) {
		close(cfd);
		return 0;
	}
	c->m = m;
	c->fd = cfd;
	wl_list_insert(&m->conns, &c->link);
	c->source = wl_event_loop_add_fd(wl_display_get_event_loop(m->compositor->wl_display),
					 cfd, WL_EVENT_READABLE, mt_conn_readable, c);
	if (!c->source) {
		mt_conn_destroy(c);
		return 0;
	}
	mt_conn_reply(c, "ready\n");
	return 0;
}

static int
mt_listen(struct mt_module *m)
{
	const char *path = getenv("MOMENTUM_TOUCH_CONTROL");
	const char *rt = getenv("XDG_RUNTIME_DIR");
	struct sockaddr_un addr;
	int n;

	if (path && *path)
		n = snprintf(m->sock_path, sizeof m->sock_path, "%s", path);
	else if (rt && *rt)
		n = snprintf(m->sock_path, sizeof m->sock_path, "%s/momentum-touch.sock", rt);
	else {
		weston_log("momentum-touch: neither MOMENTUM_TOUCH_CONTROL nor "
			   "XDG_RUNTIME_DIR is set\n");
		return -1;
	}
	if (n < 0 || (size_t)n >= sizeof m->sock_path) {
		weston_log("momentum-touch: control socket path too long\n");
		return -1;
	}
	m->listen_fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
	if (m->listen_fd < 0) {
		weston_log("momentum-touch: socket: %s\n", strerror(errno));
		return -1;
	}
	memset(&addr, 0, sizeof addr);
	addr.sun_family = AF_UNIX;
	memcpy(addr.sun_path, m->sock_path, strlen(m->sock_path) + 1);
	unlink(m->sock_path);
	if (bind(m->listen_fd, (struct sockaddr *)&addr, sizeof addr) < 0 ||
	    listen(m->listen_fd, 8) < 0) {
		weston_log("momentum-touch: cannot listen on %s: %s\n",
			   m->sock_path, strerror(errno));
		close(m->listen_fd);
		m->listen_fd = -1;
		return -1;
	}
	m->listen_source = wl_event_loop_add_fd(
		wl_display_get_event_loop(m->compositor->wl_display),
		m->listen_fd, WL_EVENT_READABLE, mt_accept, m);
	if (!m->listen_source)
		return -1;
	weston_log("momentum-touch: control socket %s\n", m->sock_path);
	return 0;
}

/* ---------------------------------------------------------------- */
/* Module lifetime                                                   */
/* ---------------------------------------------------------------- */

static void
mt_startup_idle(void *data)
{
	struct mt_module *m = data;

	m->startup_idle = NULL;
	if (m->has_startup && !m->active) {
		m->has_startup = false;
		mt_start(m, &m->startup, NULL);
	}
}

static void
mt_destroy(struct wl_listener *listener, void *data)
{
	struct mt_module *m = wl_container_of(listener, m, destroy_listener);
	struct mt_conn *c, *tmp;

	(void)data;
	wl_list_remove(&m->destroy_listener.link);
	wl_list_for_each_safe(c, tmp, &m->conns, link)
		mt_conn_destroy(c);
	if (m->listen_source)
		wl_event_source_remove(m->listen_source);
	if (m->listen_fd >= 0) {
		close(m->listen_fd);
		unlink(m->sock_path);
	}
	if (m->timer)
		wl_event_source_remove(m->timer);
	if (m->startup_idle)
		wl_event_source_remove(m->startup_idle);
	mt_script_free(&m->playing);
	mt_script_free(&m->last);
	mt_script_free(&m->startup);
	if (m->device)
		weston_touch_device_destroy(m->device);
	weston_seat_release(&m->seat);
	free(m);
}

/* Removes --momentum-touch-script=FILE from argv (weston treats options left
 * in argv after loading modules as fatal). Returns the file or NULL. */
static const char *
mt_take_option(int *argc, char *argv[])
{
	const char *file = NULL;
	int i, j;
	size_t plen = strlen(MT_SCRIPT_OPTION);

	for (i = 1; i < *argc;) {
		if (strncmp(argv[i], MT_SCRIPT_OPTION, plen) == 0) {
			file = argv[i] + plen;
			for (j = i; j < *argc; j++)
				argv[j] = argv[j + 1];
			(*argc)--;
		} else {
			i++;
		}
	}
	return file;
}

WL_EXPORT int
wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	struct mt_module *m;
	struct weston_touch *touch;
	const char *script_file = mt_take_option(argc, argv);

	m = calloc(1, sizeof *m);
	if (!m)
		return -1;
	m->compositor = compositor;
	m->listen_fd = -1;
	wl_list_init(&m->conns);

	if (script_file) {
		char *text, *err = NULL;
		if (script_file[0] != '/') {
			weston_log("momentum-touch: %s needs an absolute path, got '%s'\n",
				   MT_SCRIPT_OPTION, script_file);
			free(m);
			return -1;
		}
		text = mt_read_file(script_file, &err);
		if (!text || !mt_parse_text(script_file, text, &m->live, &m->startup, &err)) {
			weston_log("momentum-touch: error %s\n", err ? err : "?");
			free(err);
			free(text);
			free(m);
			return -1;
		}
		free(text);
		m->has_startup = true;
	}

	weston_seat_init(&m->seat, compositor, "momentum-touch");
	if (weston_seat_init_touch(&m->seat) < 0) {
		weston_log("momentum-touch: weston_seat_init_touch failed\n");
		weston_seat_release(&m->seat);
		mt_script_free(&m->startup);
		free(m);
		return -1;
	}
	/* NULL keymap: the compositor's default (xkb rules from weston's config) */
	if (weston_seat_init_pointer(&m->seat) < 0 ||
	    weston_seat_init_keyboard(&m->seat, NULL) < 0) {
		weston_log("momentum-touch: cannot add a pointer and a keyboard to the seat\n");
		weston_seat_release(&m->seat);
		mt_script_free(&m->startup);
		free(m);
		return -1;
	}
	touch = weston_seat_get_touch(&m->seat);
	m->device = touch ? weston_touch_create_touch_device(touch, "momentum-touch",
							     NULL, NULL) : NULL;
	m->timer = wl_event_loop_add_timer(wl_display_get_event_loop(compositor->wl_display),
					   mt_timer_cb, m);
	m->destroy_listener.notify = mt_destroy;
	wl_signal_add(&compositor->destroy_signal, &m->destroy_listener);
	if (!m->device || !m->timer || mt_listen(m) < 0) {
		weston_log("momentum-touch: initialisation failed\n");
		mt_destroy(&m->destroy_listener, NULL);
		return -1;
	}
	if (m->has_startup)
		m->startup_idle = wl_event_loop_add_idle(
			wl_display_get_event_loop(compositor->wl_display),
			mt_startup_idle, m);
	weston_log("momentum-touch: seat 'momentum-touch' with touch, pointer and keyboard ready\n");
	return 0;
}
