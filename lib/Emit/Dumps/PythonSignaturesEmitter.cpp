//===- PythonSignaturesEmitter.cpp - The Python signatures, one a line ----===//
//
// For every function that gets a Python binding, its signature as a
// function and, for a method variant, as a Tensor method: one compact JSON
// object a line with sorted keys (the schema, `method`, PythonArgParser's
// signature string, the output's index, each TensorOptions argument's
// default init). utils/torchgen-python-signatures.py prints the same from
// torchgen's api/python.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/PythonApi/PythonBindings.h"
#include "opgen/PythonApi/PythonSignature.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace opgen;
using namespace llvm;
using json = nlohmann::json;

LogicalResult opgen::emitPythonSignaturesText(EmitContext &EC,
                                              raw_ostream &OS) {
  const PythonBindingFilter *Filter = EC.Options.PythonBindings;
  if (!Filter) {
    EC.Ctx.getDiags().error(SMLoc(), "the python-signatures emitter needs "
                                     "gen_python_functions.py's skip tables "
                                     "(--autograd-dir)");
    return failure();
  }
  bool Ok = true;
  for (const NativeFunction &F : EC.M.Functions) {
    if (!Filter->shouldGenerate(F))
      continue;
    for (bool Method : {false, true}) {
      if (Method && !F.VariantMethod)
        continue;
      Expected<PythonSignature> S = pythonSignature(EC.Ctx, F, Method);
      if (!S) {
        EC.Ctx.getDiags().error(F.FuncLoc, toString(S.takeError()));
        Ok = false;
        break;
      }
      json Inits = json::array();
      for (const PythonArgument &A : S->TensorOptionsArgs)
        Inits.push_back(A.DefaultInit ? json(*A.DefaultInit) : json());
      json J;
      J["schema"] = F.Func.str();
      J["method"] = Method;
      J["signature"] = S->signatureStr();
      J["output_idx"] = S->outputIdx();
      J["default_inits"] = std::move(Inits);
      OS << J.dump(-1, ' ', /*ensure_ascii=*/true,
                   json::error_handler_t::replace)
         << '\n';
    }
  }
  return success(Ok);
}
