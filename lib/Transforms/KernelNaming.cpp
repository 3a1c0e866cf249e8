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

#include "opgen/Transforms/Passes.h"

using namespace opgen;
using namespace llvm;

namespace {
class KernelNamingPass : public Pass {
public:
  StringRef getArgument() const override { return "kernel-naming"; }
  LogicalResult run(Module &M, PassContext &) override {
    for (NativeFunction &F : M.Functions) {
      KernelNames N;
      N.Cpp = F.Func.Name.Name.str();
      if (F.Func.isOutFn())
        N.Cpp += "_out";
      N.Dispatcher = N.Cpp;
      N.Unambiguous = F.Func.Name.unambiguousName();
      N.Root = F.Func.Name.Name.Base;
      F.Names = std::move(N);
    }
    return success();
  }
};
} // namespace

std::unique_ptr<Pass> opgen::createKernelNamingPass() {
  return std::make_unique<KernelNamingPass>();
}
