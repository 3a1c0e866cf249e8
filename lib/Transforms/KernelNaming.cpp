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
    parallelFor(PC.Threads, M.Functions.size(), [&](size_t I) {
      NativeFunction &F = M.Functions[I];
      const OperatorName &Op = F.Func.Name;
      KernelNames N;
      // The base name is printed once and each name built from it.
      std::string Base = Op.Name.str();
      N.Cpp.reserve(Base.size() + 4);
      N.Cpp = Base;
      if (F.Func.isOutFn())
        N.Cpp += "_out";
      N.Dispatcher = N.Cpp;
      if (Op.OverloadName.empty()) {
        N.Unambiguous = std::move(Base);
      } else {
        N.Unambiguous.reserve(Base.size() + 1 + Op.OverloadName.size());
        N.Unambiguous = Base;
        N.Unambiguous += '_';
        N.Unambiguous += Op.OverloadName;
      }
      N.Root = Op.Name.Base;
      F.Names = std::move(N);
    });
    return success();
  }
};
} // namespace

std::unique_ptr<Pass> opgen::createKernelNamingPass() {
  return std::make_unique<KernelNamingPass>();
}
