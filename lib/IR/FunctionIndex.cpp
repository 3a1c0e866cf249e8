//===- FunctionIndex.cpp - Find a module's functions by name --------------===//

#include "OperatorNameInfo.h"

#include "opgen/IR/FunctionIndex.h"

#include "llvm/Support/MathExtras.h"

using namespace opgen;

const OperatorName &FunctionIndex::nameOf(FunctionId Id) const {
  return M.Functions[Id].Func.Name;
}

std::optional<unsigned> FunctionIndex::lookup(const OperatorName &Name) const {
  size_t Mask = Table.size() - 1;
  for (size_t S = detail::OperatorNameInfo::getHashValue(&Name) & Mask;;
       S = (S + 1) & Mask) {
    unsigned G = Table[S];
    if (G == 0)
      return std::nullopt;
    if (nameOf(Sorted[Groups[G - 1].first]) == Name)
      return G - 1;
  }
}

FunctionIndex::FunctionIndex(const Module &M) : M(M) {
  size_t N = M.Functions.size();
  // At most half full, so probes stay short.
  Table.assign(llvm::PowerOf2Ceil(2 * N + 2), 0);
  size_t Mask = Table.size() - 1;
  // Sorted first holds each group's first function, so lookups can compare
  // names while groups are being made; then the ids are placed by group.
  std::vector<unsigned> GroupOf(N);
  Sorted.reserve(N);
  for (FunctionId I = 0; I != N; ++I) {
    const OperatorName &Name = nameOf(I);
    size_t S = detail::OperatorNameInfo::getHashValue(&Name) & Mask;
    for (; Table[S] != 0; S = (S + 1) & Mask)
      if (nameOf(Sorted[Groups[Table[S] - 1].first]) == Name)
        break;
    if (Table[S] == 0) {
      Table[S] = Groups.size() + 1;
      Groups.push_back({unsigned(Sorted.size()), 0});
      Sorted.push_back(I);
    }
    GroupOf[I] = Table[S] - 1;
    ++Groups[GroupOf[I]].second;
  }
  unsigned Start = 0;
  for (auto &[First, Count] : Groups) {
    First = Start;
    Start += Count;
  }
  Sorted.assign(N, 0);
  std::vector<unsigned> Next(Groups.size());
  for (FunctionId I = 0; I != N; ++I) {
    unsigned G = GroupOf[I];
    Sorted[Groups[G].first + Next[G]++] = I;
  }
}

llvm::ArrayRef<FunctionId>
FunctionIndex::findAll(const OperatorName &Name) const {
  std::optional<unsigned> G = lookup(Name);
  if (!G)
    return {};
  return llvm::ArrayRef<FunctionId>(Sorted.data() + Groups[*G].first,
                                    Groups[*G].second);
}

std::optional<FunctionId> FunctionIndex::find(const OperatorName &Name) const {
  llvm::ArrayRef<FunctionId> All = findAll(Name);
  if (All.empty())
    return std::nullopt;
  return All.back();
}
