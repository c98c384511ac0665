#pragma once
// Umbrella header: the generated client headers for protocols/*.xml plus accessors for interface symbols.
#include <wayland-client.h>
#include "xdg-shell-client-protocol.h"
#include "presentation-time-client-protocol.h"
#include "viewporter-client-protocol.h"
#include "fractional-scale-v1-client-protocol.h"
#include "xdg-decoration-unstable-v1-client-protocol.h"
#include "input-timestamps-unstable-v1-client-protocol.h"
#include "tablet-unstable-v2-client-protocol.h"
#include "cursor-shape-v1-client-protocol.h"
#include "idle-inhibit-unstable-v1-client-protocol.h"
#include "pointer-gestures-unstable-v1-client-protocol.h"

// Interface descriptors, reached through functions so Swift never copies the structs libwayland keeps pointers to.
const struct wl_interface *mo_wl_compositor_interface(void);
const struct wl_interface *mo_wl_subcompositor_interface(void);
const struct wl_interface *mo_wl_seat_interface(void);
const struct wl_interface *mo_wl_output_interface(void);
const struct wl_interface *mo_xdg_wm_base_interface(void);
const struct wl_interface *mo_wp_presentation_interface(void);
const struct wl_interface *mo_wp_viewporter_interface(void);
const struct wl_interface *mo_wp_fractional_scale_manager_v1_interface(void);
const struct wl_interface *mo_zxdg_decoration_manager_v1_interface(void);
const struct wl_interface *mo_zwp_input_timestamps_manager_v1_interface(void);
const struct wl_interface *mo_wl_shm_interface(void);
const struct wl_interface *mo_wp_cursor_shape_manager_v1_interface(void);
const struct wl_interface *mo_zwp_idle_inhibit_manager_v1_interface(void);
const struct wl_interface *mo_zwp_pointer_gestures_v1_interface(void);
