//===- FunctionalizationApi.h - Functionalization's view API ----*- C++ -*-===//
//
// torchgen's functionalization API (torchgen/api/functionalization.py): for
// each view op, a `ViewMeta` class replays the view, and a hand-written
// inverse in FunctionalInverses undoes it. Both follow the dispatcher API.
//
//   transpose.int -> classname  at::functionalization::transpose_int_ViewMeta
//                    inverse    static at::Tensor transpose_int_inverse(
//                                 const at::Tensor & base,
//                                 const at::Tensor & mutated_view,
//                                 at::functionalization::InverseReturnMode
//                                   inverse_return_mode, int64_t dim0, ...);
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_FUNCTIONALIZATIONAPI_H
#define OPGEN_CPPAPI_FUNCTIONALIZATIONAPI_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/Module.h"

#include <string>
#include <vector>

namespace opgen {

/// functionalization.classname: the ViewMeta specialization of a view op.
std::string viewMetaClassName(const NativeFunction &F, bool WithNamespace);

/// functionalization.reverse_name: the view inverse's name.
std::string viewInverseName(const NativeFunction &F, bool WithNamespace);

/// Whether a view op may return several tensors (functionalization's
/// is_multi_output): its inverse then takes the output index.
bool isMultiOutputView(const FunctionSchema &Func);

/// functionalization.op_arguments: the forward (\p Reverse false) or
/// inverse lambda's arguments.
std::vector<Binding> viewOpArguments(const NativeFunction &F, bool Reverse);

/// functionalization.base_ctor_arguments: what every ViewMeta's constructor
/// takes (`has_symbolic_inputs`, and `out_index` for a multi-output view).
std::vector<Binding> viewMetaBaseCtorArguments(const NativeFunction &F);

/// functionalization.attributes: the fields a ViewMeta keeps to replay and
/// undo the view (`reapply_views`, `inverse_return_mode`, then the view's
/// arguments after the first). \p Owning holds values rather than the
/// references the dispatcher passes (the fields outlive the call); the
/// constructor takes the non-owning ones (extra_ctor_arguments).
std::vector<Binding> viewMetaAttributes(const NativeFunction &F, bool Owning);

/// ViewMetaSpecialization.new: `std::make_shared<CLASS>(ARGS)`, the
/// constructor's arguments by name with \p OutIndex for `out_index`.
std::string viewMetaNew(const NativeFunction &F, llvm::StringRef OutIndex);

/// CType.remove_const_ref: \p T without any `const &` or `&`, at any depth
/// (`const ::std::optional<at::Tensor> &` -> `::std::optional<at::Tensor>`);
/// what functionalization declares to hold an argument or result.
CType removeConstRef(const CType &T);

/// ViewInverseSignature.decl: `static at::Tensor NAME_inverse(...);`.
std::string viewInverseDecl(const Module &M, const ViewGroup &VG);

} // namespace opgen

#endif // OPGEN_CPPAPI_FUNCTIONALIZATIONAPI_H
