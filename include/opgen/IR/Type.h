//===- Type.h - Schema types ------------------------------------*- C++ -*-===//
//
// The types of schema arguments and returns: a base type (`Tensor`, `int`),
// `T?`, `T[]` or `T[N]`, or a custom class (`__torch__.torch.classes.ns.C`).
// Types are uniqued in the Context, so a Type is a cheap handle compared by
// pointer.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_TYPE_H
#define OPGEN_IR_TYPE_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

enum class BaseTy : unsigned char {
#define BASE_TYPE(Enumerator, Spelling) Enumerator,
#include "opgen/IR/BaseTypes.def"
};

/// How many base types there are.
constexpr unsigned NumBaseTypes = 0
#define BASE_TYPE(Enumerator, Spelling) +1
#include "opgen/IR/BaseTypes.def"
    ;

llvm::StringRef toString(BaseTy T);
std::optional<BaseTy> parseBaseTy(llvm::StringRef Spelling);

namespace detail {
struct TypeStorage;
} // namespace detail

class Type {
public:
  enum Kind : unsigned char { Base, Optional, List, CustomClass };

  Type() = default;
  explicit Type(const detail::TypeStorage *Impl) : Impl(Impl) {}

  explicit operator bool() const { return Impl != nullptr; }
  bool operator==(Type O) const { return Impl == O.Impl; }
  bool operator!=(Type O) const { return Impl != O.Impl; }

  Kind getKind() const;
  /// For Base types.
  BaseTy getBaseTy() const;
  /// For Optional and List types.
  Type getElementType() const;
  /// For List types: the fixed size, if written (`int[2]`).
  std::optional<uint64_t> getSize() const;
  /// For CustomClass types: the part after `__torch__.torch.classes.`.
  llvm::StringRef getClassName() const;

  bool isBase(BaseTy T) const { return getKind() == Base && getBaseTy() == T; }
  /// torchgen's is_base_ty_like: looks through optionals and lists.
  bool isBaseTyLike(BaseTy T) const;
  bool isTensorLike() const { return isBaseTyLike(BaseTy::Tensor); }
  bool isSymIntLike() const { return isBaseTyLike(BaseTy::SymInt); }
  bool isGeneratorLike() const { return isBaseTyLike(BaseTy::Generator); }
  bool isNullable() const;
  /// The list type inside this one, if any (`int[]?` gives `int[]`).
  Type getListLike() const;

  /// Print as torchgen's str(Type) does. Note: a size of 0 prints as `[]`.
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;

  const detail::TypeStorage *getImpl() const { return Impl; }

private:
  const detail::TypeStorage *Impl = nullptr;
};

namespace detail {
struct TypeStorage {
  Type::Kind K = Type::Base;
  BaseTy B = BaseTy::Tensor;
  Type Elem;
  std::optional<uint64_t> Size;
  std::string ClassName;
};
} // namespace detail

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &OS, Type T) {
  T.print(OS);
  return OS;
}

} // namespace opgen

#endif // OPGEN_IR_TYPE_H
