#pragma once
// Native types must be the Wayland ones (struct wl_display *, struct wl_egl_window *).
#ifndef WL_EGL_PLATFORM
#define WL_EGL_PLATFORM 1
#endif
#include <wayland-client.h>
#include <wayland-egl.h>
#include <EGL/egl.h>
#include <EGL/eglext.h>
