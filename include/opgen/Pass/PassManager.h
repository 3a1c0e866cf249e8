//===- PassManager.h - Run a pipeline of passes -----------------*- C++ -*-===//
//
// Runs passes in order, with the instrumentation of mlir-opt's pass manager:
// printing the IR before or after chosen passes, timing them, and verifying
// the IR after each (on by default). A failing pass or verifier stops the
// pipeline.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PASS_PASSMANAGER_H
#define OPGEN_PASS_PASSMANAGER_H

#include "opgen/IR/Verifier.h"
#include "opgen/Pass/Pass.h"

#include "llvm/ADT/StringSet.h"

#include <functional>
#include <memory>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

/// How the pass manager instruments a run.
struct PassInstrumentation {
  llvm::StringSet<> PrintBefore, PrintAfter;
  bool PrintAfterAll = false;
  bool PrintAfterFailure = false;
  bool TimePasses = false;
  bool VerifyEach = true;
  /// Prints the IR (the driver passes the --emit=yaml printer).
  std::function<void(const Module &, llvm::raw_ostream &)> PrintIR;
  /// Where IR dumps and timings go.
  llvm::raw_ostream *OS = nullptr;
};

class PassManager {
public:
  void addPass(std::unique_ptr<Pass> P) { Passes.push_back(std::move(P)); }
  const std::vector<std::unique_ptr<Pass>> &getPasses() const { return Passes; }
  LogicalResult run(Module &M, PassContext &PC,
                    const PassInstrumentation &Instr);

private:
  std::vector<std::unique_ptr<Pass>> Passes;
};

} // namespace opgen

#endif // OPGEN_PASS_PASSMANAGER_H
