// vinput: inject pointer and keyboard input into a wlroots compositor (sway 1.7)
// through zwlr_virtual_pointer_v1 and zwp_virtual_keyboard_v1.
//
// One virtual pointer and one virtual keyboard live for the whole run. sway
// only advertises the pointer/keyboard seat capabilities while such a device
// exists: starting vinput plugs them in, ending it unplugs them (which is how
// the end-to-end tests unplug and replug devices under sway).
//
// usage: vinput [--extent WxH] CMD... | vinput [--extent WxH] -
//   move X Y                absolute motion to (X,Y) in layout px (extent default 800x600)
//   rel DX DY               relative motion
//   down [BTN] | up [BTN]   press / release (default BTN_LEFT = 272)
//   click X Y               move, press, release
//   drag X1 Y1 X2 Y2 [STEPS [MS]]   move, press, STEPS moves spread over MS ms, release
//   scroll DY               vertical wheel axis event (15 = one notch)
//   key NAME                press+release the key giving xkb keysym NAME (Escape, Tab, q, 2 ...)
//   type TEXT               type TEXT (chars reachable at level 1/2 of the us layout)
//   sleep MS
// In '-' mode each input line is one command; 'ok' is printed after each one
// once the compositor has processed it (a wl_display roundtrip), so a test can
// wait for it.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/mman.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include <linux/input-event-codes.h>
#include "wlr-virtual-pointer-unstable-v1-client-protocol.h"
#include "virtual-keyboard-unstable-v1-client-protocol.h"

static struct wl_display *display;
static struct wl_seat *seat;
static struct zwlr_virtual_pointer_manager_v1 *pmanager;
static struct zwp_virtual_keyboard_manager_v1 *kmanager;
static struct zwlr_virtual_pointer_v1 *ptr;
static struct zwp_virtual_keyboard_v1 *kbd;
static struct xkb_keymap *keymap;
static uint32_t shift_mask;
static uint32_t extent_w = 800, extent_h = 600;

static void global_add(void *data, struct wl_registry *reg, uint32_t name,
                       const char *iface, uint32_t version) {
  if (!strcmp(iface, wl_seat_interface.name) && !seat)
    seat = wl_registry_bind(reg, name, &wl_seat_interface, 1);
  else if (!strcmp(iface, zwlr_virtual_pointer_manager_v1_interface.name))
    pmanager = wl_registry_bind(reg, name, &zwlr_virtual_pointer_manager_v1_interface, 1);
  else if (!strcmp(iface, zwp_virtual_keyboard_manager_v1_interface.name))
    kmanager = wl_registry_bind(reg, name, &zwp_virtual_keyboard_manager_v1_interface, 1);
}
static void global_remove(void *data, struct wl_registry *reg, uint32_t name) {}
static const struct wl_registry_listener reg_listener = {global_add, global_remove};

static uint32_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint32_t)(ts.tv_sec * 1000 + ts.tv_nsec / 1000000);
}
static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}
static void sync_(void) {
  if (wl_display_roundtrip(display) < 0) { fprintf(stderr, "vinput: connection lost\n"); exit(1); }
}
static void die(const char *m) { fprintf(stderr, "vinput: %s\n", m); exit(1); }

