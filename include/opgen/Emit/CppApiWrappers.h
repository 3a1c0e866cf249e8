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
/// default pipeline are there, and with \p NeedsGroups the groups and
/// backend indices too. \p What names the files, for the
/// messages.
LogicalResult checkCppApiModule(EmitContext &EC, llvm::StringRef What,
                                bool NeedsGroups = false);

/// Texts kept end to end in one string, read back by number: what the
/// wrapper cache keeps of each function is one allocation instead of one
/// per text (fewer mallocs to make and frees to drop them, about 4 M
/// instructions).
template <unsigned N> class TextPieces {
public:
  llvm::StringRef get(unsigned I) const {
    uint32_t Begin = I ? Ends[I - 1] : 0;
    return llvm::StringRef(Storage.data() + Begin, Ends[I] - Begin);
  }
  /// Where piece \p I (the next one) is appended.
  std::string &storage() { return Storage; }
  /// Piece \p I is everything appended since piece I - 1.
  void end(unsigned I) {
    for (unsigned J = I; J != N; ++J)
      Ends[J] = static_cast<uint32_t>(Storage.size());
  }

private:
  std::string Storage;
  uint32_t Ends[N] = {};
};

/// One C++ signature of a function, with what its wrapper is made of, spelt
/// once: each wrapper is printed up to three times (at::, at::symint::,
/// at::redispatch::).
struct CppWrapper {
  CppSignature Sig;
  /// Sig.name().
  llvm::StringRef name() const { return Texts.get(NameText); }
  /// Sig.returnsType().
  llvm::StringRef returns() const { return Texts.get(ReturnsText); }
  /// Sig.arguments() with their defaults, joined with ", ".
  llvm::StringRef declArgs() const { return Texts.get(DeclArgsText); }
  /// The arguments of the at::_ops call (Sig.arguments() translated to the
  /// dispatcher's), joined with ", ".
  llvm::StringRef callArgs() const { return Texts.get(CallArgsText); }

  /// Append `RET NAME(T a=default, ...)` (\p Defn: without defaults, for
  /// wrappers made with their definitions) with \p Name, which may differ
  /// from name() (a `Tensor::` prefix, no `_symint`); \p Redispatch puts
  /// `c10::DispatchKeySet dispatchKeySet` first.
  void appendSignature(std::string &Out, llvm::StringRef Name, bool Defn,
                       bool Redispatch = false) const;

  /// Filled by getCppWrappers.
  enum Text { NameText, ReturnsText, DeclArgsText, CallArgsText, DefnArgsText };
  TextPieces<5> Texts;
  bool HasDefnArgs = false;
};

using CppWrappers = llvm::SmallVector<CppWrapper, 4>;

/// What several headers print of one function besides its wrappers.
struct FunctionTexts {
  /// F.Func.str(): Functions.h, RedispatchFunctions.h, TensorBody.h,
  /// Operators.h and RegistrationDeclarations.h each print every schema
  /// (about 5 M instructions each time).
  llvm::StringRef schema() const { return Texts.get(SchemaText); }
  /// Whether no character of the schema needs escaping in a C++ or JSON
  /// string (quotes, backslashes, control and non-ASCII characters), as for
  /// all but a few: checked once instead of by each header (about 5 M).
  bool PlainSchema = true;
  /// The dispatcher signature (DispatcherSignature(F)), which Operators.h and
  /// RegistrationDeclarations.h print and the wrappers call: its bindings,
  /// its return type, its parameter types joined with ", " and its
  /// parameters (`T a, U b`).
  std::vector<Binding> DispatcherArgs;
  llvm::StringRef returns() const { return Texts.get(ReturnsText); }
  llvm::StringRef types() const { return Texts.get(TypesText); }
  llvm::StringRef params() const { return Texts.get(ParamsText); }
  /// checkCppTypes(F.Func), which six headers check.
  std::optional<std::string> NoCppType;

  enum Text { SchemaText, ReturnsText, TypesText, ParamsText };
  TextPieces<4> Texts;
};

/// The texts of \p F, computed.
FunctionTexts getFunctionTexts(const NativeFunction &F);

/// The wrappers of \p F's function (or method) signatures, in torchgen's
/// order (CppSignatureGroup.signatures(): plain, faithful, then the SymInt
/// ones), with manual_cpp_binding's fallback names; null after reporting at
/// the function when a call cannot be translated. \p Goals, when given, is
/// DispatcherSignature(F).arguments(); \p Definitions makes the arguments
/// without defaults too (appendSignature with Defn).
std::optional<CppWrappers>
getCppWrappers(EmitContext &EC, const NativeFunction &F, bool Method,
               const std::vector<Binding> *Goals = nullptr,
               bool Definitions = false);

/// Each function's wrappers and texts, made on first use and kept for the
/// run. Functions.h and RedispatchFunctions.h print the same wrappers of
/// every function (made once: about 35 M instructions saved), and up to six
/// headers the same texts (about 50 M saved), of the `aten` set's 570 M.
/// Safe to use from several threads.
class CppWrapperCache {
public:
  explicit CppWrapperCache(const Module &M);
  ~CppWrapperCache();
  /// getCppWrappers(EC, F, Method), made by the first caller (which reports
  /// why it cannot be made); null when it cannot. Function wrappers come
  /// with their definitions' arguments, which the keys' direct C++ APIs
  /// print (at::cpu::add, about 60 M instructions when each key made its
  /// own).
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
