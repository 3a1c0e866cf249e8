//===- NativeFunction.cpp - One entry of native_functions.yaml ------------===//

#include "opgen/IR/NativeFunction.h"

#include "llvm/ADT/STLExtras.h"

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

KernelNames opgen::computeKernelNames(const FunctionSchema &Func) {
  const OperatorName &Op = Func.Name;
  KernelNames N;
  // The base name is printed once and each name built from it.
  std::string Base = Op.Name.str();
  N.Cpp.reserve(Base.size() + 4);
  N.Cpp = Base;
  if (Func.isOutFn())
    N.Cpp += "_out";
  // torchgen 2.14's dispatcher API names functions as its C++ API does.
  N.Dispatcher = N.Cpp;
  if (Op.OverloadName.empty()) {
    N.Unambiguous = std::move(Base);
  } else {
    N.Unambiguous.reserve(Base.size() + 1 + Op.OverloadName.size());
    N.Unambiguous = Base;
    N.Unambiguous += '_';
    N.Unambiguous += Op.OverloadName;
  }
  N.Root = Op.Name.Base;
  return N;
}

bool NativeFunction::isViewOp() const {
  bool NonMutatingView = llvm::any_of(Func.Returns, [](const Return &R) {
    return R.Annot && !R.Annot->IsWrite;
  });
  // resize_ is handled by functionalization, not as a view. (The name is
  // printed only for the few functions with the tag.)
  bool InplaceView = Tags.count("inplace_view") && [&] {
    std::string Name = Func.Name.str();
    return Name != "resize_" && Name != "resize_as_";
  }();
  bool WildcardView =
      Func.Args.anyOf(Arguments::AllParts, [](const Argument &A) {
        return A.Annot && llvm::is_contained(A.Annot->AliasSetAfter, "*");
      });
  return NonMutatingView || InplaceView || WildcardView;
}
