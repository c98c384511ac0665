#pragma once
// HarfBuzz with its FreeType integration (hb-ft: an hb_font_t over an FT_Face).
#include <hb.h>
#include <hb-ft.h>
