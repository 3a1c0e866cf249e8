//===- PythonSignaturesEmitter.cpp - The Python signatures, one a line ----===//
//
// load_signatures' pairs, as functions and then as Tensor methods: every
// function that gets a Python binding, then each deprecated.yaml signature
// with each function it calls; one compact JSON object a line with sorted
// keys (the function's schema, the deprecated schema or null, `method`,
// PythonArgParser's signature string, the output's index, each
// TensorOptions argument's default init). utils/torchgen-python-signatures.py
// prints the same from torchgen's api/python.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/PythonApi/PythonBindingModel.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace opgen;
using namespace llvm;
using json = nlohmann::json;

LogicalResult opgen::emitPythonSignaturesText(EmitContext &EC,
                                              raw_ostream &OS) {
  const PythonBindingModel *PM = EC.Options.PythonBindings;
  if (!PM || !PM->HasSignatures) {
    EC.Ctx.getDiags().error(SMLoc(), "the python-signatures emitter needs "
                                     "gen_python_functions.py's skip tables "
                                     "(--autograd-dir)");
    return failure();
  }
  // As load_signatures gives them: functions, then methods.
  for (bool Method : {false, true}) {
    for (const PythonSignatureFunctionPair &P :
         Method ? PM->MethodPairs : PM->FunctionPairs) {
      const PythonSignature &S = P.Signature;
      json Inits = json::array();
      for (const PythonArgument &A : S.TensorOptionsArgs)
        Inits.push_back(A.DefaultInit ? json(*A.DefaultInit) : json());
      json J;
      J["schema"] = P.Function->Func.str();
      J["deprecated"] =
          S.deprecated() ? json(S.DeprecatedSchema->str()) : json();
      J["method"] = Method;
      J["signature"] = S.signatureStr();
      J["output_idx"] = S.outputIdx();
      J["default_inits"] = std::move(Inits);
      OS << J.dump(-1, ' ', /*ensure_ascii=*/true,
                   json::error_handler_t::replace)
         << '\n';
    }
  }
  return success();
}
