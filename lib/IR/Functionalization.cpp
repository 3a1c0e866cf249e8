//===- Functionalization.cpp - What functionalization handles -------------===//

#include "opgen/IR/Functionalization.h"

#include <cassert>

using namespace opgen;

std::vector<FunctionalizationUnit>
opgen::getFunctionalizationUnits(const Module &M) {
  assert(M.Groups && M.ViewGroups && "the group pass has not run");
  std::vector<FunctionalizationUnit> Units;
  Units.reserve(M.Functions.size());
  std::vector<bool> Grouped(M.Functions.size(), false);
  for (size_t I = 0; I != M.Groups->size(); ++I) {
    const FunctionGroup &G = (*M.Groups)[I];
    if (!G.IsGroup)
      continue;
    Units.push_back({FunctionalizationUnit::Group, I});
    for (FunctionId Id : G.members())
      Grouped[Id] = true;
  }
  for (size_t I = 0; I != M.ViewGroups->size(); ++I) {
    Units.push_back({FunctionalizationUnit::View, I});
    for (FunctionId Id : (*M.ViewGroups)[I].members())
      Grouped[Id] = true;
  }
  for (size_t I = 0; I != M.Functions.size(); ++I)
    if (!Grouped[I])
      Units.push_back({FunctionalizationUnit::Function, I});
  return Units;
}

std::vector<const Argument *>
opgen::getMutableArguments(const FunctionSchema &Func) {
  std::vector<const Argument *> Out;
  Func.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
    if (A.isWrite())
      Out.push_back(&A);
    return false;
  });
  return Out;
}
