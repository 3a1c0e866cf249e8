//===- TraceTypeCommon.h - Names shared by the autograd kernels -*- C++ -*-===//
//
// What torchgen's gen_trace_type.py defines and the other kernel generators
// (ADInplaceOrViewType, VariableType) reuse: the name of a kernel wrapper,
// how its body binds the results of the redispatched call, and what it
// returns.
//
//   add_.Tensor, key Default   -> wrapper add__Tensor
//   max.dim (values, indices)  -> auto [values, indices] = ...;
//                                 return std::make_tuple(std::move(values),
//                                                        std::move(indices));
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_AUTOGRAD_TRACETYPECOMMON_H
#define OPGEN_EMIT_AUTOGRAD_TRACETYPECOMMON_H

#include "opgen/IR/NativeFunction.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace opgen {

/// cpp.name(f.func): the C++ API name (`add_out` for out= functions), the
/// kernel-naming pass's when it ran.
std::string autogradCppName(const NativeFunction &F);

/// torchgen's type_wrapper_name: the C++ name, `_<overload>` when there is
/// an overload name, and `_<Key>` unless \p Key is `Default` (VariableType
/// has one wrapper per autograd dispatch key).
std::string typeWrapperName(const NativeFunction &F,
                            llvm::StringRef Key = "Default");

/// torchgen's tie_return_values: `auto NAME` (the return's name or
/// `result`) for one return, `auto [a, b]` (cpp.return_names) for several.
std::string tieReturnValues(const NativeFunction &F);

/// torchgen's get_return_value: the returned expression, the only name,
/// `std::forward_as_tuple(a, b)` for out= functions or
/// `std::make_tuple(std::move(a), std::move(b))`.
std::string getReturnValue(const NativeFunction &F);

/// The formals of a generated kernel (torchgen's gen_formals, which
/// gen_trace_type spells out too): `c10::DispatchKeySet ks` and each schema
/// argument with its dispatcher (SymInt) type.
std::string genKernelFormals(const NativeFunction &F);

/// `cpp.returns_type(f.func.returns, symint=True).cpp_type()`.
std::string kernelReturnType(const NativeFunction &F);

/// The dispatcher expressions of \p F (DispatcherSignature.exprs()) after
/// \p KeySet, joined with ", ": a redispatch's arguments.
std::string redispatchArgs(const NativeFunction &F, llvm::StringRef KeySet);

/// METHOD_DEFINITION (the same template in gen_trace_type.py and
/// gen_inplace_or_view_type.py):
///   RET NAME(FORMALS) {
///     BODY (each element a block, indented two blanks)
///   }
std::string methodDefinition(llvm::StringRef ReturnType,
                             llvm::StringRef WrapperName,
                             llvm::StringRef Formals,
                             llvm::ArrayRef<std::string> Body);

/// WRAPPER_REGISTRATION:
///   m.impl("OPERATOR",
///          TORCH_FN(CLASS::WRAPPER)
///   );
std::string wrapperRegistration(llvm::StringRef OperatorName,
                                llvm::StringRef ClassType,
                                llvm::StringRef WrapperName);

} // namespace opgen

#endif // OPGEN_EMIT_AUTOGRAD_TRACETYPECOMMON_H
