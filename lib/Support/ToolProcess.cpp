//===- ToolProcess.cpp - Settings for a short-lived tool process ----------===//

#include "opgen/Support/ToolProcess.h"

// First: it defines __GLIBC__, which the test below needs (alone, it never
// held in this file).
#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#endif
#if defined(__GLIBC__)
#include <malloc.h>
#endif

void opgen::prepareToolProcess() {
#if defined(__GLIBC__)
  // 64 MiB covers reading PyTorch's native_functions.yaml and emitting
  // from it in a few steps; memory that is not touched costs nothing.
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
#if defined(__unix__) || defined(__APPLE__)
  // A run holds every changed file open, unnamed, until all are on the
  // disk (OutputFile.h): thousands with --per-operator-headers, past the
  // usual soft limit of 1024. The hard limit is ours to take.
  struct rlimit L;
  if (getrlimit(RLIMIT_NOFILE, &L) == 0 && L.rlim_cur < L.rlim_max) {
    L.rlim_cur = L.rlim_max;
    setrlimit(RLIMIT_NOFILE, &L);
  }
#endif
}
