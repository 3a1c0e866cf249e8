//===- OperatorSelection.h - Which operators a build includes ---*- C++ -*-===//
//
// A selective (custom) build of PyTorch registers only some operators: those
// of a selection yaml (--op-selection-yaml-path), or of a list of operator
// names (--op-registration-whitelist). This is torchgen's SelectiveBuilder:
//
//   include_all_operators: false
//   operators:
//     aten::add.Tensor: {is_root_operator: true, is_used_for_training: false,
//                        include_all_overloads: false}
//     aten::conv2d:     {}   # every overload, as a training root operator
//
// An operator is named with its namespace and, optionally, its overload.
// The Parse layer reads the yaml and the list (readOperatorSelection); a
// Module without a selection selects everything (torchgen's nop selector).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_OPERATORSELECTION_H
#define OPGEN_IR_OPERATORSELECTION_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace opgen {

struct NativeFunction;

/// One entry of `operators:` (torchgen's SelectiveBuildOperator).
struct SelectedOperator {
  /// `aten::add.Tensor`, or `aten::add` for a family of overloads.
  std::string Name;
  bool IsRootOperator = true;
  bool IsUsedForTraining = true;
  /// With a name without overload: every overload of that name. True
  /// unless the yaml says otherwise, as in torchgen.
  bool IncludeAllOverloads = true;
  std::optional<std::vector<std::string>> DebugInfo;
  /// Where the selection names it, for diagnostics.
  llvm::SMLoc Loc;
};

struct OperatorSelection {
  bool IncludeAllOperators = false;
  bool IncludeAllNonOpSelectives = false;
  std::optional<std::vector<std::string>> DebugInfo;
  /// By name, as written.
  std::map<std::string, SelectedOperator> Operators;
  /// Kernel tag -> the dtypes selected for it.
  std::map<std::string, std::vector<std::string>> KernelMetadata;
  /// ExecuTorch's kernel tag -> input dtype lists.
  std::map<std::string, std::vector<std::string>> EtKernelMetadata;
  std::set<std::string> CustomClasses;
  std::set<std::string> BuildFeatures;

  /// Whether \p Name (`aten::add.Tensor`) is selected: named exactly, or
  /// its overload-less name is with `include_all_overloads`.
  bool isOperatorSelected(llvm::StringRef Name) const;
  bool isOperatorSelectedForTraining(llvm::StringRef Name) const;
  bool isRootOperator(llvm::StringRef Name) const;
  bool isKernelDtypeSelected(llvm::StringRef KernelTag,
                             llvm::StringRef Dtype) const;

  /// The same for a function, named `<namespace>::<name>.<overload>`.
  bool isNativeFunctionSelected(const NativeFunction &F) const;
  bool isNativeFunctionSelectedForTraining(const NativeFunction &F) const;
};

/// `<namespace>::<name>[.<overload>]`: how a selection names \p F.
std::string getSelectionName(const NativeFunction &F);

} // namespace opgen

#endif // OPGEN_IR_OPERATORSELECTION_H
