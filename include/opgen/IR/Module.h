//===- Module.h - The operator IR of one native_functions.yaml --*- C++ -*-===//
//
// A Module holds the native functions in torchgen's order and, once the
// passes have run, what they computed: function groups, view groups and
// backend indices. Groups refer to functions by their index in Functions
// (a FunctionId), so the IR stays plain data with value semantics.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_MODULE_H
#define OPGEN_IR_MODULE_H

#include "opgen/IR/BackendConfig.h"
#include "opgen/IR/Deprecated.h"
#include "opgen/IR/Derivatives.h"
#include "opgen/IR/DispatchKey.h"
#include "opgen/IR/NativeFunction.h"
#include "opgen/IR/OperatorSelection.h"
#include "opgen/IR/TorchRelease.h"

#include "llvm/ADT/SmallVector.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace opgen {

/// Index of a function in Module::Functions.
using FunctionId = size_t;

/// torchgen's NativeFunctionsGroup (functional + out, optionally inplace and
/// mutable), or a function that is in no group.
struct FunctionGroup {
  bool IsGroup = false;
  /// For a single function.
  FunctionId Function = 0;
  /// For a group: functional and out are always there.
  FunctionId Functional = 0, Out = 0;
  std::optional<FunctionId> Inplace, Mutable;
  /// A group's out function is structured. Then Out is the resolved
  /// `structured_delegate` of its functional and inplace variants, and
  /// every delegating function is in such a group (verifyStructuredGroups).
  bool Structured = false;

  /// The functions of the group in torchgen's order (functional, out,
  /// inplace, mutable), or the single function. Every stage enumerates a
  /// group's members through this.
  llvm::SmallVector<FunctionId, 4> members() const;
};

/// torchgen's NativeFunctionsViewGroup.
struct ViewGroup {
  FunctionId View = 0;
  std::optional<FunctionId> ViewCopy, ViewInplace;

  /// view, view_inplace, then view_copy unless \p IncludeCopy is false
  /// (torchgen's NativeFunctionsViewGroup.functions()).
  llvm::SmallVector<FunctionId, 3> members(bool IncludeCopy = true) const;
};

/// One backend's kernels: torchgen's BackendIndex.
struct BackendIndex {
  /// The dispatch key (`CPU`, `XLA`, `AutogradPrivateUse1`, ...).
  DispatchKey Key = DispatchKey::Undefined;
  bool UseOutAsPrimary = true;
  bool DeviceGuard = false;
  bool External = false;
  /// Operator name -> kernel, in the order torchgen inserts them.
  std::vector<std::pair<OperatorName, BackendMetadata>> Index;
};

struct Module {
  /// Native functions in file order; generated ones follow, in the order
  /// variant synthesis makes them.
  std::vector<NativeFunction> Functions;
  /// Tags declared in tags.yaml.
  std::set<std::string> ValidTags;
  /// Dispatch keys the reader leaves out of `dispatch:` tables, as if not
  /// written (torchgen.gen's ignore_keys: MPS, XPU and MTIA keys unless
  /// --mps, --xpu, --mtia). Set before reading, like ValidTags.
  std::vector<DispatchKey> IgnoredDispatchKeys;
  /// Which torchgen release's checks the reader followed.
  TorchRelease Release = TorchRelease::V2_14;
  /// Set by the group pass.
  std::optional<std::vector<FunctionGroup>> Groups;
  std::optional<std::vector<ViewGroup>> ViewGroups;
  /// Set by the backend-index pass, by key.
  std::optional<std::map<DispatchKey, BackendIndex>> BackendIndices;
  /// The external backend's yaml, when one was read (--backend-yaml).
  std::optional<BackendConfig> Backend;
  /// The operators a selective build includes; none selects every operator.
  std::optional<OperatorSelection> Selection;
  /// derivatives.yaml as written, when one was read (the autograd API
  /// matches it to the functions).
  std::optional<DerivativesFile> Derivatives;
  /// deprecated.yaml as read, when one was (the Python bindings' deprecated
  /// signatures).
  std::optional<DeprecatedFile> Deprecated;

  /// Whether the build includes \p F (torchgen's
  /// selector.is_native_function_selected).
  bool isSelected(const NativeFunction &F) const {
    return !Selection || Selection->isNativeFunctionSelected(F);
  }
  /// Whether variant synthesis has run (it must run at most once).
  bool VariantsSynthesized = false;

  /// The index of key \p K, or null when the backend-index pass has not run
  /// or the key has no kernels.
  const BackendIndex *getBackendIndex(DispatchKey K) const;
};

} // namespace opgen

#endif // OPGEN_IR_MODULE_H
