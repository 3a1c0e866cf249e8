//===- LazyOptions.h - A lazy tensor backend's generator settings -*- C++
//-*-===//
//
// What run_gen_lazy_tensor is told about the backend it generates for, and
// which of torchgen's node writers (GenLazyIR, the TorchScript backend's
// GenTSLazyIR, torch_xla's GenXlaLazyIR subclass) makes its IR classes.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LAZYAPI_LAZYOPTIONS_H
#define OPGEN_LAZYAPI_LAZYOPTIONS_H

#include "opgen/LazyApi/LazyIrSchema.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace opgen {

struct LazyTensorOptions {
  /// Whose node classes: torchgen's plain GenLazyIR (no lowering), the
  /// TorchScript backend's (a TorchScript lowering, Create/CanBeReused by
  /// the node's properties), or torch_xla's (a declared XLA lowering, an
  /// output-shape function instead of torch::lazy::Shape).
  enum class IrFlavour { Plain, TorchScript, Xla };
  IrFlavour Ir = IrFlavour::Plain;
  std::string NodeBase = "Node";
  std::optional<std::string> NodeBaseHdr;
  /// Nodes take their precomputed shapes in the constructor.
  bool UseLazyShape = true;
  LazyTypeOptions Types;
};

/// What one of the two real builds passes run_gen_lazy_tensor:
/// `torchscript` (generate_code.py --gen_lazy_ts_backend) or `xla`
/// (torch_xla's codegen/lazy_tensor_generator.py, with its node writer);
/// nullopt for any other name.
std::optional<LazyTensorOptions> getLazyPreset(llvm::StringRef Name);

} // namespace opgen

#endif // OPGEN_LAZYAPI_LAZYOPTIONS_H
