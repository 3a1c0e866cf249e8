//===- Parallel.h - Split a loop over threads -------------------*- C++ -*-===//
//
// The few loops opgen runs on several threads (reading entries, computing
// signatures) give each thread one contiguous block of indices, so results
// can go straight into preallocated slots and stay in order.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_PARALLEL_H
#define OPGEN_SUPPORT_PARALLEL_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace opgen {

/// Call \p F(I) for every I in [0, N), on up to \p Threads threads (the
/// calling one included), each taking one contiguous block.
void parallelFor(unsigned Threads, size_t N,
                 llvm::function_ref<void(size_t)> F);

} // namespace opgen

#endif // OPGEN_SUPPORT_PARALLEL_H
