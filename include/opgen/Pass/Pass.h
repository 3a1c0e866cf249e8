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

#include "llvm/ADT/StringRef.h"

namespace opgen {

struct BackendYaml;

/// What a pass may read besides the Module.
struct PassContext {
  Context &Ctx;
  /// The external backend yaml (--backend-yaml) in the Context's SourceMgr,
  /// or 0 when there is none.
  unsigned BackendYamlBuffer = 0;
  /// When set, backend-index stores the backend yaml as it read it here,
  /// for emitters that need more of it than the indices (class name, C++
  /// namespace).
  BackendYaml *BackendYamlOut = nullptr;
  /// Threads a pass may use; results must not depend on it.
  unsigned Threads = 1;
};

class Pass {
public:
  virtual ~Pass() = default;
  /// The name used in -passes= (`variant-synthesis`). The description lives
  /// once, in Transforms/Passes.def.
  virtual llvm::StringRef getArgument() const = 0;
  virtual LogicalResult run(Module &M, PassContext &PC) = 0;
};

} // namespace opgen

#endif // OPGEN_PASS_PASS_H
