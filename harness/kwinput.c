// kwinput: inject genuine touch (and keys, and pointer) into KWin 5.27 through
// org_kde_kwin_fake_input (plasma-wayland-protocols 1.10, version 4).
//
// KWin makes one input device per bound org_kde_kwin_fake_input: it is a
// touch screen, a pointer and a keyboard at once, so binding it plugs touch,
// pointer and keyboard into the seat, and ending kwinput (its connection
// closes) unplugs them again (which is how the end-to-end tests unplug and
// replug devices under KWin). KWin ignores every request of an unauthenticated
// device; it grants `authenticate` without asking.
//
// usage: kwinput CMD... | kwinput -
//   down ID X Y             touch point ID down at (X,Y) in global px, then a touch frame
//   motion ID X Y           touch point ID to (X,Y), then a frame
//   up ID                   touch point ID up, then a frame
//   cancel                  cancel every touch point
//   tap X Y                 down, up (point 0)
//   drag X1 Y1 X2 Y2 [STEPS [MS]]   point 0 down, STEPS motions spread over MS ms, up
//   move X Y                absolute pointer motion to (X,Y) in global px
//   click X Y               move, left button press, release
//   key NAME                press+release the key giving xkb keysym NAME (Escape, Tab, q, 2 ...) in the us layout
//   sync                    nothing but the roundtrip (everything sent before it has reached KWin)
//   sleep MS
// In '-' mode each input line is one command; 'ok' is printed after each one
// once KWin has processed it (a wl_display roundtrip), so a test can wait for it.
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <wayland-client.h>
#include <xkbcommon/xkbcommon.h>
#include <linux/input-event-codes.h>
#include "fake-input-client-protocol.h"

static struct wl_display *display;
static struct org_kde_kwin_fake_input *fake;
static uint32_t fake_version;
static struct xkb_keymap *keymap;

static void global_add(void *data, struct wl_registry *reg, uint32_t name,
                       const char *iface, uint32_t version) {
  (void)data;
  if (!strcmp(iface, org_kde_kwin_fake_input_interface.name) && !fake) {
    fake_version = version < 4 ? version : 4;
    fake = wl_registry_bind(reg, name, &org_kde_kwin_fake_input_interface, fake_version);
  }
}
static void global_remove(void *data, struct wl_registry *reg, uint32_t name) {
  (void)data; (void)reg; (void)name;
}
static const struct wl_registry_listener reg_listener = {global_add, global_remove};

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
  nanosleep(&ts, NULL);
}
static void sync_(void) {
  if (wl_display_roundtrip(display) < 0) { fprintf(stderr, "kwinput: connection lost\n"); exit(1); }
}
static void die(const char *m) { fprintf(stderr, "kwinput: %s\n", m); exit(1); }

// ---- touch: each change is its own touch frame, processed before the next
static void touch_down(uint32_t id, double x, double y) {
  org_kde_kwin_fake_input_touch_down(fake, id, wl_fixed_from_double(x), wl_fixed_from_double(y));
  org_kde_kwin_fake_input_touch_frame(fake);
  sync_();
}
static void touch_motion(uint32_t id, double x, double y) {
  org_kde_kwin_fake_input_touch_motion(fake, id, wl_fixed_from_double(x), wl_fixed_from_double(y));
  org_kde_kwin_fake_input_touch_frame(fake);
  sync_();
}
static void touch_up(uint32_t id) {
  org_kde_kwin_fake_input_touch_up(fake, id);
  org_kde_kwin_fake_input_touch_frame(fake);
  sync_();
}

// ---- pointer
static void pointer_to(double x, double y) {
  org_kde_kwin_fake_input_pointer_motion_absolute(fake, wl_fixed_from_double(x), wl_fixed_from_double(y));
  sync_();
}
static void button(uint32_t btn, int pressed) {
  org_kde_kwin_fake_input_button(fake, btn, pressed ? WL_POINTER_BUTTON_STATE_PRESSED : WL_POINTER_BUTTON_STATE_RELEASED);
  sync_();
}

// ---- keyboard: KWin's own keymap (us by default) maps the evdev codes sent here
static void setup_keymap(void) {
  struct xkb_context *ctx = xkb_context_new(XKB_CONTEXT_NO_FLAGS);
  struct xkb_rule_names names = {0};  // defaults: evdev / pc105 / us
  keymap = ctx ? xkb_keymap_new_from_names(ctx, &names, XKB_KEYMAP_COMPILE_NO_FLAGS) : NULL;
  if (!keymap) die("cannot compile the xkb keymap");
}
// The evdev code of a key producing `sym` at level 0 (*shift=0) or 1 (*shift=1).
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
static void key_event(uint32_t code, int pressed) {
  org_kde_kwin_fake_input_keyboard_key(fake, code, pressed ? WL_KEYBOARD_KEY_STATE_PRESSED : WL_KEYBOARD_KEY_STATE_RELEASED);
  sync_();
}
static void tap_key(xkb_keysym_t sym, const char *what) {
  if (fake_version < 4) die("KWin's org_kde_kwin_fake_input is older than version 4: no keyboard_key");
  int shift = 0, code = find_key(sym, &shift);
  if (code < 0) { fprintf(stderr, "kwinput: no key for '%s'\n", what); exit(2); }
  if (shift) key_event(KEY_LEFTSHIFT, 1);
  key_event((uint32_t)code, 1);
  sleep_ms(10);
  key_event((uint32_t)code, 0);
  if (shift) key_event(KEY_LEFTSHIFT, 0);
}

