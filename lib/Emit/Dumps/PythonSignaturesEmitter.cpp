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
  std::vector<const NativeFunction *> Bound;
  for (const NativeFunction &F : EC.M.Functions)
    if (Filter->shouldGenerate(F))
      Bound.push_back(&F);
  const DeprecatedFile *Deprecated =
      EC.M.Deprecated ? &*EC.M.Deprecated : nullptr;
  for (bool Method : {false, true}) {
    std::optional<std::vector<PythonSignatureFunctionPair>> Pairs =
        loadPythonSignatures(EC.Ctx, Bound, Deprecated, Method);
    if (!Pairs)
      return failure();
    for (const PythonSignatureFunctionPair &P : *Pairs) {
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
