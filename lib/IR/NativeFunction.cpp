//===- NativeFunction.cpp - One entry of native_functions.yaml ------------===//

#include "opgen/IR/NativeFunction.h"

using namespace opgen;
using namespace llvm;

static const StringRef UfuncKeyNames[] = {
    "CUDAFunctor", "CUDAFunctorOnOther", "CUDAFunctorOnSelf",
    "CPUScalar",   "CPUVector",          "ScalarOnly",
    "Generic"};

StringRef opgen::toString(UfuncKey K) {
  return UfuncKeyNames[static_cast<unsigned>(K)];
}

std::optional<UfuncKey> opgen::parseUfuncKey(StringRef S) {
  for (unsigned I = 0; I < std::size(UfuncKeyNames); ++I)
    if (UfuncKeyNames[I] == S)
      return static_cast<UfuncKey>(I);
  return std::nullopt;
}