static int isnum(const char *s) { return s[0] >= '0' && s[0] <= '9'; }

// Runs one command at a[0]; returns the number of words it consumed.
static int run(char **a, int n) {
  #define NEED(k) do { if (n < (k)) { fprintf(stderr, "kwinput: %s needs %d args\n", a[0], (k) - 1); exit(2); } } while (0)
  if (!strcmp(a[0], "down")) { NEED(4); touch_down((uint32_t)atoi(a[1]), atof(a[2]), atof(a[3])); return 4; }
  if (!strcmp(a[0], "motion")) { NEED(4); touch_motion((uint32_t)atoi(a[1]), atof(a[2]), atof(a[3])); return 4; }
  if (!strcmp(a[0], "up")) { NEED(2); touch_up((uint32_t)atoi(a[1])); return 2; }
  if (!strcmp(a[0], "cancel")) { org_kde_kwin_fake_input_touch_cancel(fake); sync_(); return 1; }
  if (!strcmp(a[0], "tap")) {
    NEED(3);
    touch_down(0, atof(a[1]), atof(a[2]));
    sleep_ms(30);
    touch_up(0);
    return 3;
  }
  if (!strcmp(a[0], "drag")) {
    NEED(5);
    double x1 = atof(a[1]), y1 = atof(a[2]), x2 = atof(a[3]), y2 = atof(a[4]);
    int used = 5, steps = 20; long ms = 300;
    if (n > 5 && isnum(a[5])) { steps = atoi(a[5]); used = 6; }
    if (used == 6 && n > 6 && isnum(a[6])) { ms = atol(a[6]); used = 7; }
    if (steps < 1) steps = 1;
    touch_down(0, x1, y1);
    for (int s = 1; s <= steps; s++) {
      sleep_ms(ms / steps);
      double t = (double)s / steps;
      touch_motion(0, x1 + (x2 - x1) * t, y1 + (y2 - y1) * t);
    }
    touch_up(0);
    return used;
  }
  if (!strcmp(a[0], "move")) { NEED(3); pointer_to(atof(a[1]), atof(a[2])); return 3; }
  if (!strcmp(a[0], "click")) {
    NEED(3); pointer_to(atof(a[1]), atof(a[2]));
    button(BTN_LEFT, 1); sleep_ms(30); button(BTN_LEFT, 0);
    return 3;
  }
  if (!strcmp(a[0], "key")) {
    NEED(2);
    xkb_keysym_t sym = xkb_keysym_from_name(a[1], XKB_KEYSYM_NO_FLAGS);
    if (sym == XKB_KEY_NoSymbol) sym = xkb_keysym_from_name(a[1], XKB_KEYSYM_CASE_INSENSITIVE);
    if (sym == XKB_KEY_NoSymbol) { fprintf(stderr, "kwinput: unknown keysym '%s'\n", a[1]); exit(2); }
    tap_key(sym, a[1]);
    return 2;
  }
  if (!strcmp(a[0], "sync")) { sync_(); return 1; }
  if (!strcmp(a[0], "sleep")) { NEED(2); sleep_ms(atol(a[1])); return 2; }
  fprintf(stderr, "kwinput: unknown command '%s'\n", a[0]);
  exit(2);
}

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: kwinput CMD... | -\n"); return 2; }
  display = wl_display_connect(NULL);
  if (!display) die("cannot connect to $WAYLAND_DISPLAY");
  struct wl_registry *reg = wl_display_get_registry(display);
  wl_registry_add_listener(reg, &reg_listener, NULL);
  sync_();
  if (!fake) die("compositor has no org_kde_kwin_fake_input (KWin without KWIN_WAYLAND_NO_PERMISSION_CHECKS=1?)");
  if (fake_version < 2) die("KWin's org_kde_kwin_fake_input is older than version 2: no touch");
  org_kde_kwin_fake_input_authenticate(fake, "momentum end-to-end tests", "genuine touch for the smoke test");
  sync_();
  setup_keymap();
  if (!strcmp(argv[1], "-")) {
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
    for (int i = 1; i < argc;) i += run(argv + i, argc - i);
  }
  // No destroy request in version 4: closing the connection removes KWin's device.
  wl_display_disconnect(display);
  return 0;
}
