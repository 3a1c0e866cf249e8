//===- FunctionIndex.cpp - Find a module's functions by name --------------===//

#include "opgen/IR/FunctionIndex.h"

#include <algorithm>

using namespace opgen;

const OperatorName &FunctionIndex::nameOf(FunctionId Id) const {
  return M.Functions[Id].Func.Name;
}

FunctionIndex::FunctionIndex(const Module &M) : M(M) {
  Sorted.resize(M.Functions.size());
  for (FunctionId I = 0; I != Sorted.size(); ++I)
    Sorted[I] = I;
  // Stable, so that among equal names the last function sorts last, as a
  // map filled in order would keep it.
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [&](FunctionId A, FunctionId B) {
                     return M.Functions[A].Func.Name < M.Functions[B].Func.Name;
                   });
}

llvm::ArrayRef<FunctionId>
FunctionIndex::findAll(const OperatorName &Name) const {
  auto [First, Last] = std::equal_range(
      Sorted.begin(), Sorted.end(), Name,
      [&](const auto &A, const auto &B) { return nameOf(A) < nameOf(B); });
  return llvm::ArrayRef<FunctionId>(Sorted.data() + (First - Sorted.begin()),
                                    Last - First);
}

std::optional<FunctionId> FunctionIndex::find(const OperatorName &Name) const {
  llvm::ArrayRef<FunctionId> All = findAll(Name);
  if (All.empty())
    return std::nullopt;
  return All.back();
}
