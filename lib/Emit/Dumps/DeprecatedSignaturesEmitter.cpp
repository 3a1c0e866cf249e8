//===- DeprecatedSignaturesEmitter.cpp - deprecated.yaml as read ----------===//
//
// Prints each deprecated signature as opgen read it, one compact JSON object
// a line with sorted keys: the schema as torchgen's str(FunctionSchema)
// prints it, the called function's name (`_out` taken out) and arguments,
// and whether the call is an out= one. utils/torchgen-deprecated-dump.py
// prints the same from torchgen's parsing.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"

#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace opgen;
using namespace llvm;
using json = nlohmann::json;

LogicalResult opgen::emitDeprecatedSignaturesText(EmitContext &EC,
                                                  raw_ostream &OS) {
  if (!EC.M.Deprecated) {
    EC.Ctx.getDiags().error(
        SMLoc(), "the deprecated-signatures emitter needs a deprecated.yaml "
                 "(--autograd-dir or --deprecated-yaml)");
    return failure();
  }
  for (const DeprecatedSignature &S : EC.M.Deprecated->Signatures) {
    json Args = json::array();
    for (const DeprecatedCallArg &A : S.CallArgs)
      Args.push_back(A.Name);
    json J;
    J["schema"] = S.Schema.str();
    J["aten"] = S.AtenName;
    J["args"] = std::move(Args);
    J["is_out"] = S.IsOut;
    OS << J.dump(-1, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace)
       << '\n';
  }
  return success();
}
