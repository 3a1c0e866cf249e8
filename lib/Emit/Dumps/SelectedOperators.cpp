//===- SelectedOperators.cpp - What a selective build includes ------------===//
//
// One line per function: its name as a selection names it, then whether the
// build includes it, includes it for training, and has it as a root
// operator (1 or 0 each), as torchgen's SelectiveBuilder answers for it.
// utils/torchgen-selection.py prints the same from torchgen, for comparison.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/IR/OperatorSelection.h"

#include "llvm/Support/raw_ostream.h"

using namespace opgen;

LogicalResult opgen::emitSelectedOperators(EmitContext &EC,
                                           llvm::raw_ostream &OS) {
  // Without a selection, torchgen's nop selector includes everything.
  OperatorSelection All;
  All.IncludeAllOperators = true;
  const OperatorSelection &S = EC.M.Selection ? *EC.M.Selection : All;
  for (const NativeFunction &F : EC.M.Functions) {
    std::string Name = getSelectionName(F);
    OS << Name << ' ' << S.isNativeFunctionSelected(F) << ' '
       << S.isNativeFunctionSelectedForTraining(F) << ' '
       << S.isRootOperator(Name) << '\n';
  }
  return success();
}
