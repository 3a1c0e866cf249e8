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

namespace {
/// Back the heap with transparent huge pages where the kernel offers them
/// (madvise). Set before main, but after the C++ runtime's first
/// allocations, so the main thread's first segment keeps small pages: a
/// tenth fewer page faults, where MIMALLOC_LARGE_OS_PAGES=1 in the
/// environment (read before any allocation) halves them.
struct LargePages {
  LargePages() { mi_option_enable(mi_option_large_os_pages); }
} const UseLargePages;
} // namespace
