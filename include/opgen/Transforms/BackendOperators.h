//===- BackendOperators.h - A backend yaml's operators, checked -*- C++ -*-===//

#ifndef OPGEN_TRANSFORMS_BACKENDOPERATORS_H
#define OPGEN_TRANSFORMS_BACKENDOPERATORS_H

#include "opgen/IR/BackendConfig.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/FunctionIndex.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

namespace opgen {

/// Check the operators \p B names against \p M, which must be grouped: each
/// one of `supported`, `full_codegen` and `autograd` must be a native
/// function, and a function group's variants must not be split between the
/// backend key and the autograd key. Warns about `symint:` entries that have
/// no effect or name operators without SymInt arguments, and about `ir_gen:`
/// entries that are not native functions.
LogicalResult checkBackendOperators(Context &Ctx, const BackendConfig &B,
                                    const Module &M);
/// As above, with \p M's functions already indexed by name in \p ById.
LogicalResult checkBackendOperators(Context &Ctx, const BackendConfig &B,
                                    const Module &M, const FunctionIndex &ById);

} // namespace opgen

#endif // OPGEN_TRANSFORMS_BACKENDOPERATORS_H
