//===- Functionalization.cpp - What functionalization handles -------------===//

#include "opgen/IR/Functionalization.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>

using namespace opgen;
using namespace llvm;

static const StringRef OutOpsNotGrouped[] = {
    "adaptive_avg_pool3d_backward.grad_input",
    "_slow_conv2d_backward.grad_input",
};
static const StringRef MutableOpsWithoutOut[] = {"_cummax_helper",
                                                 "_cummin_helper"};
static const StringRef InplaceOpsNotGrouped[] = {"polygamma_"};
/// Handled by hand: record_stream should be inplace, resize_ and
/// resize_as_ have Note [resize_ in Functionalization], and the others are
/// for tests or inference only.
static const StringRef HandWritten[] = {
    "record_stream",
    "resize_",
    "resize_as_",
    "_fill_mem_eff_dropout_mask_",
    "_flash_attention_forward_no_dropout_inplace",
};

bool opgen::isOutOpThatDoesNotGetGrouped(StringRef Name) {
  return is_contained(OutOpsNotGrouped, Name);
}
bool opgen::isMutableOpThatCannotGetAnOutVariant(StringRef Name) {
  return is_contained(MutableOpsWithoutOut, Name);
}
bool opgen::isInplaceOpThatDoesNotGetGrouped(StringRef Name) {
  return is_contained(InplaceOpsNotGrouped, Name);
}
bool opgen::isMutableOpNotUsingFunctionalization(StringRef Name) {
  return isOutOpThatDoesNotGetGrouped(Name) ||
         isMutableOpThatCannotGetAnOutVariant(Name) ||
         isInplaceOpThatDoesNotGetGrouped(Name) ||
         is_contained(HandWritten, Name);
}

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
