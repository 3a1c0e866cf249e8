//===- PythonBindingModel.h - What the bindings are made of -----*- C++ -*-===//
//
// Computed once per run, as the autograd model is: which functions get a
// Python binding (should_generate_py_binding, a regular-expression match of
// every skip pattern against every function: done once, not by each
// emitter), and load_signatures' pairs as Tensor methods and as functions,
// which the binding emitters share.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PYTHONAPI_PYTHONBINDINGMODEL_H
#define OPGEN_PYTHONAPI_PYTHONBINDINGMODEL_H

#include "opgen/IR/Module.h"
#include "opgen/PythonApi/PythonBindings.h"
#include "opgen/PythonApi/PythonSignature.h"

#include <optional>
#include <vector>

namespace opgen {

struct PythonBindingModel {
  /// By FunctionId: whether the function gets a binding.
  std::vector<bool> Bound;
  /// load_signatures(method=True) and (method=False); made only when asked
  /// for (the Python bindings need them, annotated_fn_args.py does not).
  std::vector<PythonSignatureFunctionPair> MethodPairs, FunctionPairs;
  bool HasSignatures = false;

  bool isBound(FunctionId I) const { return Bound[I]; }
  /// The bound functions, in the module's order.
  std::vector<const NativeFunction *> boundFunctions(const Module &M) const;
};

/// The model of \p M under \p Filter, with the signature pairs if
/// \p WithSignatures (deprecated.yaml's from M.Deprecated). Nothing after
/// reporting what loadPythonSignatures reports: the methods' first, as
/// torchgen pairs them first and stops there.
std::optional<PythonBindingModel>
makePythonBindingModel(Context &Ctx, const Module &M,
                       const PythonBindingFilter &Filter, bool WithSignatures,
                       unsigned Threads);

} // namespace opgen

#endif // OPGEN_PYTHONAPI_PYTHONBINDINGMODEL_H
