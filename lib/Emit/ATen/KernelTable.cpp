//===- KernelTable.cpp - Every function's kernel per dispatch key ---------===//

#include "opgen/Emit/ATen/KernelTable.h"
#include "opgen/IR/FunctionIndex.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

#include <memory>

using namespace opgen;
using namespace llvm;

KernelTable::KernelTable(const Module &M) : NumFunctions(M.Functions.size()) {
  if (!M.BackendIndices)
    return;
  // parse_native_yaml grows its dict of keys entry by entry, so a key's place
  // is where a `dispatch:` table (or an implied default) first names it.
  DenseMap<unsigned, size_t> Position;
  for (const NativeFunction &F : M.Functions)
    for (const auto &[Key, Meta] : F.Dispatch)
      if (!Position.count(static_cast<unsigned>(Key)))
        if (const BackendIndex *I = M.getBackendIndex(Key)) {
          Position[static_cast<unsigned>(Key)] = Order.size();
          Order.push_back(I);
        }
  for (const auto &[Key, I] : *M.BackendIndices)
    if (!Position.count(static_cast<unsigned>(Key))) {
      Position[static_cast<unsigned>(Key)] = Order.size();
      Order.push_back(&I);
    }
  Kernels.assign(Order.size() * NumFunctions, nullptr);

  // get_kernel looks a function up by operator name, which functions of
  // different namespaces may share: each kernel goes to every function of
  // its operator's name. Functions are bucketed by their unambiguous name
  // (`add_Tensor`, which a few distinct names may share) and compared in
  // full within a bucket.
  bool HaveNames = M.Functions.empty() || M.Functions.front().Names;
  DenseMap<StringRef, FunctionId> Bucket;
  std::vector<FunctionId> Next(NumFunctions, NumFunctions);
  if (HaveNames) {
    Bucket.reserve(NumFunctions);
    for (FunctionId Id = NumFunctions; Id-- > 0;) {
      auto [It, New] =
          Bucket.try_emplace(M.Functions[Id].Names->Unambiguous, Id);
      if (!New) {
        Next[Id] = It->second;
        It->second = Id;
      }
    }
  }
  std::unique_ptr<FunctionIndex> Functions;
  for (size_t K = 0; K != Order.size(); ++K) {
    const BackendIndex &I = *Order[K];
    if (!I.External && HaveNames)
      continue;
    // An external backend's index names functions of its own choosing.
    if (!Functions)
      Functions = std::make_unique<FunctionIndex>(M);
    for (const auto &[Name, Meta] : I.Index)
      for (FunctionId Id : Functions->findAll(Name))
        Kernels[K * NumFunctions + Id] = &Meta;
  }
  if (!HaveNames)
    return;
  // An in-tree index holds exactly the functions' `dispatch:` kernels (the
  // backend-index pass made it from them, and refused a name given two
  // kernels for one key), so they are read from the functions, with no
  // lookup by name.
  for (FunctionId Id = 0; Id != NumFunctions; ++Id) {
    const NativeFunction &F = M.Functions[Id];
    for (const auto &[Key, Meta] : F.Dispatch) {
      auto P = Position.find(static_cast<unsigned>(Key));
      if (P == Position.end() || Order[P->second]->External)
        continue;
      for (FunctionId Same = Bucket.lookup(F.Names->Unambiguous);
           Same != NumFunctions; Same = Next[Same])
        if (M.Functions[Same].Func.Name == F.Func.Name)
          Kernels[P->second * NumFunctions + Same] = &Meta;
    }
  }
}

FunctionId KernelTable::primary(size_t Key, const FunctionGroup &G) const {
  if (!G.IsGroup)
    return G.Function;
  return Order[Key]->UseOutAsPrimary ? G.Out : G.Functional;
}
