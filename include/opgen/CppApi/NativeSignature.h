//===- NativeSignature.h - The native API (at::native::add) -----*- C++ -*-===//
//
// torchgen's native API (torchgen/api/native.py, NativeSignature): the
// signatures of the kernels in at::native that in-tree backends implement.
// It follows the dispatcher API's order (tensor options unpacked, out=
// arguments last) but keeps defaults on non-out functions for callers of
// at::native, and its name carries the overload (`add_out_out`).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_NATIVESIGNATURE_H
#define OPGEN_CPPAPI_NATIVESIGNATURE_H

#include "opgen/CppApi/CppTypes.h"

#include <string>
#include <vector>

namespace opgen {

/// native.name: the C++ name, then `_OVERLOAD` when there is an overload.
std::string nativeName(const NativeFunction &F);

/// native.argumenttype_type: the C++ API's type except that `Tensor?`,
/// `Scalar` and `Scalar?` are always taken by reference (a mutable
/// `Tensor?` as `::std::optional<at::Tensor> &`).
CType nativeArgumentCType(Type T, bool Mutable, bool SymInt,
                          const CppApiFlags &Flags);

struct NativeSignature {
  const NativeFunction *F = nullptr;
  bool SymInt = false;
  std::string Prefix;

  std::string name() const { return Prefix + nativeName(*F); }
  std::vector<Binding> arguments() const;
  CType returnsType() const;
  /// `RET NAME(T a=default, ...)`.
  std::string decl() const;
  std::string defn() const;
};

} // namespace opgen

#endif // OPGEN_CPPAPI_NATIVESIGNATURE_H
