//===- FunctionIndex.h - Find a module's functions by name ------*- C++ -*-===//
//
// Backend yamls and backend indices name functions; several stages need to
// go from an operator name to the function. A sorted vector of ids answers
// that without a node or a string per function, and is built once per use
// from the module (it is not part of the IR, which stays plain data).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_FUNCTIONINDEX_H
#define OPGEN_IR_FUNCTIONINDEX_H

#include "opgen/IR/Module.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <vector>

namespace opgen {

class FunctionIndex {
public:
  explicit FunctionIndex(const Module &M);

  /// The function named \p Name; the last one if several share it.
  std::optional<FunctionId> find(const OperatorName &Name) const;
  /// Every function named \p Name (functions of different namespaces may
  /// share one), in module order.
  llvm::ArrayRef<FunctionId> findAll(const OperatorName &Name) const;

private:
  const OperatorName &nameOf(FunctionId Id) const;
  static const OperatorName &nameOf(const OperatorName &N) { return N; }

  const Module &M;
  std::vector<FunctionId> Sorted;
};

} // namespace opgen

#endif // OPGEN_IR_FUNCTIONINDEX_H
