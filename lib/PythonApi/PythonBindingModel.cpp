//===- PythonBindingModel.cpp - What the Python bindings are made of ------===//

#include "opgen/PythonApi/PythonBindingModel.h"
#include "opgen/Support/Parallel.h"

using namespace opgen;
using namespace llvm;

std::vector<const NativeFunction *>
PythonBindingModel::boundFunctions(const Module &M) const {
  std::vector<const NativeFunction *> Out;
  for (FunctionId I = 0; I != M.Functions.size(); ++I)
    if (Bound[I])
      Out.push_back(&M.Functions[I]);
  return Out;
}

std::optional<PythonBindingModel>
opgen::makePythonBindingModel(Context &Ctx, const Module &M,
                              const PythonBindingFilter &Filter,
                              bool WithSignatures, unsigned Threads) {
  PythonBindingModel PM;
  // vector<bool> packs bits: each thread writes bytes of its own first.
  std::vector<char> Bound(M.Functions.size());
  Ctx.getThreadPool().parallelFor(Threads, M.Functions.size(), [&](size_t I) {
    Bound[I] = Filter.shouldGenerate(M.Functions[I]);
  });
  PM.Bound.assign(Bound.begin(), Bound.end());
  if (!WithSignatures)
    return PM;
  std::vector<const NativeFunction *> Fns = PM.boundFunctions(M);
  const DeprecatedFile *Deprecated = M.Deprecated ? &*M.Deprecated : nullptr;
  std::optional<std::vector<PythonSignatureFunctionPair>> Methods =
      loadPythonSignatures(Ctx, Fns, Deprecated, /*Method=*/true);
  if (!Methods)
    return std::nullopt;
  std::optional<std::vector<PythonSignatureFunctionPair>> Functions =
      loadPythonSignatures(Ctx, Fns, Deprecated, /*Method=*/false);
  if (!Functions)
    return std::nullopt;
  PM.MethodPairs = std::move(*Methods);
  PM.FunctionPairs = std::move(*Functions);
  PM.HasSignatures = true;
  return PM;
}
