//===- VariableTypeStopgap.h - Helpers until the shared ones land -*- C++
//-*-===//
//
// TEMPORARY. gen_variable_type.py borrows these from
// gen_inplace_or_view_type.py and gen_trace_type.py; their shared C++ versions
// (InplaceOrViewCommon.h, TraceTypeCommon.h) come from branch autograd-trace.
// Until that merge, the VariableType emitter uses these; after it, this file
// goes away.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_EMIT_AUTOGRAD_VARIABLETYPESTOPGAP_H
#define OPGEN_LIB_EMIT_AUTOGRAD_VARIABLETYPESTOPGAP_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/NativeFunction.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {
namespace vtstopgap {

/// An argument as the kernel passes it on: unpacked tensors get `_`.
struct UnpackedBinding {
  std::string Name;
  CType Type;
  const Argument *Arg = nullptr;
};

/// `c10::DispatchKeySet ks, const at::Tensor & self, ...`.
std::string genFormals(const NativeFunction &F);
/// The argument \p F's outputs are views of, if it is a view function.
std::optional<std::string> getViewInfo(const AutogradTables &T,
                                       const NativeFunction &F);
bool modifiesArguments(const NativeFunction &F);
/// The `auto& self_ = unpack(self, "self", 0);` statements and the
/// arguments as passed on.
std::vector<std::string> unpackArgs(const NativeFunction &F,
                                    std::vector<UnpackedBinding> &Bindings);
inline std::string unpackedName(llvm::StringRef Name) {
  return Name.str() + "_";
}
std::string typeWrapperName(const NativeFunction &F,
                            llvm::StringRef Key = "Default");
std::string tieReturnValues(const NativeFunction &F);
std::string getReturnValue(const NativeFunction &F);

} // namespace vtstopgap
} // namespace opgen

#endif
