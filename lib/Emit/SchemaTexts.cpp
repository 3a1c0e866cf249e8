//===- SchemaTexts.cpp - Each function's schema, printed once -------------===//

#include "opgen/Emit/SchemaTexts.h"
#include "opgen/Support/Parallel.h"

#include <memory>

using namespace opgen;

const std::vector<std::string> &opgen::getSchemaTexts(EmitContext &EC) {
  if (!EC.Schemas) {
    auto Texts =
        std::make_shared<std::vector<std::string>>(EC.M.Functions.size());
    parallelFor(EC.Options.Threads, EC.M.Functions.size(),
                [&](size_t I) { (*Texts)[I] = EC.M.Functions[I].Func.str(); });
    EC.Schemas = std::move(Texts);
  }
  return *EC.Schemas;
}
