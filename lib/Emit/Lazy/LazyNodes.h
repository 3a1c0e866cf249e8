//===- LazyNodes.h - What gen_lazy_tensor's files share ---------*- C++ -*-===//
//
// The functions gen_lazy_tensor generates for, in its order, and the lazy
// IR schema of each (torchgen's concat_map_codegen over the grouped native
// functions sorted by name), for the Lazy emitters.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_EMIT_LAZY_LAZYNODES_H
#define OPGEN_LIB_EMIT_LAZY_LAZYNODES_H

#include "opgen/Emit/Emitters.h"
#include "opgen/IR/BackendConfig.h"
#include "opgen/LazyApi/LazyOptions.h"

#include "llvm/Support/SMLoc.h"

#include <optional>
#include <vector>

namespace opgen {
namespace lazy {

/// A function gen_lazy_tensor writes code for, with its node's schema.
struct LazyFunction {
  FunctionId Id;
  LazyIrSchema Schema;
  /// Its kernel in the backend's index; null when it has none (`ir_gen`).
  const BackendMetadata *Kernel;
  /// The backend yaml entry that names it.
  llvm::SMLoc Loc;
};

/// The options of \p EC, or torchgen's defaults.
const LazyTensorOptions &getLazyOptions(const EmitContext &EC);

/// The backend's configuration, after checking that the pipeline made what
/// the lazy emitters read (groups, backend indices); null after an error.
const BackendConfig *getLazyBackend(EmitContext &EC);

/// The functions of \p Lists (`full_codegen`, `ir_gen`, ...) in
/// gen_lazy_tensor's order: the groups sorted by name, each group's members
/// in order. A type no node can hold is an error at the entry naming it,
/// and clears \p Ok (the function is left out).
std::vector<LazyFunction>
getLazyFunctions(EmitContext &EC, const BackendConfig &B,
                 llvm::ArrayRef<const std::vector<BackendOp> *> Lists,
                 bool &Ok);

/// torchgen's GenLazyShapeInferenceDefinition over \p Fns: the
/// `compute_shape_<kernel>` declaration each function that is neither
/// structured nor a view_copy needs the shape-inference header to make, in
/// order. A function without a kernel is an error at its entry (clearing
/// \p Ok).
std::vector<std::string>
getShapeInferenceDeclarations(EmitContext &EC,
                              const std::vector<LazyFunction> &Fns, bool &Ok);

} // namespace lazy
} // namespace opgen

#endif // OPGEN_LIB_EMIT_LAZY_LAZYNODES_H
