//===- DerivativesYamlFuzzer.cpp - libFuzzer target for derivatives.yaml --===//
//
// The input is a derivatives.yaml. It is read with FuzzInputs.h's small
// native_functions.yaml (and a few functions more: a binary op without an
// out= variant, one with two outputs, a foreach op) through the default
// pipeline and, when accepted, matched to the functions by loadDerivatives,
// so the formula analysis (saved values, forward formulas, the Node names)
// runs on it, and the autograd-infos dump prints the result. Nothing may
// crash, and the fixed inputs must always read.
//
//===----------------------------------------------------------------------===//

#include "FuzzInputs.h"

#include "opgen/AutogradApi/LoadDerivatives.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Tools/FrontEnd.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace opgen;
using namespace llvm;
using namespace opgen::fuzz;

static const char ExtraFunctions[] = R"yaml(
- func: mul.Tensor(Tensor self, Tensor other) -> Tensor
  variants: function, method
  dispatch:
    CompositeExplicitAutograd: mul

- func: max_pool2d_with_indices(Tensor self, int[2] kernel_size, int[2] stride=[], int[2] padding=0, int[2] dilation=1, bool ceil_mode=False) -> (Tensor, Tensor)
  dispatch:
    CPU: max_pool2d_with_indices_cpu

- func: _foreach_add.List(Tensor[] self, Tensor[] other, *, Scalar alpha=1) -> Tensor[]
  device_check: NoCheck
  variants: function
  dispatch:
    CompositeExplicitAutograd: foreach_tensor_add_list_kernel_slow
)yaml";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  Context Ctx(nulls());
  FrontEndInputs In;
  In.TagsYaml = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBuffer(TagsYaml, "tags.yaml"), SMLoc());
  In.NativeYaml = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(std::string(NativeFunctions) +
                                         ExtraFunctions,
                                     "native_functions.yaml"),
      SMLoc());
  In.DerivativesYaml = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Input, "derivatives.yaml"), SMLoc());
  FrontEndOptions FO;
  FO.Pipeline = "default";
  Module M;
  if (failed(runFrontEnd(Ctx, In, FO, M))) {
    // Only derivatives.yaml may be rejected.
    if (M.Functions.empty())
      __builtin_trap();
    return 0;
  }
  if (!M.Derivatives)
    __builtin_trap();
  std::optional<AutogradModel> AM = loadDerivatives(Ctx, M, *M.Derivatives);
  if (!AM)
    return 0;
  EmitOptions EO;
  EmitContext EC{Ctx, M, EO};
  EC.Autograd = &*AM;
  (void)emitAutogradInfosText(EC, nulls());
  return 0;
}
