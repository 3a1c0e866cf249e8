//===- Derivatives.h - derivatives.yaml as written --------------*- C++ -*-===//
//
// The entries of derivatives.yaml, as plain data and as written: the schema
// an entry is for, its per-dispatch-key formulas (an entry without
// `dispatch:` has one table, `Default`), and `output_differentiability`.
// What the formulas mean (which inputs and outputs they save, the Node class
// they make) is the autograd API's work (AutogradApi/), which matches the
// entries to the module's functions.
//
//   - name: mul.Tensor(Tensor self, Tensor other) -> Tensor
//     self: mul_tensor_backward(grad, other, self.scalar_type())
//     other: mul_tensor_backward(grad, self, other.scalar_type())
//     result: other_t * self_p + self_t * other_p
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_DERIVATIVES_H
#define OPGEN_IR_DERIVATIVES_H

#include "opgen/Support/TextLocation.h"

#include "llvm/Support/SMLoc.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// One `names: formula` line: `self, other: ...`, `result: ...`.
struct DerivativeFormula {
  /// The key as written (`self, other`); torchgen splits it at commas.
  std::string Names;
  TextLocation NamesLoc;
  std::string Formula;
  TextLocation FormulaLoc;

  bool operator==(const DerivativeFormula &O) const {
    return Names == O.Names && Formula == O.Formula;
  }
};

/// The formulas of one dispatch key, in the order written (torchgen reads
/// them sorted by key text; the autograd API does that).
struct DerivativeDispatch {
  /// `Default`, `AutogradNestedTensor`, ...
  std::string Key;
  llvm::SMLoc KeyLoc;
  std::vector<DerivativeFormula> Formulas;

  bool operator==(const DerivativeDispatch &O) const {
    return Key == O.Key && Formulas == O.Formulas;
  }
};

/// An item of `output_differentiability`: a boolean, or a condition (a C++
/// expression, for a function with one output).
struct OutputDifferentiabilityItem {
  bool IsCondition = false;
  bool Value = true;
  std::string Condition;
  llvm::SMLoc Loc;

  bool operator==(const OutputDifferentiabilityItem &O) const {
    return IsCondition == O.IsCondition && Value == O.Value &&
           Condition == O.Condition;
  }
};

/// One entry of derivatives.yaml.
struct DerivativeEntry {
  /// The `name:` schema, which must print as a function's schema does.
  std::string Name;
  TextLocation NameLoc;
  /// The entry (its `-`).
  llvm::SMLoc Loc;
  /// `output_differentiability` as torchgen reads it: nothing when absent
  /// (or, in an entry without `dispatch:`, empty: torchgen drops it there).
  std::optional<std::vector<OutputDifferentiabilityItem>>
      OutputDifferentiability;
  llvm::SMLoc OutputDifferentiabilityLoc;
  /// Whether the entry has `dispatch:` (else Dispatch is one `Default`
  /// table made of the entry's other keys).
  bool HasDispatch = false;
  std::vector<DerivativeDispatch> Dispatch;

  bool operator==(const DerivativeEntry &O) const {
    return Name == O.Name &&
           OutputDifferentiability == O.OutputDifferentiability &&
           HasDispatch == O.HasDispatch && Dispatch == O.Dispatch;
  }
};

/// A derivatives.yaml.
struct DerivativesFile {
  /// The path as given.
  std::string Path;
  std::vector<DerivativeEntry> Entries;

  bool operator==(const DerivativesFile &O) const {
    return Entries == O.Entries;
  }
};

} // namespace opgen

#endif // OPGEN_IR_DERIVATIVES_H
