// The test binary's malloc, calloc, realloc and free: glibc's (`__libc_*`, which glibc exports for this; glibc
// supports replacing them so, its own calls go through these too), with the Swift heap allocations made on a
// thread that counts (`malloc_counter_start`) counted: the mallocs `swift_slowAlloc` makes, which every object,
// array and dictionary storage, closure context and box goes through (`swift_allocObject`). Not counted: mallocs
// from elsewhere, such as the frames a debug build's unspecialised read accessors (yield-once coroutines called
// through a protocol witness: an array iterated through `IndexingIterator` in `-Onone` code) allocate and free on
// each call, which a release build's specialised code does not make.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include "MallocCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);
extern void __libc_free(void *pointer);

// Initial-exec TLS: read without a call (and so without an allocation of its own) on every thread.
static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread long count __attribute__((tls_model("initial-exec")));
// `swift_slowAlloc`'s code: a malloc returning into it is a Swift heap allocation (its body is ~0x60 bytes).
static uintptr_t slowAllocStart, slowAllocEnd;

void *malloc(size_t size) {
    if (counting) {
        uintptr_t caller = (uintptr_t)__builtin_return_address(0);
        if (caller >= slowAllocStart && caller < slowAllocEnd) count += 1;
    }
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) { return __libc_calloc(number, size); }

void *realloc(void *pointer, size_t size) { return __libc_realloc(pointer, size); }

void free(void *pointer) { __libc_free(pointer); }

void malloc_counter_start(void) {
    if (slowAllocStart == 0) {
        void *start = dlsym(RTLD_DEFAULT, "swift_slowAlloc");
        slowAllocStart = (uintptr_t)start;
        slowAllocEnd = start ? slowAllocStart + 0x80 : 0;
    }
    count = 0;
    counting = 1;
}

long malloc_counter_stop(void) {
    counting = 0;
    return count;
}
