#pragma once
#include <stddef.h>
#include <stdint.h>
#include <jemalloc/jemalloc.h>

/// jemalloc's version ("5.3.0-0-g…"), or NULL when `mallctl` cannot tell it.
static inline const char *tienda_jemalloc_version(void) {
    const char *version = NULL;
    size_t size = sizeof version;
    return mallctl("version", &version, &size, NULL, 0) == 0 ? version : NULL;
}

/// The bytes the calling thread has allocated through jemalloc so far, or 0 when `mallctl` cannot tell them.
static inline uint64_t tienda_jemalloc_thread_allocated(void) {
    uint64_t allocated = 0;
    size_t size = sizeof allocated;
    return mallctl("thread.allocated", &allocated, &size, NULL, 0) == 0 ? allocated : 0;
}
