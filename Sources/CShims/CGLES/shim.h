#pragma once
// GLES 3 headers ship with libgles-dev and link against libGLESv2 (there is no glesv3.pc).
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
