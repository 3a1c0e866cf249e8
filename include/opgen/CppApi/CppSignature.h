//===- CppSignature.h - The public C++ API (at::add) ------------*- C++ -*-===//
//
// torchgen's C++ API (torchgen/api/cpp.py and CppSignature, CppSignatureGroup
// of api/types/signatures.py): the functions users call. Unlike the
// dispatcher API it has defaults, packs dtype/layout/device/pin_memory into
// one `at::TensorOptions` and puts out= arguments first; the "faithful"
// variant follows the schema instead, and the "symint" variant keeps SymInt.
//
//   add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out)
//     -> at::Tensor & add_out(at::Tensor & out, const at::Tensor & self,
//                             const at::Tensor & other,
//                             const at::Scalar & alpha=1)
//     faithful: at::Tensor & add_outf(const at::Tensor & self, ...,
//                                     at::Tensor & out)
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_CPPSIGNATURE_H
#define OPGEN_CPPAPI_CPPSIGNATURE_H

#include "opgen/CppApi/CppTypes.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// The C++ expression for the schema default \p D of an argument of type
/// \p T (cpp.default_expr): `None` -> `::std::nullopt`, `[0,1]` -> `{0,1}`,
/// `'mean'` -> `"mean"`.
std::string defaultExpr(llvm::StringRef D, Type T, bool SymInt);

/// The schema's base name as C++ spells it (`add`, `add_`, `__and__`): the
/// kernel-naming pass's C++ name without the `_out` of out= functions.
std::string cppBaseName(const NativeFunction &F);

/// cpp.name: the base name, `_symint` for the SymInt overload, then `_out`
/// (`_outf` for the faithful form) for out= functions.
std::string cppName(const NativeFunction &F, bool FaithfulOutName,
                    bool SymIntOverload = false);

/// One signature of the C++ API (torchgen's CppSignature).
struct CppSignature {
  const NativeFunction *F = nullptr;
  /// A `Tensor::` method: `self` is implicit.
  bool Method = false;
  /// The schema's argument order, no TensorOptions packing, no defaults.
  bool Faithful = false;
  /// SymInt arguments stay `c10::SymInt` (and the name gets `_symint`).
  bool SymInt = false;
  /// manual_cpp_binding's alternate `__dispatch_` binding.
  bool FallbackBinding = false;

  std::vector<Binding> arguments() const;
  std::string name() const;
  CType returnsType() const;
  /// `RET NAME(T a=default, ...)`; \p Redispatch adds the leading
  /// `c10::DispatchKeySet dispatchKeySet` of at::redispatch.
  std::string decl(bool Redispatch = false) const;
  /// decl() without defaults.
  std::string defn(bool Redispatch = false) const;
};

/// The C++ API arguments of \p F (cpp.arguments).
std::vector<Binding> cppArguments(const NativeFunction &F, bool Faithful,
                                  bool SymInt, bool Method);

/// Every C++ signature of one variant of a function (CppSignatureGroup):
/// the faithful ones exist when packing or out= reordering makes them
/// differ, the SymInt ones when the schema takes a SymInt.
struct CppSignatureGroup {
  CppSignature Signature;
  std::optional<CppSignature> FaithfulSignature;
  std::optional<CppSignature> SymIntSignature;
  std::optional<CppSignature> SymIntFaithfulSignature;

  static CppSignatureGroup get(const NativeFunction &F, bool Method,
                               bool FallbackBinding = false);
};

/// The signature a statically dispatched call names a backend's kernel by
/// (torchgen's gen_static_dispatch_backend_call_signature): the plain
/// function signature, its SymInt form when the schema takes a SymInt.
CppSignature getStaticDispatchCallSignature(const NativeFunction &F);

} // namespace opgen

#endif // OPGEN_CPPAPI_CPPSIGNATURE_H
