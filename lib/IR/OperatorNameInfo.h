//===- OperatorNameInfo.h - Operator names as DenseMap keys -----*- C++ -*-===//
//
// Part of lib/IR's implementation: the verifiers look functions up by name
// thousands of times a run.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_IR_OPERATORNAMEINFO_H
#define OPGEN_LIB_IR_OPERATORNAMEINFO_H

#include "opgen/IR/OperatorName.h"

#include "llvm/ADT/DenseMapInfo.h"
#include "llvm/Support/DJB.h"

namespace opgen {
namespace detail {
/// Operator names compared and hashed by value, through pointers. The names
/// are short, so Bernstein's hash, with its bits spread by MurmurHash3's
/// finalizer (on their own the low bits, which pick the bucket, hardly
/// depend on the text), costs less than hash_combine over the fields.
struct OperatorNameInfo {
  using PtrInfo = llvm::DenseMapInfo<const OperatorName *>;
  static const OperatorName *getEmptyKey() { return PtrInfo::getEmptyKey(); }
  static const OperatorName *getTombstoneKey() {
    return PtrInfo::getTombstoneKey();
  }
  static unsigned getHashValue(const OperatorName *N) {
    unsigned H = llvm::djbHash(N->Name.Base);
    H = llvm::djbHash(N->OverloadName, H);
    H ^= N->Name.Inplace | N->Name.DunderMethod << 1 |
         N->Name.FunctionalOverload << 2;
    H ^= H >> 16;
    H *= 0x85ebca6bu;
    H ^= H >> 13;
    H *= 0xc2b2ae35u;
    H ^= H >> 16;
    return H;
  }
  static bool isEqual(const OperatorName *A, const OperatorName *B) {
    if (A == B)
      return true;
    if (A == getEmptyKey() || A == getTombstoneKey() || B == getEmptyKey() ||
        B == getTombstoneKey())
      return false;
    return *A == *B;
  }
};
} // namespace detail
} // namespace opgen

#endif // OPGEN_LIB_IR_OPERATORNAMEINFO_H
