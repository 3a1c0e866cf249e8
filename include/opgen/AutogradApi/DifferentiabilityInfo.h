//===- DifferentiabilityInfo.h - What autograd knows of a function -*- C++
//-*-===//
//
// torchgen's autograd model (torchgen/api/autograd.py): for each function
// derivatives.yaml covers, per dispatch key, the backward formulas (one per
// group of differentiable inputs, rewritten to read what the Node saves),
// the forward-mode formulas (one per group of outputs), what is saved, and
// the Node class's name. loadDerivatives (LoadDerivatives.h) builds it from
// the IR; the autograd emitters read it and never the yaml.
//
//   - name: mul.Tensor(Tensor self, Tensor other) -> Tensor
//     self: mul_tensor_backward(grad, other, self.scalar_type())
//   is, for key Default, op `MulBackward0`, one Derivative for `self` with
//   formula `mul_tensor_backward(grad, other, self_scalar_type)`, saving
//   `other` (at::Tensor other) and `self_scalar_type` (at::ScalarType,
//   saved as `self.scalar_type()`).
//
// Plain data: functions are named by FunctionId, types are the IR's and the
// C++ API's values.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_AUTOGRADAPI_DIFFERENTIABILITYINFO_H
#define OPGEN_AUTOGRADAPI_DIFFERENTIABILITYINFO_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/Diagnostics.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace opgen {

/// A value a Node saves for its backward formulas: an input or output, or
/// something computed from one when the Node is made (`self.sym_sizes()`
/// saved as `self_sym_sizes`).
struct SavedAttribute {
  /// The member's name and C++ type.
  NamedCType NCType;
  /// What is evaluated when the Node is made (`self.scalar_type()`).
  std::string Expr;

  bool operator==(const SavedAttribute &O) const {
    return NCType == O.NCType && Expr == O.Expr;
  }
};

/// A backward formula for one or more inputs.
struct Derivative {
  /// The formula with inputs and outputs renamed to what the Node saves.
  std::string Formula;
  /// The formula as written.
  std::string OriginalFormula;
  /// The inputs it computes gradients for (`self`, `other`).
  std::vector<std::string> VarNames;
  std::vector<SavedAttribute> SavedInputs;
  std::vector<SavedAttribute> SavedOutputs;
  /// The `grad_<return>` names it uses.
  std::set<std::string> NamedGradients;
};

/// A forward-mode formula for one or more outputs.
struct ForwardDerivative {
  std::string Formula;
  /// The outputs it computes (`result`, `result0`, a named return).
  std::vector<std::string> VarNames;
  std::vector<Type> VarTypes;
  /// The inputs whose tangent (`x_t`) and primal (`x_p`) it reads; nothing
  /// before the formula's postprocessing (torchgen's None). Order carries
  /// no meaning (torchgen makes some of them from sets).
  std::optional<std::vector<std::string>> RequiredInputsFwGrad;
  std::optional<std::vector<std::string>> RequiredInputsPrimal;
  /// An in-place function's formula reads `original_self_p`/`_t`.
  bool RequiredOriginalSelfValue = false;
  /// An in-place function reuses its out-of-place function's formula.
  bool IsReusingOutplaceFormula = false;
};

/// torchgen's DifferentiabilityInfo: one entry's meaning for one key.
struct DifferentiabilityInfo {
  /// The entry's base name (`mul`, `add_`), or the view_copy's/foreach's.
  std::string Name;
  /// The function the entry is for (the canonical one of its signature).
  FunctionId Func = 0;
  /// The Node class (`MulBackward0`), only when some input has a formula.
  std::optional<std::string> Op;
  /// One per group of differentiable inputs, in sorted key order.
  std::vector<Derivative> Derivatives;
  std::vector<ForwardDerivative> ForwardDerivatives;
  /// Every Derivative's saved inputs and outputs, first of each name kept.
  std::vector<SavedAttribute> AllSavedInputs;
  std::vector<SavedAttribute> AllSavedOutputs;
  /// `grad_<name>` of each named, differentiable tensor return.
  std::vector<std::string> AvailableNamedGradients;
  std::set<std::string> UsedNamedGradients;
  /// The inputs some formula differentiates, in argument order.
  std::vector<Binding> ArgsWithDerivatives;
  /// Inputs whose formula is `non_differentiable`.
  std::vector<std::string> NonDifferentiableArgNames;
  /// `output_differentiability`: per output, or `[true]` with a condition.
  std::optional<std::vector<bool>> OutputDifferentiability;
  std::optional<std::vector<std::string>> OutputDifferentiabilityConditions;
  /// The derivatives.yaml entry this came from (invalid for the infos
  /// torchgen makes itself: a foreach function's).
  llvm::SMLoc EntryLoc;

