//===- UfuncApi.cpp - ufunc kernels' names and stub arguments -------------===//

#include "opgen/CppApi/UfuncApi.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/StructuredApi.h"

#include <cassert>

using namespace opgen;
using namespace llvm;

std::string opgen::ufuncKernelName(const Module &M, const FunctionGroup &G,
                                   DispatchKey Key) {
  const NativeFunction &Out = M.Functions[G.Out];
  assert(Out.Func.isOutFn() && "ufunc kernels are named after out= schemas");
  return "ufunc_" + cppBaseName(Out) + "_" + toString(Key).str();
}

std::vector<Binding> opgen::ufuncStubArguments(const Module &M,
                                               const FunctionGroup &G) {
  std::vector<Binding> Out;
  // Tensors travel in the TensorIterator.
  auto AddNonTensor = [&](const Argument &A) {
    if (!A.Ty.isTensorLike())
      Out.push_back(structuredArgument(A));
    return false;
  };
  M.Functions[G.Out].Func.Args.anyOf(Arguments::NonOutParts, AddNonTensor);
  return Out;
}
