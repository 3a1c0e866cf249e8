//===- InplaceOrViewCommon.h - Views and in-place kernels' pieces -*- C++ -*-//
//
// What torchgen's gen_inplace_or_view_type.py defines and gen_variable_type
// and gen_view_funcs reuse: which functions are views (and of which
// argument), which modify their arguments, which get derived kernels, how a
// kernel unpacks its tensor arguments, and the small templates the kernels
// share.
//
//   transpose.int  -> view of `self`          (VIEW_FUNCTIONS)
//   add_.Tensor    -> modifies its arguments  (in-place)
//   unpack_args(mul.Tensor) ->
//     auto& self_ = unpack(self, "self", 0);
//     auto& other_ = unpack(other, "other", 1);
//     bindings self_, other_
//
// The policy tables come from the autograd folder (AutogradTables).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_AUTOGRAD_INPLACEORVIEWCOMMON_H
#define OPGEN_EMIT_AUTOGRAD_INPLACEORVIEWCOMMON_H

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/Module.h"

#include "llvm/ADT/StringRef.h"

#include <deque>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// torchgen's TMP_VAR: what a kernel binds the redispatched call's result
/// to before wrapping it.
inline constexpr const char *TmpVar = "_tmp";

/// torchgen's is_tensor_type: tensor-like and not a list (`Tensor`,
/// `Tensor?`).
bool isTensorType(Type T);
/// torchgen's is_tensor_list_type: a list of tensors (`Tensor[]`,
/// `Tensor?[]`).
bool isTensorListType(Type T);

/// torchgen's unpacked_name: `self` -> `self_`.
std::string unpackedName(llvm::StringRef ArgName);

/// torchgen's get_base_name: the schema's base name (`add` of `add_.Tensor`).
llvm::StringRef getBaseName(const NativeFunction &F);

/// torchgen's get_view_info: the argument \p F's outputs are views of
/// (VIEW_FUNCTIONS, else `self` for RETURNS_VIEWS_OF_INPUT), or nothing.
/// The text is the table's (or a literal).
std::optional<llvm::StringRef> getViewInfo(const AutogradTables &T,
                                           const NativeFunction &F);

/// torchgen's modifies_arguments: an in-place or out= function.
bool modifiesArguments(const NativeFunction &F);

/// torchgen's use_derived: not in MANUAL_AUTOGRAD and dispatched on
/// unpacked tensors (DispatchStrategy::UseDerived).
bool useDerived(const Module &M, const AutogradModel &AM,
                const AutogradTables &T, const FunctionWithDerivatives &F);

/// torchgen's gen_formals (the same as genKernelFormals, TraceTypeCommon.h).
std::string genFormals(const NativeFunction &F);

/// torchgen's extract_bindings: the C++ API binding of each schema argument
/// in schema order (SymInt, not faithful, no TensorOptions packing), with
/// the argument it binds. Defaults are not kept (no kernel prints them).
struct ExtractedBinding {
  Binding B;
  const Argument *Arg = nullptr;
};
std::vector<ExtractedBinding> extractBindings(const NativeFunction &F);

/// torchgen's unpack_args: a statement unpacking each non-optional tensor
/// (or tensor list) argument into `<name>_`, and the bindings a kernel
/// calls the function below autograd with (the unpacked names for those,
/// the arguments themselves otherwise).
struct UnpackedArgs {
  /// `auto& self_ = unpack(self, "self", 0);`, in argument order.
  std::vector<std::string> Stmts;
  /// One per schema argument, in schema order; each unpacked binding's name
  /// is held by this object (which is therefore not copyable).
  std::vector<Binding> Bindings;
  /// The schema argument of each binding (torchgen's binding.argument).
  std::vector<const Argument *> Args;

  UnpackedArgs() = default;
  UnpackedArgs(UnpackedArgs &&) = default;
  UnpackedArgs &operator=(UnpackedArgs &&) = default;
  UnpackedArgs(const UnpackedArgs &) = delete;
  UnpackedArgs &operator=(const UnpackedArgs &) = delete;

private:
  friend UnpackedArgs unpackArgs(const NativeFunction &F);
  /// The unpacked names the bindings point into (a deque: they never move).
  std::deque<std::string> Names;
};
UnpackedArgs unpackArgs(const NativeFunction &F);

/// ASSIGN_RETURN_VALUE: `RETURN_VALUES = RHS;` and a newline.
std::string assignReturnValue(llvm::StringRef ReturnValues,
                              llvm::StringRef Rhs);

/// AUTOGRAD_NOT_IMPLEMENTED_REGISTRATION:
/// `m.impl("OPERATOR", torch::autograd::autogradNotImplementedFallback());`
std::string autogradNotImplementedRegistration(llvm::StringRef OperatorName);

/// gen_view_funcs' view_func_name: the ViewFunc class replaying view \p F
/// (`transpose.int` -> `TransposeIntViewFunc`, or `transpose_int_view_func`
/// without \p CamelCase), with `torch::autograd::generated::` when
/// \p WithNamespace.
std::string viewFuncName(const NativeFunction &F, bool WithNamespace = false,
                         bool CamelCase = true);

} // namespace opgen

#endif // OPGEN_EMIT_AUTOGRAD_INPLACEORVIEWCOMMON_H
