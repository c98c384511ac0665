// Counts the Swift heap allocations (`swift_slowAlloc`'s mallocs: objects, array and dictionary storage, closure
// contexts, boxes) made on the calling thread between `malloc_counter_start` and `malloc_counter_stop` (the test
// binary's malloc is this target's, which hands every call on to glibc's).
#ifndef MALLOC_COUNTER_H
#define MALLOC_COUNTER_H

/// Starts counting this thread's Swift heap allocations from zero.
void malloc_counter_start(void);
/// Stops counting; returns how many Swift heap allocations this thread made since `malloc_counter_start`.
long malloc_counter_stop(void);

#endif
