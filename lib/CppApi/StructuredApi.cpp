//===- StructuredApi.cpp - Structured kernels' meta and impl API ----------===//

#include "opgen/CppApi/StructuredApi.h"

#include <cassert>

using namespace opgen;
using namespace llvm;

CType opgen::structuredArgumentCType(Type T) {
  // Structured kernels run on real sizes, so SymInt is always int64_t.
  if (T.getKind() == Type::Base) {
    if (T.isBase(BaseTy::Tensor))
      return CType::wrap(CType::ConstRef, CType::base("at::Tensor"));
    if (T.isBase(BaseTy::Scalar))
      return CType::wrap(CType::ConstRef, CType::base("at::Scalar"));
  }
  // The value types are the C++ API's (bool[N], optional value types).
  CppApiFlags NoFlags;
  if (T.getKind() == Type::Optional) {
    Type E = T.getElementType();
    if (E.isBase(BaseTy::Tensor))
      return CType::base("at::OptionalTensorRef");
    if (E.isBase(BaseTy::Scalar))
      return CType::base("at::OptionalScalarRef");
    if (E.getKind() == Type::List && E.getElementType().isBase(BaseTy::Int))
      return CType::base("at::OptionalIntArrayRef");
    if (!E.isTensorLike() && E.getKind() != Type::List)
      return argumentCType(T, /*Mutable=*/false, /*SymInt=*/false, NoFlags);
    return CType::wrap(CType::Optional, structuredArgumentCType(E));
  }
  if (T.getKind() == Type::List) {
    Type E = T.getElementType();
    if (E.isBase(BaseTy::Bool))
      return argumentCType(T, /*Mutable=*/false, /*SymInt=*/false, NoFlags);
    if (E.isBase(BaseTy::Tensor))
      return CType::wrap(CType::ConstRef, CType::base("at::ITensorListRef"));
    if (E.getKind() == Type::Optional &&
        E.getElementType().isBase(BaseTy::Tensor))
      return CType::base("at::IOptTensorListRef");
    if (E.isBase(BaseTy::Int))
      return CType::base("at::IntArrayRef");
    // Unlike the C++ API, `SymInt[]` has no special case here.
    return CType::wrap(CType::ArrayRef, structuredArgumentCType(E));
  }
  return argumentCType(T, /*Mutable=*/false, /*SymInt=*/false, NoFlags);
}

Binding opgen::structuredArgument(const Argument &A) {
  Binding B;
  B.Name = A.Name;
  B.NCType = {A.Name, structuredArgumentCType(A.Ty)};
  return B;
}

std::string opgen::metaName(const Module &M, const FunctionGroup &G) {
  assert(G.IsGroup && "meta functions belong to groups");
  const NativeFunction &F = M.Functions[G.Functional];
  // The unambiguous name is `name.overload` with `_` for the dot.
  return F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName();
}

/// Non-out arguments in declaration order; structured kernels have no
/// TensorOptions (torchgen asserts it).
static void forEachNonOut(const Arguments &As,
                          function_ref<void(const Argument &)> Fn) {
  assert(!As.TensorOptions && "structured kernels take no TensorOptions");
  As.anyOf(Arguments::NonOutParts, [&](const Argument &A) {
    Fn(A);
    return false;
  });
}

std::vector<Binding> opgen::metaArguments(const Module &M,
                                          const FunctionGroup &G) {
  std::vector<Binding> Out;
  forEachNonOut(M.Functions[G.Functional].Func.Args, [&](const Argument &A) {
    Out.push_back(structuredArgument(A));
  });
  return Out;
}

std::vector<Binding> opgen::implArguments(const Module &M,
                                          const FunctionGroup &G) {
  const NativeFunction &F = M.Functions[G.Out];
  std::vector<Binding> Out;
  const Precompute *P = F.Precomputed ? &*F.Precomputed : nullptr;
  forEachNonOut(F.Func.Args, [&](const Argument &A) {
    if (P) {
      for (const auto &[Name, Replacements] : P->Replace) {
        if (Name != A.Name)
          continue;
        for (const Argument &R : Replacements)
          Out.push_back(structuredArgument(R));
        return;
      }
    }
    Out.push_back(structuredArgument(A));
  });
  if (P)
    for (const Argument &A : P->Add)
      Out.push_back(structuredArgument(A));
  for (const Argument &A : F.Func.Args.Out)
    Out.push_back(structuredArgument(A));
  return Out;
}

std::vector<Binding> opgen::outArguments(const Module &M,
                                         const FunctionGroup &G) {
  std::vector<Binding> Out;
  for (const Argument &A : M.Functions[G.Out].Func.Args.Out)
    Out.push_back(structuredArgument(A));
  return Out;
}
