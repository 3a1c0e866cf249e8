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

/// The functions as entries look them up: by printed schema, and by
/// signature in load_derivatives' order (the view groups' functions first).
struct FunctionIndex {
  llvm::StringMap<FunctionId> BySchema;
  llvm::StringMap<std::vector<FunctionId>> BySignature;
};

/// What one entry makes: its canonical function and the infos of its
/// dispatch keys, their Node classes not yet numbered.
struct LoadedEntry {
  FunctionId Canonical = 0;
  std::string DefnName;
  InfosByKey Infos;
};

/// Reads one entry of derivatives.yaml (the body of load_derivatives'
/// loop). Entries are independent until their Node classes are numbered,
/// so each is read by a loader of its own, on any thread, and the
/// ModelBuilder takes the results in the file's order.
class EntryLoader {
public:
  EntryLoader(DiagnosticEngine &D, const Module &M, const FunctionIndex &Index,
              FormulaPatterns &Patterns)
      : D(D), M(M), Index(Index), Patterns(Patterns) {}

  /// The entry's infos, or nothing after reporting.
  std::optional<LoadedEntry> load(const DerivativeEntry &E);

private:
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
  void error(llvm::SMLoc L, const llvm::Twine &Msg) {
    D.error(L, Msg);
    Failed = true;
  }

  DiagnosticEngine &D;
  const Module &M;
  const FunctionIndex &Index;
  FormulaPatterns &Patterns;
  /// Set by any error about the entry.
  bool Failed = false;
};

class ModelBuilder {
public:
  ModelBuilder(Context &Ctx, const Module &M)
      : Ctx(Ctx), D(Ctx.getDiags()), M(M) {}

  /// load_derivatives: the entries' infos, then the view_copy functions';
  /// the entries are read on up to \p Threads threads.
  void loadEntries(const DerivativesFile &File, unsigned Threads);
  /// match_differentiability_info over the selected functions.
  void matchFunctions();

  bool failed() const { return Failed; }
  AutogradModel take() { return std::move(AM); }

private:
  // LoadDerivatives.cpp
  void indexFunctions(unsigned Threads);
  /// Number \p L's Node classes and record its infos, as load_derivatives
  /// does after reading entry \p E.
  void commitEntry(const DerivativeEntry &E, LoadedEntry L);
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

  FunctionIndex Index;
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