  bool hasDerivatives() const { return !ArgsWithDerivatives.empty(); }
};

/// An info per dispatch key (`Default`, `AutogradNestedTensor`, ...), in
/// the order derivatives.yaml lists them.
using InfosByKey = std::vector<std::pair<std::string, DifferentiabilityInfo>>;

/// The infos of one function.
struct FunctionInfos {
  FunctionId Func = 0;
  InfosByKey ByKey;
  /// Whether these are among torchgen's differentiability_infos (whose Node
  /// classes Functions.h declares). An in-place foreach function uses its
  /// reference's Default info, in a table of its own that is not.
  bool Listed = true;
  /// Made while matching (a foreach function's, which torchgen's
  /// match_differentiability_info adds to differentiability_infos): not
  /// among what load_derivatives alone gives, as gen_autograd_python sees
  /// them.
  bool MadeByMatching = false;
};

/// A function with what autograd knows of it (torchgen's
/// NativeFunctionWithDifferentiabilityInfo).
struct FunctionWithDerivatives {
  FunctionId Func = 0;
  /// Index into AutogradModel::Infos, if the function has infos.
  std::optional<size_t> Infos;
  /// Per key, the forward formulas as this function uses them (an in-place
  /// function's are rewritten from its out-of-place function's); set
  /// exactly when Infos is.
  std::optional<
      std::vector<std::pair<std::string, std::vector<ForwardDerivative>>>>
      FwDerivatives;
};

/// What gen_autograd computes before it writes a file.
struct AutogradModel {
  /// By function, in torchgen's order: the entries', then the view_copy
  /// functions', then the foreach functions' made while matching (and the
  /// unlisted tables of in-place foreach functions).
  std::vector<FunctionInfos> Infos;
  /// Every dispatch key derivatives.yaml uses.
  std::set<std::string> UsedDispatchKeys;
  /// The selected functions, sorted by C++ name, each with its infos.
  std::vector<FunctionWithDerivatives> Functions;

  const InfosByKey *getInfos(const FunctionWithDerivatives &F) const {
    return F.Infos ? &Infos[*F.Infos].ByKey : nullptr;
  }
};

/// The info for \p Key (torchgen's `info[key]`), or null.
const DifferentiabilityInfo *findInfo(const InfosByKey &Infos,
                                      llvm::StringRef Key);

/// Whether a backward formula of \p Info uses identifier \p Ident
/// (torchgen's uses_ident).
bool usesIdent(const DifferentiabilityInfo *Info, llvm::StringRef Ident);
inline bool usesRetainVariables(const DifferentiabilityInfo *Info) {
  return usesIdent(Info, "retain_variables");
}
inline bool usesSingleGrad(const DifferentiabilityInfo *Info) {
  return usesIdent(Info, "grad");
}

/// How VariableType calls a function: `use_derived` (on unpacked tensors,
/// for abstract functions and those with a derivative for any key) or
/// `use_type` (torchgen's dispatch_strategy).
enum class DispatchStrategy { UseDerived, UseType };
DispatchStrategy getDispatchStrategy(const Module &M, const AutogradModel &AM,
                                     const FunctionWithDerivatives &F);

/// A differentiable output (torchgen's DifferentiableOutput).
struct DifferentiableOutput {
  std::string Name;
  Type Ty;
  std::string CppType;
};

/// Whether a tensor-like \p Ty named \p Name is differentiable under
/// \p Info (torchgen's is_differentiable).
bool isDifferentiable(llvm::StringRef Name, Type Ty,
                      const DifferentiabilityInfo *Info);

/// The differentiable outputs of \p F for \p Key (torchgen's
/// gen_differentiable_outputs); nothing after reporting to \p D an
/// output_differentiability whose length is not the number of outputs, or
/// that makes an in-place function's output undifferentiable. (torchgen
/// checks this only where an emitter asks, so the model does not.)
std::optional<std::vector<DifferentiableOutput>>
getDifferentiableOutputs(const Module &M, const AutogradModel &AM,
                         const FunctionWithDerivatives &F, llvm::StringRef Key,
                         DiagnosticEngine &D);

} // namespace opgen

#endif // OPGEN_AUTOGRADAPI_DIFFERENTIABILITYINFO_H
