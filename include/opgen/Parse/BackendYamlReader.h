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
// located in the backend yaml. checkBackendYamlOperators then checks the
// operators against the native functions.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_BACKENDYAMLREADER_H
#define OPGEN_PARSE_BACKENDYAMLREADER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/DispatchKey.h"
#include "opgen/IR/FunctionSchema.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// An operator named in one of the lists of a backend yaml.
struct BackendYamlOp {
  OperatorName Name;
  /// The entry as written; torchgen matches `symint:` entries by this text.
  std::string Spelling;
  /// The list it is in: `supported`, `full_codegen`, `autograd`, `ir_gen`.
  llvm::StringRef List;
  llvm::SMLoc Loc;
};

/// An entry of `symint:`. torchgen does not parse these; it compares them
/// with the entries of the other lists as text.
struct BackendYamlSymInt {
  std::string Spelling;
  llvm::SMLoc Loc;
};

/// An entry of `non_native:` (gen_lazy_tensor's IR nodes for operators that
/// are not in native_functions.yaml).
struct BackendYamlNonNative {
  FunctionSchema Func;
  std::optional<std::string> OpKind;
  std::vector<std::string> Properties;
  llvm::SMLoc Loc;
};

/// A backend yaml as torchgen understands it.
struct BackendYaml {
  std::string Backend;
  llvm::SMLoc BackendLoc;
  /// The backend's dispatch key; set when the backend key has operators
  /// (torchgen only parses `backend` then).
  std::optional<DispatchKey> BackendKey;
  /// Autograd<backend>; set when `autograd:` lists operators.
  std::optional<DispatchKey> AutogradKey;
  std::optional<std::string> ClassName;
  std::string CppNamespace;
  llvm::SMLoc CppNamespaceLoc;
  bool UseOutAsPrimary = false;
  bool DeviceGuard = false;
  std::vector<BackendYamlOp> Supported;
  std::vector<BackendYamlOp> FullCodegen;
  std::vector<BackendYamlOp> Autograd;
  std::vector<BackendYamlOp> IrGen;
  std::vector<BackendYamlSymInt> SymInt;
  std::vector<BackendYamlNonNative> NonNative;
  /// Where the `autograd:` key is, for diagnostics about the autograd key.
  llvm::SMLoc AutogradLoc;

  /// The operators of the backend key, in torchgen's order: `supported`,
  /// then `full_codegen` (torchgen appends the one to the other).
  std::vector<const BackendYamlOp *> backendOps() const;
  /// Whether `symint:` lists \p Op (written exactly as \p Op.Spelling).
  bool isSymInt(const BackendYamlOp &Op) const;
};

/// Read the backend yaml in buffer \p BufferID into \p Out, reporting every
/// problem it has on its own (without native_functions.yaml).
LogicalResult readBackendYaml(Context &Ctx, unsigned BufferID,
                              BackendYaml &Out);

/// Check the operators \p B names against \p M, which must be grouped: each
/// one of `supported`, `full_codegen` and `autograd` must be a native
/// function, and a function group's variants must not be split between the
/// backend key and the autograd key. Warns about `symint:` entries that have
/// no effect or name operators without SymInt arguments, and about `ir_gen:`
/// entries that are not native functions.
LogicalResult checkBackendYamlOperators(Context &Ctx, const BackendYaml &B,
                                        const Module &M);

} // namespace opgen

#endif // OPGEN_PARSE_BACKENDYAMLREADER_H
