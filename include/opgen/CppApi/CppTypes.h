//===- CppTypes.h - Schema types as C++ types -------------------*- C++ -*-===//
//
// torchgen's C++ type model (torchgen/api/types) and the dispatcher API's
// translation of schema types into it (torchgen/api/cpp.py, dispatcher.py).
// A CType is structural, so two types are equal when they print the same;
// translate() (Translate.h) matches bindings against goals by (name, type).
//
//   Tensor(a!) self    -> at::Tensor & self
//   SymInt[] size      -> c10::SymIntArrayRef size   (int[]: at::IntArrayRef)
//   Tensor? weight     -> const ::std::optional<at::Tensor> & weight
//   (Tensor, Tensor)   -> ::std::tuple<at::Tensor,at::Tensor>
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_CPPTYPES_H
#define OPGEN_CPPAPI_CPPTYPES_H

#include "opgen/IR/NativeFunction.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// A C++ type, as torchgen's CType classes describe it.
struct CType {
  enum Kind : unsigned char {
    Base,     ///< `at::Tensor`, `int64_t`
    ConstRef, ///< `const T &`
    MutRef,   ///< `T &`
    Optional, ///< `::std::optional<T>`
    Vector,   ///< `::std::vector<T>`
    Array,    ///< `::std::array<T,N>`
    ArrayRef, ///< `at::ArrayRef<T>`
    List,     ///< `c10::List<T>`
    Tuple     ///< `::std::tuple<T,U>`
  };
  Kind K = Base;
  /// For Base: the spelling, with its namespace. Always a string literal,
  /// so types are cheap to build and compare.
  llvm::StringRef Name;
  /// One element for the wrappers, any number for a tuple.
  std::vector<CType> Elems;
  /// For Array.
  uint64_t Size = 0;

  static CType base(llvm::StringRef Name) {
    CType T;
    T.Name = Name;
    return T;
  }
  static CType wrap(Kind K, CType Elem) {
    CType T;
    T.K = K;
    T.Elems.push_back(std::move(Elem));
    return T;
  }
  const CType &elem() const { return Elems.front(); }

  /// The C++ spelling, exactly as torchgen's cpp_type() prints it.
  std::string str() const;
  void print(std::string &Out) const;

  bool operator==(const CType &O) const {
    return K == O.K && Name == O.Name && Size == O.Size && Elems == O.Elems;
  }
  bool operator!=(const CType &O) const { return !(*this == O); }
};

/// A C++ type bound to an argument name.
struct NamedCType {
  std::string Name;
  CType Type;
  bool operator==(const NamedCType &O) const {
    return Name == O.Name && Type == O.Type;
  }
};

/// What the C++ API binds `memory_format` as when the function also takes
/// TensorOptions (torchgen's SpecialArgName.possibly_redundant_memory_format):
/// the options may carry a memory format too, and translate() joins the two
/// where the callee takes them apart.
inline constexpr const char *PossiblyRedundantMemoryFormat =
    "$possibly_redundant_memory_format";

/// A formal parameter of a generated C++ function.
struct Binding {
  std::string Name;
  NamedCType NCType;
  /// The C++ default expression, for declarations of APIs that have
  /// defaults (the C++ and native APIs).
  std::optional<std::string> Default = std::nullopt;
  std::string type() const { return NCType.Type.str(); }
  /// `TYPE NAME`.
  std::string defn() const;
  /// `TYPE NAME=DEFAULT`, or defn() without a default.
  std::string decl() const;
  /// defn() and decl() appended to \p Out, without temporary strings (the
  /// C++ API prints thousands of them).
  void appendDefn(std::string &Out) const;
  void appendDecl(std::string &Out) const;
};

/// `A, B, C` from each binding's decl(), or defn() when \p Defn.
std::string joinBindings(const std::vector<Binding> &Bs, bool Defn = false);
/// joinBindings appended to \p Out.
void appendBindings(std::string &Out, const std::vector<Binding> &Bs,
                    bool Defn = false);

/// The per-function settings torchgen keeps in its thread-local `local`
/// module while generating code for a function.
struct CppApiFlags {
  /// `const Tensor &` instead of `Tensor &` for mutable tensor arguments.
  bool ConstRefForMutableTensors = false;
  /// `const at::ITensorListRef &` instead of `at::TensorList` for Tensor[].
  bool ITensorListRefForTensorLists = false;

  static CppApiFlags forFunction(const NativeFunction &F) {
    return {F.UseConstRefForMutableTensors,
            F.Structured || F.StructuredDelegate.has_value()};
  }
};

/// Why \p T has no C++ type (a base type the C++ API does not know, a
/// custom class, a list of bool without a size), or nothing if it has one.
/// The type functions below expect types that passed this check.
std::optional<std::string> checkCppType(Type T, bool IsReturn);

/// checkCppType over every argument and return of \p Func: why the first
/// type without a C++ spelling has none, or nothing.
std::optional<std::string> checkCppTypes(const FunctionSchema &Func);

/// The dispatcher API's type for an argument (cpp.argumenttype_type).
CType argumentCType(Type T, bool Mutable, bool SymInt, const CppApiFlags &F);

/// The C++ type of a function's returns (cpp.returns_type).
CType returnsCType(const std::vector<Return> &Returns, const CppApiFlags &F);

/// The C++ type of one return (cpp.return_type).
CType returnCType(const Return &R, const CppApiFlags &F);

/// The names torchgen gives a function's returns (cpp.return_names).
std::vector<std::string> returnNames(const NativeFunction &F);

/// The dispatcher API signature of a function (DispatcherSignature).
struct DispatcherSignature {
  const NativeFunction *F = nullptr;
  std::string Prefix;
  bool SymInt = true;

  DispatcherSignature(const NativeFunction &F, std::string Prefix = "",
                      bool SymInt = true)
      : F(&F), Prefix(std::move(Prefix)), SymInt(SymInt) {}

  /// The prefix and the dispatcher name (`add_out`), the kernel-naming
  /// pass's when it ran.
  std::string name() const;
  std::vector<Binding> arguments() const;
  CType returnsType() const;
  /// `RET NAME(T a, U b)`; \p Name replaces name() when given.
  std::string decl(const std::string *Name = nullptr) const;
  std::string defn(const std::string *Name = nullptr) const {
    return decl(Name);
  }
};

} // namespace opgen

#endif // OPGEN_CPPAPI_CPPTYPES_H
