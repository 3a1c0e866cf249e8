//===- OperatorName.h - Operator and overload names -------------*- C++ -*-===//
//
// `add_.Tensor` is the base name `add` marked inplace, with overload name
// `Tensor`. The base name also records whether it is a dunder method
// (`__iadd__`) and whether it carries the `_functional` suffix, which marks the
// functional sibling of a mutable operator (see Note [Functional overloads]).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_OPERATORNAME_H
#define OPGEN_IR_OPERATORNAME_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <tuple>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

/// The operator name without its overload: `add_`, `__ilshift__`.
struct BaseOperatorName {
  std::string Base;
  bool Inplace = false;
  bool DunderMethod = false;
  /// Note [Functional overloads]: a mutable op and its functional variant
  /// take the same arguments, so the functional one cannot be a mere overload
  /// (resolution would be ambiguous); it gets the base name `<op>_functional`.
  bool FunctionalOverload = false;

  void print(llvm::raw_ostream &OS) const;
  std::string str() const;

  auto key() const {
    return std::tie(Base, Inplace, DunderMethod, FunctionalOverload);
  }
  bool operator==(const BaseOperatorName &O) const { return key() == O.key(); }
  bool operator!=(const BaseOperatorName &O) const { return !(*this == O); }
  bool operator<(const BaseOperatorName &O) const { return key() < O.key(); }
};

struct OperatorName {
  BaseOperatorName Name;
  std::string OverloadName;

  /// `base.overload`, or `base` when there is no overload name.
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;
  /// `base_overload`: the name used for per-operator C++ structs.
  std::string unambiguousName() const;

  bool operator==(const OperatorName &O) const {
    return Name == O.Name && OverloadName == O.OverloadName;
  }
  bool operator!=(const OperatorName &O) const { return !(*this == O); }
  bool operator<(const OperatorName &O) const {
    return std::tie(Name, OverloadName) < std::tie(O.Name, O.OverloadName);
  }
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &OS,
                                     const OperatorName &N) {
  N.print(OS);
  return OS;
}

} // namespace opgen

#endif // OPGEN_IR_OPERATORNAME_H
