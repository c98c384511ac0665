#pragma once
// Linux-only system interfaces Glibc does not import: signalfd.
#include <sys/signalfd.h>
