//===- DispatchKey.cpp - PyTorch dispatch keys ----------------------------===//

#include "opgen/IR/DispatchKey.h"

#include "llvm/ADT/StringMap.h"

using namespace opgen;
using namespace llvm;

namespace {
struct KeyInfo {
  StringRef Name;
  unsigned Flags;
};
const KeyInfo Keys[] = {
#define DISPATCH_KEY(Name, Flags) {#Name, Flags},
#include "opgen/IR/DispatchKeys.def"
};
} // namespace

StringRef opgen::toString(DispatchKey K) {
  return Keys[static_cast<unsigned>(K)].Name;
}

unsigned opgen::getFlags(DispatchKey K) {
  return Keys[static_cast<unsigned>(K)].Flags;
}

std::optional<DispatchKey> opgen::parseDispatchKey(StringRef Name) {
  // An immutable table built once; lookups by name are hot while reading.
  static const StringMap<DispatchKey> ByName = [] {
    StringMap<DispatchKey> M;
    for (unsigned I = 0, E = std::size(Keys); I != E; ++I)
      M[Keys[I].Name] = static_cast<DispatchKey>(I);
    M["CatchAll"] = DispatchKey::Undefined;
    return M;
  }();
  auto It = ByName.find(Name);
  if (It == ByName.end())
    return std::nullopt;
  return It->second;
}

ArrayRef<DispatchKey> opgen::getInTreeDispatchKeys() {
  // torchgen's `dispatch_keys` list, whose order the backend indices follow.
  static const DispatchKey InTree[] = {
      DispatchKey::CPU,
      DispatchKey::SparseCPU,
      DispatchKey::SparseCsrCPU,
      DispatchKey::MkldnnCPU,
      DispatchKey::CUDA,
      DispatchKey::MPS,
      DispatchKey::XPU,
      DispatchKey::SparseXPU,
      DispatchKey::SparseCsrXPU,
      DispatchKey::SparseCUDA,
      DispatchKey::SparseCsrCUDA,
      DispatchKey::SparseMPS,
      DispatchKey::SparseCsrMPS,
      DispatchKey::QuantizedCPU,
      DispatchKey::QuantizedCUDA,
      DispatchKey::CompositeImplicitAutograd,
      DispatchKey::CompositeImplicitAutogradNestedTensor,
      DispatchKey::CompositeExplicitAutograd,
      DispatchKey::CompositeExplicitAutogradNonFunctional,
      DispatchKey::NestedTensorCPU,
      DispatchKey::NestedTensorCUDA,
      DispatchKey::NestedTensorXPU,
      DispatchKey::NestedTensorHPU,
      DispatchKey::Meta,
      DispatchKey::SparseMeta,
      DispatchKey::SparseCsrMeta,
      DispatchKey::QuantizedMeta,
      DispatchKey::NestedTensorMeta,
      DispatchKey::ZeroTensor,
      DispatchKey::MTIA,
  };
  return InTree;
}
