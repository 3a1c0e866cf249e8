//===- ToolAllocator.cpp - The tools' allocator settings ------------------===//
//
// Linked into the tool executables only (add_opgen_tool), never into the
// libraries: an embedding program keeps its own allocator. The tools link
// mimalloc, which takes over malloc and operator new for the whole process.
// A run makes about a million small allocations (strings and vectors of the
// C++ API layer, per function and per emitter) and touches some 60 MB; with
// glibc's allocator those cost about a sixth of the instructions and most
// of the system time (page faults on fresh 4 KiB pages).
//
//===----------------------------------------------------------------------===//

#include <mimalloc.h>

/// Back the heap with transparent huge pages where the kernel offers them
/// (madvise): half the page faults of a run. mimalloc reads its options
/// when it starts, at the first allocation, which the C++ runtime makes
/// before any static constructor of ours runs; the executable's
/// .preinit_array runs before every shared library's initializers, so the
/// option is set in time. (mi_option_enable only stores the value; a user's
/// MIMALLOC_LARGE_OS_PAGES still decides.)
///
/// mimalloc commits each thread's first segment lazily, page by page
/// (eager_commit_delay), so the emitters' worker threads took their first
/// megabytes in 4 KiB faults: committed whole, a two-thread run has 760
/// page faults instead of 11,500 and spends about 8% less CPU time.
static void setAllocatorOptions(int, char **, char **) {
  mi_option_set_enabled_default(mi_option_large_os_pages, true);
  mi_option_set_default(mi_option_eager_commit_delay, 0);
}

__attribute__((section(".preinit_array"), used)) static void (
    *const SetAllocatorOptions)(int, char **, char **) = setAllocatorOptions;
