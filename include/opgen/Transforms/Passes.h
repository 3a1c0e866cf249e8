//===- Passes.h - Create passes by name -------------------------*- C++ -*-===//

#ifndef OPGEN_TRANSFORMS_PASSES_H
#define OPGEN_TRANSFORMS_PASSES_H

#include "opgen/Pass/Pass.h"

#include "llvm/ADT/ArrayRef.h"

#include <memory>
#include <string>
#include <vector>

namespace opgen {

#define OPGEN_PASS(Argument, Factory, Description)                             \
  std::unique_ptr<Pass> Factory();
#include "opgen/Transforms/Passes.def"

/// A registered pass: its -passes= name, description and factory.
struct PassInfo {
  llvm::StringRef Argument;
  llvm::StringRef Description;
  std::unique_ptr<Pass> (*Create)();
};

/// Every pass, in Passes.def order.
llvm::ArrayRef<PassInfo> getRegisteredPasses();

/// The names of torchgen's pipeline, run by -passes=default.
llvm::ArrayRef<llvm::StringRef> getDefaultPipeline();

/// Create the pass named \p Argument, or null.
std::unique_ptr<Pass> createPass(llvm::StringRef Argument);

} // namespace opgen

#endif // OPGEN_TRANSFORMS_PASSES_H
