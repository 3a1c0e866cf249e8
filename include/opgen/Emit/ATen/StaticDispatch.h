//===- StaticDispatch.h - Calling backends' kernels directly ----*- C++ -*-===//
//
// With --static-dispatch-backend, torchgen.gen makes at::_ops::<op>::call()
// (Operators_N.cpp) call the named backends' kernels instead of going
// through the dispatcher, and makes the headers that call needs reachable:
//
//   at::Tensor abs::call(const at::Tensor & self) {
//       return at::cpu::abs(self);
//   }
//
// With several backends the call picks one from the arguments' dispatch
// keys, and a function no backend has a kernel for calls its composite
// kernel. This class holds the backends as torchgen's indices see them and
// makes those texts, for OperatorDefinitions.cpp and FunctionsHeader.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_ATEN_STATICDISPATCH_H
#define OPGEN_EMIT_ATEN_STATICDISPATCH_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

class StaticDispatch {
public:
  /// The backends \p Keys (the flag's, in its order) of \p M, whose
  /// backend-index pass has run.
  StaticDispatch(const Module &M, llvm::ArrayRef<DispatchKey> Keys);

  bool empty() const { return Backends.empty(); }

  /// torchgen's static_dispatch_extra_headers: each backend's and the four
  /// composite keys' `#include <ATen/<Key>Functions.h>`; none without
  /// backends. Static: it needs no kernel lookups.
  static std::vector<std::string>
  getExtraHeaders(const Module &M, llvm::ArrayRef<DispatchKey> Keys);

  /// torchgen's static_dispatch_ops_header: the ops/<root>_<key>_dispatch.h
  /// each backend would call \p F through, one per line (possibly none);
  /// nothing for a manually registered function.
  std::optional<std::string> getOpsHeader(const NativeFunction &F) const;

  /// torchgen's static_dispatch: append the body of \p F's
  /// at::_ops::<op>::call(), whose parameters are \p DispatcherArgs, to
  /// \p Out: the lines between `{` and `}`, as the Operators.cpp template
  /// leaves them (no blanks at the ends of lines, so an empty body for a
  /// manually registered function). Reports at the function and fails when
  /// the kernel's arguments cannot be made from the call's.
  LogicalResult appendCallBody(Context &Ctx, const NativeFunction &F,
                               const std::vector<Binding> &DispatcherArgs,
                               std::string &Out) const;

private:
  /// The key torchgen's index of \p K names.
  static DispatchKey getIndexKey(const Module &M, DispatchKey K);

  struct Backend {
    /// The key its index names: Undefined for a key without kernels, as
    /// torchgen's defaultdict of indices makes it.
    DispatchKey Key;
    /// Each function's kernel, by FunctionId; empty when it has none.
    std::vector<const BackendMetadata *> Kernels;
  };
  bool hasKernel(const Backend &B, const NativeFunction &F) const;

  const Module &M;
  std::vector<Backend> Backends;
};

} // namespace opgen

#endif // OPGEN_EMIT_ATEN_STATICDISPATCH_H
