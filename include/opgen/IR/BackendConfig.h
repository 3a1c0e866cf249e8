//===- BackendConfig.h - An external backend's configuration ----*- C++ -*-===//
//
// What an out-of-tree backend's yaml (torch_xla's, a PrivateUse1 device's)
// says: its dispatch key, C++ namespace and class, and the operators it has
// kernels for. The front end reads it (Parse/BackendYamlReader) into the
// Module; the backend-index pass builds the backend's indices from it and
// the backend-stubs emitters read the rest (class name, namespace).
// Locations point into the backend yaml, for diagnostics of later stages.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_BACKENDCONFIG_H
#define OPGEN_IR_BACKENDCONFIG_H

#include "opgen/IR/DispatchKey.h"
#include "opgen/IR/FunctionSchema.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// An operator named in one of the lists of a backend yaml.
struct BackendOp {
  OperatorName Name;
  /// The entry as written; torchgen matches `symint:` entries by this text.
  std::string Spelling;
  /// The list it is in: `supported`, `full_codegen`, `autograd`, `ir_gen`.
  llvm::StringRef List;
  llvm::SMLoc Loc;
};

/// An entry of `symint:`. torchgen does not parse these; it compares them
/// with the entries of the other lists as text.
struct BackendSymInt {
  std::string Spelling;
  llvm::SMLoc Loc;
};

/// A lazy IR node's property, as a `non_native:` entry's `properties:`
/// names it (torchgen's LazyIrProperties.Properties, in its order).
enum class LazyIrProperty {
  ShapePrecompute,
  ShapeCompute,
  ShapeCache,
  Lower,
  LowerDeclOnly,
  CanBeReused,
  CanBeReusedDeclOnly,
  CreateFn,
  CreateFnDeclOnly,
  TreatScalarsAsConstants
};
/// Every property's name, in the enumeration's order.
llvm::ArrayRef<llvm::StringRef> getLazyIrPropertyNames();
/// The property named \p Name, or none.
std::optional<LazyIrProperty> parseLazyIrProperty(llvm::StringRef Name);

/// An entry of `non_native:` (gen_lazy_tensor's IR nodes for operators that
/// are not in native_functions.yaml).
struct BackendNonNativeOp {
  FunctionSchema Func;
  std::optional<std::string> OpKind;
  std::vector<LazyIrProperty> Properties;
  llvm::SMLoc Loc;
};

/// A backend yaml as torchgen understands it.
struct BackendConfig {
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
  std::vector<BackendOp> Supported;
  std::vector<BackendOp> FullCodegen;
  std::vector<BackendOp> Autograd;
  std::vector<BackendOp> IrGen;
  std::vector<BackendSymInt> SymInt;
  /// The spellings `SymInt` lists, so that isSymInt is a lookup, not a scan
  /// of the list per operator (quadratic on large backends); addSymInt keeps
  /// the two together.
  llvm::StringSet<> SymIntSpellings;
  std::vector<BackendNonNativeOp> NonNative;
  /// Where the `autograd:` key is, for diagnostics about the autograd key.
  llvm::SMLoc AutogradLoc;

  /// The operators of the backend key, in torchgen's order: `supported`,
  /// then `full_codegen` (torchgen appends the one to the other).
  std::vector<const BackendOp *> backendOps() const;
  /// Append a `symint:` entry.
  void addSymInt(std::string Spelling, llvm::SMLoc Loc);
  /// Whether `symint:` lists \p Op (written exactly as \p Op.Spelling).
  bool isSymInt(const BackendOp &Op) const;
  /// Where `supported`, `full_codegen` or `autograd` first names \p Name,
  /// for diagnostics; invalid when none does.
  llvm::SMLoc getLocation(const OperatorName &Name) const;
};

/// The kernel an external backend provides for \p Func: its dispatcher name,
/// with `_symint` when `symint:` lists it (torchgen's Note [External
/// Backends Follow Dispatcher API]).
std::string getExternalKernelName(const FunctionSchema &Func, bool SymInt);

} // namespace opgen

#endif // OPGEN_IR_BACKENDCONFIG_H
