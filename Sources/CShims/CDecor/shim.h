#pragma once
#include <wayland-client.h>
#include <libdecor.h>
