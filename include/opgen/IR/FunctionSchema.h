//===- FunctionSchema.h - Operator schemas ----------------------*- C++ -*-===//
//
// The parsed form of a `func:` string such as
//   add.out(Tensor self, Tensor other, *, Scalar alpha=1, Tensor(a!) out) ->
//   Tensor(a!)
// Arguments are kept in torchgen's grouping: positional arguments split around
// `self`, keyword-only arguments split around the four tensor-options
// arguments (dtype, layout, device, pin_memory), and the mutable keyword-only
// arguments that make an out= function. Printing gives back the canonical
// text exactly.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_FUNCTIONSCHEMA_H
#define OPGEN_IR_FUNCTIONSCHEMA_H

#include "opgen/IR/OperatorName.h"
#include "opgen/IR/Type.h"
#include "opgen/Support/Boxed.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/SMLoc.h"

#include <array>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// An alias annotation: `a`, `a!`, `a|b`, `a -> *`, `a! -> a|b`.
struct Annotation {
  std::vector<std::string> AliasSet;
  bool IsWrite = false;
  std::vector<std::string> AliasSetAfter;

  void print(llvm::raw_ostream &OS) const;
  std::string str() const;
  bool operator==(const Annotation &O) const {
    return AliasSet == O.AliasSet && IsWrite == O.IsWrite &&
           AliasSetAfter == O.AliasSetAfter;
  }
  bool operator!=(const Annotation &O) const { return !(*this == O); }
};

/// Compare optional annotations the way torchgen compares `None`-able ones.
inline bool sameAnnotation(const std::optional<Annotation> &A,
                           const std::optional<Annotation> &B) {
  return A.has_value() == B.has_value() && (!A || *A == *B);
}

struct Argument {
  std::string Name;
  Type Ty;
  std::optional<std::string> Default;
  std::optional<Annotation> Annot;
  /// Where the argument was written; not part of its value.
  llvm::SMLoc Loc;

  bool isWrite() const { return Annot && Annot->IsWrite; }
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;
  bool operator==(const Argument &O) const {
    return Name == O.Name && Ty == O.Ty && Default == O.Default &&
           sameAnnotation(Annot, O.Annot);
  }
  bool operator!=(const Argument &O) const { return !(*this == O); }
};

struct Return {
  std::optional<std::string> Name;
  Type Ty;
  std::optional<Annotation> Annot;
  llvm::SMLoc Loc;

  bool isWrite() const { return Annot && Annot->IsWrite; }
  void print(llvm::raw_ostream &OS) const;
  std::string str() const;
  bool operator==(const Return &O) const {
    return Name == O.Name && Ty == O.Ty && sameAnnotation(Annot, O.Annot);
  }
  bool operator!=(const Return &O) const { return !(*this == O); }
};

/// The arguments of a schema, grouped as torchgen groups them.
struct Arguments {
  /// Positional arguments before `self` (only ever non-empty with a self).
  std::vector<Argument> PreSelfPositional;
  std::optional<Argument> Self;
  std::vector<Argument> PostSelfPositional;
  std::vector<Argument> PreTensorOptionsKwargOnly;
  /// dtype, layout, device, pin_memory, when they appear together in order.
  /// Boxed: a tenth of the functions have them, and inline they were a
  /// third of every NativeFunction's 1.7 KB.
  Boxed<std::array<Argument, 4>> TensorOptions;
  std::vector<Argument> PostTensorOptionsKwargOnly;
  /// Keyword-only arguments from the first mutable one on.
  std::vector<Argument> Out;

  /// Argument groups, for visiting several in declaration order.
  enum Part : unsigned {
    PositionalPart = 1,
    KwargOnlyPart = 2,
    OutPart = 4,
    NonOutParts = PositionalPart | KwargOnlyPart,
    AllParts = NonOutParts | OutPart
  };
  /// Call \p F on the arguments of \p Parts in declaration order until it
  /// returns true; return whether it did. Allocates nothing.
  bool anyOf(unsigned Parts,
             llvm::function_ref<bool(const Argument &)> F) const;

  /// How many arguments there are (TensorOptions counts as its four), for
  /// reserving the C++ API's bindings: growing those vectors cost about
  /// 15 M instructions a run.
  size_t size() const {
    return PreSelfPositional.size() + (Self ? 1 : 0) +
           PostSelfPositional.size() + PreTensorOptionsKwargOnly.size() +
           (TensorOptions ? 4 : 0) + PostTensorOptionsKwargOnly.size() +
           Out.size();
  }

  std::vector<const Argument *> flatPositional() const;
  std::vector<const Argument *> flatKwargOnly() const;
  std::vector<const Argument *> flatNonOut() const;
  std::vector<const Argument *> flatAll() const;

  bool hasTensorArg() const;
  bool hasSymIntArg() const;
  bool hasGeneratorArg() const;

  void print(llvm::raw_ostream &OS) const;
  bool operator==(const Arguments &O) const;
  bool operator!=(const Arguments &O) const { return !(*this == O); }
};

enum class SchemaKind { Functional, Inplace, Out, Mutable, Scratch };
llvm::StringRef toString(SchemaKind K);

struct FunctionSchema {
  OperatorName Name;
  Arguments Args;
  std::vector<Return> Returns;

  /// The schema's kind, as torchgen's FunctionSchema.kind() decides it.
  SchemaKind kind() const;
  bool isOutFn() const { return !Args.Out.empty(); }
  bool isFunctionalFn() const {
    return llvm::StringRef(Name.OverloadName).contains("functional");
  }
  /// Arguments in declaration order: positional, keyword-only, out.
  std::vector<const Argument *> schemaOrderArguments() const {
    return Args.flatAll();
  }
  /// For each return, the argument whose alias annotation it shares, or
  /// null (torchgen's aliased_return_names). torchgen stops at a return
  /// shared by several arguments; \p Ambiguous, when given, is then set to
  /// the first such return (and stays null otherwise).
  std::vector<const Argument *>
  aliasedReturnArguments(const Return **Ambiguous = nullptr) const;

  void print(llvm::raw_ostream &OS) const;
  std::string str() const;
  bool operator==(const FunctionSchema &O) const {
    return Name == O.Name && Args == O.Args && Returns == O.Returns;
  }
  bool operator!=(const FunctionSchema &O) const { return !(*this == O); }
};

inline llvm::raw_ostream &operator<<(llvm::raw_ostream &OS,
                                     const FunctionSchema &S) {
  S.print(OS);
  return OS;
}

} // namespace opgen

#endif // OPGEN_IR_FUNCTIONSCHEMA_H
