//===- Pass.h - A named transformation of the operator IR -------*- C++ -*-===//
//
// A pass does one thing to a Module and reports problems through the
// Context's diagnostics; it fails by returning failure(). Passes are
// registered once, by name, from Transforms/Passes.def.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PASS_PASS_H
#define OPGEN_PASS_PASS_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <memory>

namespace opgen {

/// Results that passes compute from the functions' schemas and that later
/// passes may reuse instead of computing them again (the signature texts
/// variant synthesis and grouping both need, for one). The pass manager owns
/// one per run and drops everything in it after a pass that may change
/// existing schemas; the IR itself stays plain data. A pass must use a
/// cached result only as a shortcut to what it would compute anyway.
class AnalysisCache {
public:
  /// Base of cached results. A result type declares `static char ID;`,
  /// whose address identifies it (opgen builds without RTTI).
  struct Result {
    virtual ~Result() = default;
  };

  /// The result of type \p T, made empty on first use.
  template <typename T> T &get() {
    std::unique_ptr<Result> &Slot = Results[&T::ID];
    if (!Slot)
      Slot = std::make_unique<T>();
    return static_cast<T &>(*Slot);
  }
  /// Forget everything, as after a pass that changed schemas.
  void clear() { Results.clear(); }

private:
  llvm::DenseMap<const void *, std::unique_ptr<Result>> Results;
};

/// What a pass may read besides the Module.
struct PassContext {
  Context &Ctx;
  /// Threads a pass may use; results must not depend on it.
  unsigned Threads = 1;
  /// Results earlier passes of this pipeline left; null outside a pass
  /// manager, where passes compute everything themselves.
  AnalysisCache *Analyses = nullptr;
};

class Pass {
public:
  virtual ~Pass() = default;
  /// The name used in -passes= (`variant-synthesis`). The description lives
  /// once, in Transforms/Passes.def.
  virtual llvm::StringRef getArgument() const = 0;
  virtual LogicalResult run(Module &M, PassContext &PC) = 0;
  /// Whether the pass leaves the schemas of the functions it finds, and
  /// their order, as they were (it may append functions and set other
  /// fields). The cached analyses survive only such passes.
  virtual bool preservesSchemas() const { return false; }
  /// Whether the pass follows the rules of the torchgen release whose
  /// checks read the module. Passes reproduce torchgen 2.14 and say so: a
  /// module read with an earlier release's checks is refused rather than
  /// transformed by rules its torchgen did not have.
  virtual bool supportsRelease(TorchRelease R) const {
    return R == TorchRelease::V2_14;
  }
};

} // namespace opgen

#endif // OPGEN_PASS_PASS_H
