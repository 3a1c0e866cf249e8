//===- KernelNaming.cpp - The names torchgen's APIs give a function -------===//
//
// Stores, for every function, the names the emitters need so they never
// compute them: the C++ API name (`add`, `add_out` for out= functions,
// `add_`), the dispatcher name (the same as the C++ one in torchgen 2.14),
// the unambiguous name (`add_Tensor`: base and overload joined) and the root
// name (the base without `_` or `_functional`: `add`).
//
//   add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out)
//   -> cpp: add_out  dispatcher: add_out  unambiguous: add_out  root: add
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/Parallel.h"
#include "opgen/Transforms/Passes.h"

using namespace opgen;
using namespace llvm;

namespace {
class KernelNamingPass : public Pass {
public:
  StringRef getArgument() const override { return "kernel-naming"; }
  bool preservesSchemas() const override { return true; }
  LogicalResult run(Module &M, PassContext &PC) override {
    // Each function's names depend on it alone.
    PC.Ctx.getThreadPool().parallelFor(PC.Threads, M.Functions.size(),
                                       [&](size_t I) {
                                         NativeFunction &F = M.Functions[I];
                                         F.Names = computeKernelNames(F.Func);
                                       });
    return success();
  }
};
} // namespace

std::unique_ptr<Pass> opgen::createKernelNamingPass() {
  return std::make_unique<KernelNamingPass>();
}
