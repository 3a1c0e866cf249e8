//===- AtenGroups.cpp - How torchgen.gen's files group functions ----------===//

#include "opgen/Emit/ATen/AtenGroups.h"

#include "opgen/IR/DispatchKey.h"

#include "llvm/ADT/STLExtras.h"
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

std::vector<DispatchKey> opgen::getGenDispatchKeys(const Module &M,
                                                   const EmitOptions &O) {
  // torchgen drops the ignored keys from its list as it drops them from the
  // `dispatch:` tables, and an empty whitelist keeps every key.
  bool Whitelist = O.BackendWhitelist && !O.BackendWhitelist->empty();
  std::vector<DispatchKey> Keys;
  for (DispatchKey K : getInTreeDispatchKeys()) {
    if (is_contained(M.IgnoredDispatchKeys, K))
      continue;
    if (Whitelist && !(getFlags(K) & DK_Generic) &&
        !is_contained(*O.BackendWhitelist, toString(K)))
      continue;
    Keys.push_back(K);
  }
  return Keys;
}

bool opgen::hasDispatchKeyFunctions(DispatchKey K, const EmitOptions &O) {
  switch (K) {
  case DispatchKey::CPU:
  case DispatchKey::CUDA:
  case DispatchKey::CompositeImplicitAutograd:
  case DispatchKey::CompositeImplicitAutogradNestedTensor:
  case DispatchKey::CompositeExplicitAutograd:
  case DispatchKey::CompositeExplicitAutogradNonFunctional:
  case DispatchKey::Meta:
  case DispatchKey::MTIA:
  // The MPS and XPU keys are added with --mps and --xpu, which are also what
  // keeps them in getGenDispatchKeys.
  case DispatchKey::MPS:
  case DispatchKey::SparseMPS:
  case DispatchKey::SparseCsrMPS:
  case DispatchKey::XPU:
    return true;
  default:
    return is_contained(O.StaticDispatchBackends, K);
  }
}

FileManager &opgen::getDispatchKeyFiles(const EmitContext &EC, DispatchKey K) {
  if (getFlags(K) & DK_Cuda)
    return EC.files(OutputFolder::Cuda);
  if (getFlags(K) & DK_Xpu)
    return EC.files(OutputFolder::Xpu);
  return EC.files();
}
