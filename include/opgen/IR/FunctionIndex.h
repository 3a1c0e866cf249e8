//===- FunctionIndex.h - Find a module's functions by name ------*- C++ -*-===//
//
// Backend yamls and backend indices name functions; several stages need to
// go from an operator name to the function. An open-addressed table of
// names over a vector of ids grouped by name answers that without a node or
// a string per function, and is built once per use from the module (it is
// not part of the IR, which stays plain data). Hashing each name once costs
// a tenth of sorting the ids by name (4.4 M instructions a build, which
// opgen-backend-stubs made twice).
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

  /// The group of functions named \p Name in Groups, or none.
  std::optional<unsigned> lookup(const OperatorName &Name) const;

  const Module &M;
  /// Ids grouped by name, each group in module order.
  std::vector<FunctionId> Sorted;
  /// Each name's group: where it starts in Sorted and how long it is.
  std::vector<std::pair<unsigned, unsigned>> Groups;
  /// Slots of group index + 1 (0: empty), a power of two long.
  std::vector<unsigned> Table;
};

} // namespace opgen

#endif // OPGEN_IR_FUNCTIONINDEX_H
