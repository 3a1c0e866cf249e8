//===- Module.cpp - The operator IR of one native_functions.yaml ----------===//

#include "opgen/IR/Module.h"

using namespace opgen;

llvm::SmallVector<FunctionId, 4> FunctionGroup::members() const {
  if (!IsGroup)
    return {Function};
  llvm::SmallVector<FunctionId, 4> Ids{Functional, Out};
  if (Inplace)
    Ids.push_back(*Inplace);
  if (Mutable)
    Ids.push_back(*Mutable);
  return Ids;
}

llvm::SmallVector<FunctionId, 3> ViewGroup::members(bool IncludeCopy) const {
  llvm::SmallVector<FunctionId, 3> Ids{View};
  if (ViewInplace)
    Ids.push_back(*ViewInplace);
  if (ViewCopy && IncludeCopy)
    Ids.push_back(*ViewCopy);
  return Ids;
}

const BackendIndex *Module::getBackendIndex(DispatchKey K) const {
  if (!BackendIndices)
    return nullptr;
  auto It = BackendIndices->find(K);
  return It == BackendIndices->end() ? nullptr : &It->second;
}
