#include "CWaylandProtocols.h"

const struct wl_interface *mo_wl_compositor_interface(void) { return &wl_compositor_interface; }
const struct wl_interface *mo_wl_subcompositor_interface(void) { return &wl_subcompositor_interface; }
const struct wl_interface *mo_wl_seat_interface(void) { return &wl_seat_interface; }
const struct wl_interface *mo_wl_output_interface(void) { return &wl_output_interface; }
const struct wl_interface *mo_xdg_wm_base_interface(void) { return &xdg_wm_base_interface; }
const struct wl_interface *mo_wp_presentation_interface(void) { return &wp_presentation_interface; }
const struct wl_interface *mo_wp_viewporter_interface(void) { return &wp_viewporter_interface; }
const struct wl_interface *mo_wp_fractional_scale_manager_v1_interface(void) { return &wp_fractional_scale_manager_v1_interface; }
const struct wl_interface *mo_zxdg_decoration_manager_v1_interface(void) { return &zxdg_decoration_manager_v1_interface; }
const struct wl_interface *mo_zwp_input_timestamps_manager_v1_interface(void) { return &zwp_input_timestamps_manager_v1_interface; }
const struct wl_interface *mo_wl_shm_interface(void) { return &wl_shm_interface; }
const struct wl_interface *mo_wp_cursor_shape_manager_v1_interface(void) { return &wp_cursor_shape_manager_v1_interface; }
const struct wl_interface *mo_zwp_idle_inhibit_manager_v1_interface(void) { return &zwp_idle_inhibit_manager_v1_interface; }
const struct wl_interface *mo_zwp_pointer_gestures_v1_interface(void) { return &zwp_pointer_gestures_v1_interface; }
