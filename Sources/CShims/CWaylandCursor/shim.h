#pragma once
#include <wayland-client.h>
#include <wayland-cursor.h>
