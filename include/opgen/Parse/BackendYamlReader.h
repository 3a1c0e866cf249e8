//===- BackendYamlReader.h - Read an external backend's yaml ----*- C++ -*-===//
//
// An out-of-tree backend (torch_xla, a PrivateUse1 device, a lazy tensor
// backend) lists the operators it implements in a yaml file that torchgen's
// gen_backend_stubs.py and gen_lazy_tensor.py read:
//
//   backend: XLA                  # the dispatch key
//   cpp_namespace: torch_xla      # at most two levels: `torch::lazy`
//   class_name: XLANativeFunctions
//   use_out_as_primary: false     # optional booleans
//   device_guard: false
//   supported: [abs, add.Tensor]  # kernels for the backend key
//   full_codegen: [acos]          # kernels (and lazy IR) that are generated
//   autograd: [max_pool2d]        # kernels for the Autograd<backend> key
//   symint: [view]                # kernels taking SymInt: `view_symint`
//   ir_gen: [bitwise_and.Tensor]  # lazy IR only
//   non_native:                   # lazy IR nodes for non-aten operators
//     - func: device_data() -> Tensor
//       opkind: ltc_device_data
//       properties: [ShapeCache]
//
// readBackendYaml applies every check torchgen makes on the file's shape
// (parse_backend_yaml and parse_native_functions_keys) and the ones that
// torchgen does not make but crashes or misbehaves on; each is a diagnostic
// located in the backend yaml. The backend-index pass then checks the
// operators against the native functions (checkBackendOperators).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_BACKENDYAMLREADER_H
#define OPGEN_PARSE_BACKENDYAMLREADER_H

#include "opgen/IR/BackendConfig.h"
#include "opgen/IR/Context.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// Which tool's reading of a backend yaml applies.
enum class BackendYamlReading {
  /// gen_backend_stubs': it ignores `non_native` and `ir_gen`, so their
  /// problems are warnings (the yaml is usually read by gen_lazy_tensor
  /// too, which rejects them).
  BackendStubs,
  /// gen_lazy_tensor's: they are read, so their problems are errors.
  LazyTensor,
};

/// Read the backend yaml in buffer \p BufferID into \p Out, reporting every
/// problem it has on its own (without native_functions.yaml).
LogicalResult
readBackendYaml(Context &Ctx, unsigned BufferID, BackendConfig &Out,
                BackendYamlReading Reading = BackendYamlReading::BackendStubs);

} // namespace opgen

#endif // OPGEN_PARSE_BACKENDYAMLREADER_H
