//===- DispatchKey.h - PyTorch dispatch keys --------------------*- C++ -*-===//

#ifndef OPGEN_IR_DISPATCHKEY_H
#define OPGEN_IR_DISPATCHKEY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>

namespace opgen {

enum DispatchKeyFlags : unsigned {
  DK_InTree = 1 << 0,
  DK_Structured = 1 << 1,
  DK_Ufunc = 1 << 2,
  DK_Cuda = 1 << 3,
  DK_Xpu = 1 << 4,
  DK_Generic = 1 << 5,
};

enum class DispatchKey : unsigned short {
#define DISPATCH_KEY(Name, Flags) Name,
#include "opgen/IR/DispatchKeys.def"
};

/// The key's name as torchgen prints it.
llvm::StringRef toString(DispatchKey K);
/// Parse a key name; "CatchAll" is torchgen's alias of Undefined.
std::optional<DispatchKey> parseDispatchKey(llvm::StringRef Name);
unsigned getFlags(DispatchKey K);
inline bool isInTree(DispatchKey K) { return getFlags(K) & DK_InTree; }
inline bool isStructuredKey(DispatchKey K) {
  return getFlags(K) & DK_Structured;
}
inline bool isUfuncKey(DispatchKey K) { return getFlags(K) & DK_Ufunc; }
/// In-tree keys whose kernels need a device guard (CUDA- and XPU-like).
inline bool needsDeviceGuard(DispatchKey K) {
  return getFlags(K) & (DK_Cuda | DK_Xpu);
}
/// The keys valid under `dispatch:`, in torchgen's order.
llvm::ArrayRef<DispatchKey> getInTreeDispatchKeys();

} // namespace opgen

#endif // OPGEN_IR_DISPATCHKEY_H
