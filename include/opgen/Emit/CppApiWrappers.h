//===- CppApiWrappers.h - The C++ API's inline wrappers ---------*- C++ -*-===//
//
// Functions.h (at::add), TensorBody.h (Tensor::add) and
// RedispatchFunctions.h (at::redispatch::add) are made of inline wrappers,
// one per C++ signature of a function, that forward to the operator's
// entry point in at::_ops:
//
//   // aten::add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor
//   inline at::Tensor add(const at::Tensor & self, ...) {
//       return at::_ops::add_Tensor::call(self, other, alpha);
//   }
//
// These helpers are what the three emitters share: the module checks, the
// arguments of the forwarding call, and a per-function loop on threads.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_CPPAPIWRAPPERS_H
#define OPGEN_EMIT_CPPAPIWRAPPERS_H

#include "opgen/CppApi/CppSignature.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// Check that the module can be given a C++ API: the kernel names of the
/// default pipeline are there, every type has a C++ spelling, and no static
/// dispatch is asked for. \p What names the files, for the messages.
LogicalResult checkCppApiModule(EmitContext &EC, llvm::StringRef What);

/// One C++ signature of a function, with what its wrapper is made of.
struct CppWrapper {
  CppSignature Sig;
  /// Sig.name() and Sig.arguments(), computed once.
  std::string Name;
  std::vector<Binding> Args;
  /// Sig.returnsType() and Args with defaults, spelt once: each wrapper is
  /// printed up to three times (at::, at::symint::, at::redispatch::).
  std::string Returns, DeclArgs;
  /// The arguments of the at::_ops call (Args translated to the
  /// dispatcher's), joined with ", ".
  std::string CallArgs;

  /// Append `RET NAME(T a=default, ...)` (\p Defn: without defaults) with
  /// \p Name, which may differ from Sig.name() (a `Tensor::` prefix, no
  /// `_symint`); \p Redispatch puts `c10::DispatchKeySet dispatchKeySet`
  /// first.
  void appendSignature(std::string &Out, llvm::StringRef Name, bool Defn,
                       bool Redispatch = false) const;
};

using CppWrappers = llvm::SmallVector<CppWrapper, 4>;

/// What several headers print of one function besides its wrappers.
struct FunctionTexts {
  /// F.Func.str(): Functions.h, RedispatchFunctions.h, TensorBody.h,
  /// Operators.h and RegistrationDeclarations.h each print every schema
  /// (about 5 M instructions each time).
  std::string Schema;
  /// The dispatcher signature (DispatcherSignature(F)), which Operators.h and
  /// RegistrationDeclarations.h print and the wrappers call: its bindings,
  /// its return type, its parameter types joined with ", " and its
  /// parameters (`T a, U b`).
  std::vector<Binding> DispatcherArgs;
  std::string Returns, Types, Params;
  /// checkCppTypes(F.Func), which six headers check.
  std::optional<std::string> NoCppType;
};

/// The texts of \p F, computed.
FunctionTexts getFunctionTexts(const NativeFunction &F);

/// The wrappers of \p F's function (or method) signatures, in torchgen's
/// order (CppSignatureGroup.signatures(): plain, faithful, then the SymInt
/// ones), with manual_cpp_binding's fallback names; null after reporting at
/// the function when a call cannot be translated. \p Goals, when given, is
/// DispatcherSignature(F).arguments().
std::optional<CppWrappers>
getCppWrappers(EmitContext &EC, const NativeFunction &F, bool Method,
               const std::vector<Binding> *Goals = nullptr);

/// Each function's wrappers and texts, made on first use and kept for the
/// run. Functions.h and RedispatchFunctions.h print the same wrappers of
/// every function, and five headers the same texts; making them once saves
/// about 90 M instructions of 700 M. Safe to use from several threads.
class CppWrapperCache {
public:
  explicit CppWrapperCache(const Module &M);
  ~CppWrapperCache();
  /// getCppWrappers(EC, F, Method), made by the first caller (which reports
  /// why it cannot be made); null when it cannot.
  const CppWrappers *get(EmitContext &EC, const NativeFunction &F, bool Method);
  /// getFunctionTexts(F), made by the first caller.
  const FunctionTexts &texts(const NativeFunction &F);

  template <typename T> struct Slot;

private:
  const NativeFunction *Functions;
  std::unique_ptr<Slot<std::unique_ptr<CppWrappers>>[]> Wrappers[2];
  std::unique_ptr<Slot<FunctionTexts>[]> Texts;
};

/// EC's wrapper cache, made on the first call. Call it outside parallel
/// loops.
CppWrapperCache &getCppWrapperCache(EmitContext &EC);

/// Make one text per function on EC.Options.Threads threads, in module
/// order (null: the function contributes nothing); diagnostics are reported
/// in source order. Fails if any function failed.
LogicalResult forEachFunction(EmitContext &EC,
                              llvm::function_ref<std::optional<std::string>(
                                  const NativeFunction &, bool &Failed)>
                                  Gen,
                              std::vector<std::optional<std::string>> &Texts);

/// The texts that were made, in order, as a template list.
std::vector<std::string>
presentTexts(std::vector<std::optional<std::string>> &Texts);

} // namespace opgen

#endif // OPGEN_EMIT_CPPAPIWRAPPERS_H
