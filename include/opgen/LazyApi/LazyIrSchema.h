//===- LazyIrSchema.h - A lazy tensor IR node's schema ----------*- C++ -*-===//
//
// torchgen's api/lazy: how gen_lazy_tensor sees an operator when it makes a
// lazy IR node for it. Tensors (and, unless told otherwise, Scalars) become
// IR values; reference types become owning ones (`::std::vector<int64_t>`
// for `int[]`); each argument carries the facts the node and kernel writers
// ask of it. The value class is the backend's (`torch::lazy::Value` for
// both real builds).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LAZYAPI_LAZYIRSCHEMA_H
#define OPGEN_LAZYAPI_LAZYIRSCHEMA_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/BackendConfig.h"
#include "opgen/IR/FunctionSchema.h"

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// torchgen's LazyIrProperties: one choice per group (shape, lowering,
/// reuse, creation), and whether Scalars stay constants.
struct LazyIrProperties {
  enum class Shape { None, Precompute, Compute, Cache };
  /// Whether a member function is written in full, declared only, or not
  /// at all.
  enum class Member { None, Full, DeclOnly };
  Shape ShapeFrom = Shape::None;
  Member Lower = Member::None;
  Member CanBeReused = Member::None;
  Member CreateFn = Member::None;
  bool TreatScalarsAsConstants = false;

  /// A native function's node: ShapePrecompute, Lower, CanBeReused.
  static LazyIrProperties forNative();
  /// A `non_native:` node before its own `properties:`: ShapeCache,
  /// CanBeReused, LowerDeclOnly.
  static LazyIrProperties forNonNative();
  /// Turn on \p P (the others of its group go off), as torchgen's setattr.
  void set(LazyIrProperty P);
};

/// torchgen's LazyArgument.
struct LazyArgument {
  llvm::StringRef Name;
  Type OrigType;
  /// The type the node holds the argument as.
  CType LazyType;
  /// `Tensor[]`, held as one value (torchgen's tensorListValueT).
  bool IsTensorListValue = false;
  bool IsOptional = false;
  bool IsGenerator = false;
  /// A Scalar (or list of them) held as a value.
  bool IsWrappedScalar = false;
  /// A SymInt or SymInt? the node holds as a value (symint schemas only).
  bool IsSymIntOrList = false;
  bool SymInt = false;
  /// The argument is or holds an IR value.
  bool IsLazyValue = false;
};

/// What decides the lazy types: the backend's value class, with its
/// namespace (run_gen_lazy_tensor's lazy_value_class). Schemas made with
/// these options refer to its text: the options must outlive them.
struct LazyTypeOptions {
  std::string ValueClass = "torch::lazy::Value";
};

/// torchgen's LazyIrSchema.
struct LazyIrSchema {
  OperatorName Name;
  std::vector<LazyArgument> Positional, Keyword;
  size_t NumReturns = 0;
  /// The schema has a Generator argument (torchgen's generator_arg).
  bool HasGenerator = false;
  bool SymInt = false;
  LazyIrProperties Properties = LazyIrProperties::forNative();
  /// `opkind:` of a non_native entry; the aten symbol otherwise.
  std::optional<std::string> OpKind;

  /// `bitwise_and.Tensor` -> `BitwiseAndTensor`.
  std::string nodeName() const;
  /// The operator's name without overload (`add_`, `__and__`).
  std::string atenName() const;

  /// torchgen's filtered_args: positional then keyword arguments, those
  /// holding values and/or those that do not, generators or not.
  std::vector<const LazyArgument *>
  filtered(bool Positional = true, bool Keyword = true, bool Values = true,
           bool Scalars = true, bool Generator = true) const;
};

/// The schema of \p Func's lazy node, or the message of the type torchgen
/// cannot hold (an assertion there: `TODO add support for type ...`) in
/// \p Error, with the argument's name in \p BadArgument.
std::optional<LazyIrSchema>
makeLazyIrSchema(const FunctionSchema &Func, const LazyIrProperties &Props,
                 bool SymInt, const LazyTypeOptions &Types, std::string &Error,
                 llvm::StringRef &BadArgument);

/// torchgen's aten_symbol: the interned symbol of the operator, as the
/// node's ClassOpKind names it.
std::string getAtenSymbol(const LazyIrSchema &S);

} // namespace opgen

#endif // OPGEN_LAZYAPI_LAZYIRSCHEMA_H
