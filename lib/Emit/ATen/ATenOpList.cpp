//===- ATenOpList.cpp - core/ATenOpList.cpp -------------------------------===//
//
// The (name, overload) pair of every operator, which at::is_custom_op and
// friends check names against.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

LogicalResult opgen::emitATenOpList(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  std::vector<std::string> Ops;
  Ops.reserve(EC.M.Functions.size());
  for (const NativeFunction &F : EC.M.Functions)
    Ops.push_back("{\"aten::" + F.Func.Name.Name.str() + "\", \"" +
                  F.Func.Name.OverloadName + "\"},");
  return EC.files(OutputFolder::Core)
      .write("ATenOpList.cpp", {{"aten_ops", std::move(Ops)}});
}
