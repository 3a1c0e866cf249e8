//===- Parallel.h - Split a loop over threads -------------------*- C++ -*-===//
//
// The few loops opgen runs on several threads (reading entries, computing
// signatures, writing files) hand out indices in chunks; results go
// straight into preallocated slots, by index, and so stay in order.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_PARALLEL_H
#define OPGEN_SUPPORT_PARALLEL_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace opgen {

/// Call \p F(I) once for every I in [0, N), on up to \p Threads threads
/// (the calling one included), each taking chunks of consecutive indices
/// until none is left. Which thread runs which index is not fixed.
void parallelFor(unsigned Threads, size_t N,
                 llvm::function_ref<void(size_t)> F);

} // namespace opgen

#endif // OPGEN_SUPPORT_PARALLEL_H
