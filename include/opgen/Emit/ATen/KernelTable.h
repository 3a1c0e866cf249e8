//===- KernelTable.h - Every function's kernel per dispatch key -*- C++ -*-===//
//
// Several of torchgen.gen's files walk `backend_indices` (a dict of dispatch
// key -> BackendIndex) and ask each index for a function's kernel. Two
// things matter to reproduce them: the dict's order, which is the order in
// which parsing first met each key (Module keeps the indices sorted by key
// instead), and a lookup that costs nothing per (function, key). This table
// gives both, made once per emitter from the module.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_ATEN_KERNELTABLE_H
#define OPGEN_EMIT_ATEN_KERNELTABLE_H

#include "opgen/IR/Module.h"

#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace opgen {

class KernelTable {
public:
  /// Needs the backend-index pass to have run (M.BackendIndices).
  explicit KernelTable(const Module &M);

  /// The indices in torchgen's dict order: in-tree keys in the order the
  /// functions' `dispatch:` tables first name them, then the others (an
  /// external backend's) in key order.
  llvm::ArrayRef<const BackendIndex *> indices() const { return Order; }
  size_t numKeys() const { return Order.size(); }

  /// The kernel of index number \p Key (in indices()) for function \p Id,
  /// found by operator name as torchgen's get_kernel does; null for none.
  const BackendMetadata *kernel(size_t Key, FunctionId Id) const {
    return Kernels[Key * NumFunctions + Id];
  }
  /// torchgen's BackendIndex.primary: the function whose kernel stands for
  /// group \p G (the out= function when the index uses it as primary).
  FunctionId primary(size_t Key, const FunctionGroup &G) const;

private:
  size_t NumFunctions;
  std::vector<const BackendIndex *> Order;
  /// Key-major: Kernels[Key * NumFunctions + Id].
  std::vector<const BackendMetadata *> Kernels;
};

} // namespace opgen

#endif // OPGEN_EMIT_ATEN_KERNELTABLE_H