// ---- pointer
static void move_abs(double x, double y) {
  if (x < 0) x = 0;
  if (y < 0) y = 0;
  zwlr_virtual_pointer_v1_motion_absolute(ptr, now_ms(), (uint32_t)(x + 0.5), (uint32_t)(y + 0.5), extent_w, extent_h);
  zwlr_virtual_pointer_v1_frame(ptr);
  sync_();
}
static void button(uint32_t btn, int pressed) {
  zwlr_virtual_pointer_v1_button(ptr, now_ms(), btn,
      pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
  zwlr_virtual_pointer_v1_frame(ptr);
  sync_();
}

// ---- keyboard
static void setup_keyboard(void) {
  struct xkb_context *ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
  struct xkb_rule_names names = {0};  // defaults: evdev / pc105 / us
  keymap = ctx ? xkb_keymap_new_from_names(ctx, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
  if (!keymap) die("cannot compile the xkb keymap");
  shift_mask = 1u << xkb_keymap_mod_get_index(keymap, XKB_MOD_NAME_SHIFT);
  char *text = xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1);
  size_t size = strlen(text) + 1;
  int fd = memfd_create("vinput-keymap", MFD_CLOEXEC);
  if (fd < 0 || write(fd, text, size) != (ssize_t)size) die("cannot write keymap memfd");
  free(text);
  kbd = zwp_virtual_keyboard_manager_v1_create_virtual_keyboard(kmanager, seat);
  zwp_virtual_keyboard_v1_keymap(kbd, WL_KEYBOARD_KEYMAP_FORMAT_XKB_V1, fd, (uint32_t)size);
  sync_();
  close(fd);
}
// Finds the evdev code of a key producing `sym` at level 0 (*shift=0) or 1 (*shift=1).
static int find_key(xkb_keysym_t sym, int *shift) {
  for (int level = 0; level < 2; level++)
    for (xkb_keycode_t kc = xkb_keymap_min_keycode(keymap); kc <= xkb_keymap_max_keycode(keymap); kc++) {
      const xkb_keysym_t *syms;
      int n = xkb_keymap_key_get_syms_by_level(keymap, kc, 0, level, &syms);
      for (int i = 0; i < n; i++)
        if (syms[i] == sym) { *shift = level; return (int)kc - 8; }
    }
  return -1;
}
static void tap(xkb_keysym_t sym, const char *what) {
  int shift = 0, code = find_key(sym, &shift);
  if (code < 0) { fprintf(stderr, "vinput: no key for '%s'\n", what); exit(2); }
  if (shift) { zwp_virtual_keyboard_v1_modifiers(kbd, shift_mask, 0, 0, 0); }
  zwp_virtual_keyboard_v1_key(kbd, now_ms(), (uint32_t)code, WL_KEYBOARD_KEY_STATE_PRESSED);
  sync_();
  sleep_ms(10);
  zwp_virtual_keyboard_v1_key(kbd, now_ms(), (uint32_t)code, WL_KEYBOARD_KEY_STATE_RELEASED);
  if (shift) { zwp_virtual_keyboard_v1_modifiers(kbd, 0, 0, 0, 0); }
  sync_();
}

static int isnum(const char *s) { return s[0] >= '0' && s[0] <= '9'; }

// Runs one command at a[0]; returns the number of words it consumed.
static int run(char **a, int n) {
  #define NEED(k) do { if (n < (k)) { fprintf(stderr, "vinput: %s needs %d args\n", a[0], (k) - 1); exit(2); } } while (0)
  if (!strcmp(a[0], "move")) { NEED(3); move_abs(atof(a[1]), atof(a[2])); return 3; }
  if (!strcmp(a[0], "rel")) {
    NEED(3);
    zwlr_virtual_pointer_v1_motion(ptr, now_ms(), wl_fixed_from_double(atof(a[1])), wl_fixed_from_double(atof(a[2])));
    zwlr_virtual_pointer_v1_frame(ptr);
    sync_();
    return 3;
  }
  if (!strcmp(a[0], "down") || !strcmp(a[0], "up")) {
    uint32_t btn = BTN_LEFT; int used = 1;
    if (n > 1 && isnum(a[1])) { btn = (uint32_t)atoi(a[1]); used = 2; }
    button(btn, a[0][0] == 'd');
    return used;
  }
  if (!strcmp(a[0], "click")) {
    NEED(3); move_abs(atof(a[1]), atof(a[2]));
    button(BTN_LEFT, 1); sleep_ms(30); button(BTN_LEFT, 0);
    return 3;
  }
  if (!strcmp(a[0], "drag")) {
    NEED(5);
    double x1 = atof(a[1]), y1 = atof(a[2]), x2 = atof(a[3]), y2 = atof(a[4]);
    int used = 5, steps = 20; long ms = 300;
    if (n > 5 && isnum(a[5])) { steps = atoi(a[5]); used = 6; }
    if (used == 6 && n > 6 && isnum(a[6])) { ms = atol(a[6]); used = 7; }
    if (steps < 1) steps = 1;
    move_abs(x1, y1); button(BTN_LEFT, 1);
    for (int s = 1; s <= steps; s++) {
      sleep_ms(ms / steps);
      double t = (double)s / steps;
      move_abs(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
    }
    button(BTN_LEFT, 0);
    return used;
  }
  if (!strcmp(a[0], "scroll")) {
    NEED(2);
    zwlr_virtual_pointer_v1_axis_source(ptr, WL_POINTER_AXIS_SOURCE_WHEEL);
    zwlr_virtual_pointer_v1_axis(ptr, now_ms(), WL_POINTER_AXIS_VERTICAL_SCROLL, wl_fixed_from_double(atof(a[1])));
    zwlr_virtual_pointer_v1_frame(ptr);
    sync_();
    return 2;
  }
  if (!strcmp(a[0], "key")) {
    NEED(2);
    xkb_keysym_t sym = xkb_keysym_from_name(a[1], XKB_KEYSYM_NO_FLAGS);
    if (sym == XKB_KEY_NoSymbol) sym = xkb_keysym_from_name(a[1], XKB_KEYSYM_CASE_INSENSITIVE);
    if (sym == XKB_KEY_NoSymbol) { fprintf(stderr, "vinput: unknown keysym '%s'\n", a[1]); exit(2); }
    tap(sym, a[1]);
    return 2;
  }
  if (!strcmp(a[0], "type")) {
    NEED(2);
    for (const char *c = a[1]; *c; c++) {
      char what[2] = {*c, 0};
      tap(xkb_utf32_to_keysym((uint32_t)(unsigned char)*c), what);
      sleep_ms(10);
    }
    return 2;
  }
  if (!strcmp(a[0], "sleep")) { NEED(2); sleep_ms(atol(a[1])); return 2; }
  fprintf(stderr, "vinput: unknown command '%s'\n", a[0]);
  exit(2);
}

int main(int argc, char **argv) {
  int i = 1;
  if (i + 1 < argc && !strcmp(argv[i], "--extent")) {
    if (sscanf(argv[i + 1], "%ux%u", &extent_w, &extent_h) != 2) die("bad --extent, want WxH");
    i += 2;
  }
  if (i >= argc) { fprintf(stderr, "usage: vinput [--extent WxH] CMD... | -\n"); return 2; }
  display = wl_display_connect(NULL);
  if (!display) die("cannot connect to $WAYLAND_DISPLAY");
  struct wl_registry *reg = wl_display_get_registry(display);
  wl_registry_add_listener(reg, &reg_listener, NULL);
  sync_();
  if (!seat) die("compositor has no wl_seat");
  if (!pmanager) die("compositor has no zwlr_virtual_pointer_manager_v1");
  if (!kmanager) die("compositor has no zwp_virtual_keyboard_manager_v1");
  ptr = zwlr_virtual_pointer_manager_v1_create_virtual_pointer(pmanager, seat);
  setup_keyboard();
  if (!strcmp(argv[i], "-")) {
    printf("ready\n");
    fflush(stdout);
    char line[1024];
    while (fgets(line, sizeof line, stdin)) {
      char *w[64]; int n = 0;
      for (char *t = strtok(line, " \t\r\n"); t && n < 64; t = strtok(NULL, " \t\r\n")) w[n++] = t;
      if (n == 0 || w[0][0] == '#') continue;
      for (int k = 0; k < n;) k += run(w + k, n - k);
      printf("ok\n");
      fflush(stdout);
    }
  } else {
    while (i < argc) i += run(argv + i, argc - i);
  }
  zwp_virtual_keyboard_v1_destroy(kbd);
  zwlr_virtual_pointer_v1_destroy(ptr);
  wl_display_roundtrip(display);
  wl_display_disconnect(display);
  return 0;
}
