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

#include <cassert>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

namespace detail {
class Speller;
} // namespace detail

/// A C++ type, as torchgen's CType classes describe it.
///
/// Held without a heap allocation unless it is a tuple: the wrappers
/// (`const T &`, `::std::optional<T>`, ...) are a short list of kinds around
/// one base name. The C++ API builds, copies and compares tens of thousands
/// of these a run; a vector per wrapper made them about a third of the
/// `aten` set's mallocs.
class CType {
public:
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
  /// The wrappers held inline (torchgen's deepest is three: `const
  /// c10::List<::std::optional<at::Tensor>> &`); a schema nesting deeper
  /// (`int[][][][][][]`) gets the inner five in a type of their own.
  static constexpr unsigned MaxWrappers = 5;

  CType() = default;

  static CType base(llvm::StringRef Name) {
    CType T;
    T.Name = Name;
    return T;
  }
  /// \p K (not Base or Tuple) around \p Elem. An Array's size is set with
  /// setSize() right after wrapping; an Array may not wrap a type with an
  /// Array (torchgen only makes `::std::array<bool,N>`).
  static CType wrap(Kind K, CType Elem) {
    assert(K != Base && K != Tuple && "not a wrapper");
    if (Elem.Sh.Depth == MaxWrappers)
      return nest(K, std::move(Elem));
    Elem.Sh.Wrappers[Elem.Sh.Depth++] = K;
    return Elem;
  }
  static CType tuple(std::vector<CType> Elems);

  Kind kind() const { return Sh.Depth ? Sh.Wrappers[Sh.Depth - 1] : Sh.Inner; }
  /// The wrapped type, for a wrapper.
  CType elem() const {
    assert(Sh.Depth && "not a wrapper");
    if (Sh.Depth == 1 && Sh.Nested)
      return Elems.front();
    CType T = *this;
    if (T.Sh.Wrappers[--T.Sh.Depth] == Array)
      T.Size = 0;
    T.Sh.Wrappers[T.Sh.Depth] = Base;
    return T;
  }
  /// For Base (below any wrappers): the spelling, with its namespace. Always
  /// text that outlives the type (a string literal, or the module's).
  llvm::StringRef name() const {
    return Sh.Nested ? Elems.front().name() : Name;
  }
  /// For Tuple (below any wrappers).
  const std::vector<CType> &elems() const {
    return Sh.Nested ? Elems.front().elems() : Elems;
  }
  uint64_t size() const { return Size; }
  void setSize(uint64_t N) { Size = N; }

  /// The C++ spelling, exactly as torchgen's cpp_type() prints it.
  std::string str() const;
  /// str() appended to \p Out, in one append for a type without a tuple.
  void print(std::string &Out) const;
  void print(detail::Speller &Out) const;

  bool operator==(const CType &O) const {
    if (memcmp(&Sh, &O.Sh, sizeof(Shape)) != 0 || Name != O.Name ||
        Size != O.Size)
      return false;
    return (Sh.Inner != Tuple && !Sh.Nested) || Elems == O.Elems;
  }
  bool operator!=(const CType &O) const { return !(*this == O); }

private:
  /// wrap() of a type whose wrappers are all used: \p Elem is nested.
  static CType nest(Kind K, CType Elem);

  /// What wraps what, in 8 bytes that are equal for equal types (wrappers
  /// taken off are zeroed), compared at once.
  struct Shape {
    /// Base or Tuple: what the wrappers wrap, unless Nested.
    Kind Inner = Base;
    /// The wrappers wrap Elems.front(), which holds the inner MaxWrappers
    /// (types are always split there, so equal types are held alike).
    bool Nested = false;
    /// How many wrappers there are.
    unsigned char Depth = 0;
    /// The wrappers, innermost first.
    Kind Wrappers[MaxWrappers] = {};
  };
  static_assert(sizeof(Shape) == 8, "compared as 8 bytes");
  Shape Sh;
  llvm::StringRef Name;
  /// For an Array among the wrappers.
  uint64_t Size = 0;
  /// For a Tuple, or the nested type.
  std::vector<CType> Elems;
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
  /// Text that outlives the binding: the schema argument's name (the
  /// module's) or a literal. Not a copy: the C++ API makes about 50,000
  /// bindings a run.
  llvm::StringRef Name;
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
/// Each binding's type, joined with ", ", appended to \p Out.
void appendTypes(std::string &Out, const std::vector<Binding> &Bs);
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

/// cpp.valuetype_type: the type of \p T if it looks the same as an argument
/// and a return (not Tensor, Scalar, or a list other than `bool[N]`).
std::optional<CType> valueCType(Type T, bool SymInt);

/// The dispatcher API's type for an argument (cpp.argumenttype_type);
/// \p Owning gives a value type for the references a ViewMeta must own
/// (its remove_non_owning_ref_types: `at::Tensor`, `::std::vector<int64_t>`).
CType argumentCType(Type T, bool Mutable, bool SymInt, const CppApiFlags &F,
                    bool Owning = false);

/// The C++ type of a function's returns (cpp.returns_type).
CType returnsCType(const std::vector<Return> &Returns, const CppApiFlags &F);

/// The C++ type of one return (cpp.return_type).
CType returnCType(const Return &R, const CppApiFlags &F);

/// The names torchgen gives a function's returns (cpp.return_names).
std::vector<std::string> returnNames(const NativeFunction &F);

/// torchgen's return_str (native_function_generation.py): `return NAME;`
/// for one name, `return RET(a, b);` (RET the dispatcher's returns type)
/// for several, nothing for none.
std::string returnStatement(const NativeFunction &F,
                            const std::vector<std::string> &Names);

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
