#pragma once
// zlib: compress2 for the PNG writer's IDAT stream (and uncompress for its tests).
#include <zlib.h>
