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

UfuncStubNames opgen::ufuncStubNames(const Module &M, const FunctionGroup &G) {
  std::string Base = M.Functions[G.Functional].Func.Name.Name.str();
  return {Base + "_stub", Base + "_kernel", Base + "_fn"};
}

/// The functor and ufunc types of a non-tensor argument: its value type if
/// it has one (ints, floats, ...), else \p Scalar for a Scalar; none for
/// the rest.
static std::optional<CType> nonTensorCType(const Argument &A,
                                           const CType &Scalar) {
  if (std::optional<CType> V = valueCType(A.Ty, /*SymInt=*/false))
    return V;
  if (A.Ty.isBase(BaseTy::Scalar))
    return Scalar;
  return std::nullopt;
}

static llvm::Error unsupported(const Argument &A, StringRef What) {
  return createStringError(inconvertibleErrorCode(),
                           "argument `" + A.Name + "` of type `" + A.Ty.str() +
                               "` cannot be passed to " + What);
}

Expected<UfunctorBindings>
opgen::ufunctorArguments(const Module &M, const FunctionGroup &G,
                         std::optional<unsigned> ScalarTensorIdx) {
  const CType Opmath = CType::base("opmath_t");
  const CType ScalarT = CType::base("scalar_t");
  UfunctorBindings Out;
  // Tensors before the constructor's (-1: none left to skip).
  int Skip = ScalarTensorIdx ? static_cast<int>(*ScalarTensorIdx) : -1;
  for (const Argument *A : M.Functions[G.Functional].Func.Args.flatNonOut()) {
    // Tensors held by the constructor are scalars, kept in the wider
    // computation type.
    bool Tensor = A->Ty.isBase(BaseTy::Tensor);
    if (A->Ty.isTensorLike() && Skip != 0) {
      if (Skip > 0)
        --Skip;
      if (!Tensor)
        return unsupported(*A, "a CUDA functor's operator()");
      Out.Apply.push_back({A->Name, {A->Name, ScalarT}});
      continue;
    }
    if (A->Ty.isTensorLike())
      Skip = -1;
    std::optional<CType> T = Tensor ? Opmath : nonTensorCType(*A, Opmath);
    if (!T)
      return unsupported(*A, "a CUDA functor's constructor");
    Out.Ctor.push_back({A->Name, {A->Name, std::move(*T)}});
  }
  assert(Skip < 0 && "the scalar tensor is one of the arguments");
  return Out;
}

Expected<std::vector<NamedCType>> opgen::ufuncArguments(const Module &M,
                                                        const FunctionGroup &G,
                                                        const CType &ComputeT) {
  std::vector<NamedCType> Out;
  for (const Argument *A : M.Functions[G.Functional].Func.Args.flatNonOut()) {
    std::optional<CType> T = A->Ty.isBase(BaseTy::Tensor)
                                 ? std::optional<CType>(ComputeT)
                                 : nonTensorCType(*A, ComputeT);
    if (!T)
      return unsupported(*A, "a ufunc");
    Out.push_back({A->Name, std::move(*T)});
  }
  return Out;
}
