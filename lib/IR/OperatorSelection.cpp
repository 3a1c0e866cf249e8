//===- OperatorSelection.cpp - Which operators a build includes -----------===//

#include "opgen/IR/OperatorSelection.h"
#include "opgen/IR/NativeFunction.h"

using namespace opgen;
using namespace llvm;

/// `aten::add.Tensor` -> `aten::add`.
static StringRef stripOverload(StringRef Name) { return Name.split('.').first; }

bool OperatorSelection::isOperatorSelected(StringRef Name) const {
  if (IncludeAllOperators || Operators.count(Name.str()))
    return true;
  auto It = Operators.find(stripOverload(Name).str());
  return It != Operators.end() && It->second.IncludeAllOverloads;
}

bool OperatorSelection::isOperatorSelectedForTraining(StringRef Name) const {
  if (!isOperatorSelected(Name))
    return false;
  if (IncludeAllOperators)
    return true;
  auto Exact = Operators.find(Name.str());
  if (Exact != Operators.end() && Exact->second.IsUsedForTraining)
    return true;
  auto Base = Operators.find(stripOverload(Name).str());
  return Base != Operators.end() && Base->second.IncludeAllOverloads &&
         Base->second.IsUsedForTraining;
}

bool OperatorSelection::isRootOperator(StringRef Name) const {
  if (!isOperatorSelected(Name))
    return false;
  if (IncludeAllOperators)
    return true;
  auto Exact = Operators.find(Name.str());
  if (Exact != Operators.end())
    return Exact->second.IsRootOperator;
  auto Base = Operators.find(stripOverload(Name).str());
  return Base != Operators.end() && Base->second.IncludeAllOverloads &&
         Base->second.IsRootOperator;
}

bool OperatorSelection::isKernelDtypeSelected(StringRef KernelTag,
                                              StringRef Dtype) const {
  if (IncludeAllOperators || IncludeAllNonOpSelectives)
    return true;
  auto It = KernelMetadata.find(KernelTag.str());
  if (It == KernelMetadata.end())
    return false;
  for (const std::string &D : It->second)
    if (D == Dtype)
      return true;
  return false;
}

std::string opgen::getSelectionName(const NativeFunction &F) {
  return F.Namespace + "::" + F.Func.Name.str();
}

bool OperatorSelection::isNativeFunctionSelected(
    const NativeFunction &F) const {
  return isOperatorSelected(getSelectionName(F));
}

bool OperatorSelection::isNativeFunctionSelectedForTraining(
    const NativeFunction &F) const {
  return isOperatorSelectedForTraining(getSelectionName(F));
}
