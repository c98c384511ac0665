#pragma once
#include <ft2build.h>
#include FT_FREETYPE_H

// FT_LOAD_TARGET_LIGHT is a function-like macro, which Swift does not import.
static inline FT_Int32 momentum_ft_load_target_light(void) { return FT_LOAD_TARGET_LIGHT; }
