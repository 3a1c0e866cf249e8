//===- ToolProcess.cpp - Settings for a short-lived tool process ----------===//

#include "opgen/Support/ToolProcess.h"

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
}
