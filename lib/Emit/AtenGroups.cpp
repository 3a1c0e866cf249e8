//===- AtenGroups.cpp - How torchgen.gen's files group functions ----------===//

#include "opgen/Emit/AtenGroups.h"

#include "llvm/ADT/StringMap.h"

using namespace opgen;
using namespace llvm;

/// The root name a kernel-naming pass stored (the base name without `_` or
/// `_functional`).
static const std::string &rootOf(const NativeFunction &F) {
  return F.Names ? F.Names->Root : F.Func.Name.Name.Base;
}

std::vector<std::pair<std::string, std::vector<FunctionId>>>
opgen::getFunctionsByRootName(const Module &M) {
  std::vector<std::pair<std::string, std::vector<FunctionId>>> Out;
  StringMap<size_t> Slot;
  for (FunctionId Id = 0, E = M.Functions.size(); Id != E; ++Id) {
    const std::string &Root = rootOf(M.Functions[Id]);
    auto [It, New] = Slot.try_emplace(Root, Out.size());
    if (New)
      Out.push_back({Root, {}});
    Out[It->second].second.push_back(Id);
  }
  return Out;
}

std::vector<std::pair<std::string, std::vector<size_t>>>
opgen::getGroupsByRootName(const Module &M) {
  std::vector<std::pair<std::string, std::vector<size_t>>> Out;
  StringMap<size_t> Slot;
  for (const auto &[Root, Ids] : getFunctionsByRootName(M)) {
    Slot.try_emplace(Root, Out.size());
    Out.push_back({Root, {}});
  }
  if (!M.Groups)
    return Out;
  for (size_t G = 0, E = M.Groups->size(); G != E; ++G) {
    const FunctionGroup &FG = (*M.Groups)[G];
    const NativeFunction &F =
        M.Functions[FG.IsGroup ? FG.Functional : FG.Function];
    auto It = Slot.find(rootOf(F));
    if (It != Slot.end())
      Out[It->second].second.push_back(G);
  }
  return Out;
}
