//===- ModelBuilder.h - Building the autograd model (internal) --*- C++ -*-===//
//
// The state loadDerivatives keeps while it reads the entries
// (LoadDerivatives.cpp: torchgen's load_derivatives) and then matches the
// functions to them (MatchDerivatives.cpp: match_differentiability_info).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_AUTOGRADAPI_MODELBUILDER_H
#define OPGEN_LIB_AUTOGRADAPI_MODELBUILDER_H

#include "Derivative.h"

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/AutogradApi/Formula.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/Derivatives.h"
#include "opgen/IR/Module.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

#include <string>
#include <vector>

namespace opgen {
namespace autograd_detail {

class ModelBuilder {
public:
  ModelBuilder(Context &Ctx, const Module &M)
      : Ctx(Ctx), D(Ctx.getDiags()), M(M) {}

  /// load_derivatives: the entries' infos, then the view_copy functions'.
  void loadEntries(const DerivativesFile &File);
  /// match_differentiability_info over the selected functions.
  void matchFunctions();

  bool failed() const { return Failed; }
  AutogradModel take() { return std::move(AM); }

private:
  // LoadDerivatives.cpp
  void indexFunctions();
  void loadEntry(const DerivativeEntry &E);
  /// torchgen's canonical_function, or nothing after reporting.
  std::optional<FunctionId> canonicalFunction(const DerivativeEntry &E,
                                              llvm::ArrayRef<FunctionId> Fns,
                                              llvm::StringRef DefnName);
  /// One dispatch key's table of \p E for function \p F.
  std::optional<DifferentiabilityInfo>
  setUpDerivatives(const DerivativeEntry &E, const DerivativeDispatch &T,
                   FunctionId F, llvm::StringRef DefnName,
                   const std::optional<std::vector<bool>> &OutDiff);
  void postprocessForwardDerivatives(
      const NativeFunction &F, std::string DefnName,
      const std::vector<Binding> &Args, DifferentiabilityInfo &Info,
      const std::vector<const DerivativeFormula *> &ForwardSources);
  void checkGradUsage(llvm::StringRef DefnName, const DifferentiabilityInfo &I,
                      const std::vector<const DerivativeFormula *> &Sources);
  void addViewCopyInfos();
  /// Add or replace (a dict's assignment: the first place is kept) the
  /// infos of \p F.
  void setInfos(FunctionId F, InfosByKey Infos);

public:
  // Shared with MatchDerivatives.cpp.
  Context &Ctx;
  DiagnosticEngine &D;
  const Module &M;
  AutogradModel AM;
  /// Where each function's infos are in AM.Infos.
  llvm::DenseMap<FunctionId, size_t> InfoIndex;
  FormulaPatterns Patterns;
  bool Failed = false;

  /// Functions by printed schema, and by signature in load_derivatives'
  /// order (the view groups' functions first).
  llvm::StringMap<FunctionId> BySchema;
  llvm::StringMap<std::vector<FunctionId>> BySignature;
  /// The Node classes made so far, by prefix.
  llvm::StringMap<unsigned> OpCounter;

  void error(llvm::SMLoc L, const llvm::Twine &Msg) {
    D.error(L, Msg);
    Failed = true;
  }
};

/// cpp_arguments: the C++ API arguments of \p F (its SymInt signature's
/// when it has one), as the autograd model names inputs.
std::vector<Binding> autogradArguments(const NativeFunction &F);

} // namespace autograd_detail
} // namespace opgen

#endif // OPGEN_LIB_AUTOGRADAPI_MODELBUILDER_H
