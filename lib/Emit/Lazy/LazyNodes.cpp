//===- LazyNodes.cpp - What gen_lazy_tensor's files share -----------------===//

#include "LazyNodes.h"

#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/IR/FunctionIndex.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <map>

using namespace opgen;
using namespace opgen::lazy;
using namespace llvm;

const LazyTensorOptions &lazy::getLazyOptions(const EmitContext &EC) {
  static const LazyTensorOptions Defaults;
  return EC.Options.Lazy ? *EC.Options.Lazy : Defaults;
}

const BackendConfig *lazy::getLazyBackend(EmitContext &EC) {
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!EC.M.Backend) {
    D.error(SMLoc(), "the lazy tensor emitters need a backend yaml "
                     "(--backend-yaml)");
    return nullptr;
  }
  const BackendConfig &B = *EC.M.Backend;
  if (!EC.M.Groups || !EC.M.BackendIndices) {
    D.error(B.BackendLoc, "the lazy tensor emitters need the default "
                          "pipeline (groups and backend indices) to have run");
    return nullptr;
  }
  return &B;
}

std::vector<LazyFunction>
lazy::getLazyFunctions(EmitContext &EC, const BackendConfig &B,
                       ArrayRef<const std::vector<BackendOp> *> Lists,
                       bool &Ok) {
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  // The first entry naming each operator, for diagnostics.
  std::map<OperatorName, SMLoc> Wanted;
  for (const std::vector<BackendOp> *L : Lists)
    for (const BackendOp &Op : *L)
      Wanted.emplace(Op.Name, Op.Loc);
  FunctionIndex Functions(M);
  std::vector<const BackendMetadata *> Kernels;
  if (B.BackendKey)
    if (const BackendIndex *I = M.getBackendIndex(*B.BackendKey))
      Kernels = getKernelsByFunction(M, *I, Functions);
  // torchgen sorts the groups by the name (without overload) of their
  // functional member, stably.
  std::vector<std::pair<std::string, const FunctionGroup *>> Keyed;
  for (const FunctionGroup &G : *M.Groups)
    Keyed.emplace_back(
        M.Functions[G.IsGroup ? G.Functional : G.Function].Func.Name.Name.str(),
        &G);
  std::stable_sort(
      Keyed.begin(), Keyed.end(),
      [](const auto &A, const auto &B) { return A.first < B.first; });
  const LazyTensorOptions &O = getLazyOptions(EC);
  std::vector<LazyFunction> Out;
  for (const auto &KG : Keyed)
    for (FunctionId Id : KG.second->members()) {
      const NativeFunction &F = M.Functions[Id];
      auto It = Wanted.find(F.Func.Name);
      if (It == Wanted.end())
        continue;
      const BackendMetadata *K = Kernels.empty() ? nullptr : Kernels[Id];
      bool SymInt = K && StringRef(K->Kernel).contains("_symint");
      std::string Error;
      StringRef Bad;
      std::optional<LazyIrSchema> S = makeLazyIrSchema(
          F.Func, LazyIrProperties::forNative(), SymInt, O.Types, Error, Bad);
      if (!S) {
        D.error(It->second, Error + " (argument `" + Bad + "` of `" +
                                F.Func.Name.str() + "`)");
        Ok = false;
        continue;
      }
      Out.push_back({Id, std::move(*S), K, It->second});
    }
  return Out;
}
