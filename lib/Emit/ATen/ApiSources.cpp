//===- ApiSources.cpp - Functions.cpp and core/TensorMethods.cpp ----------===//
//
// The C++ API's two source files: their templates have no placeholders (the
// wrappers are all inline, in the headers), so they are written as they
// are, in the install and core folders.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"

using namespace opgen;

LogicalResult opgen::emitApiSources(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  bool Ok = succeeded(EC.files().write("Functions.cpp", TemplateEnv()));
  Ok &= succeeded(
      EC.files(OutputFolder::Core).write("TensorMethods.cpp", TemplateEnv()));
  return success(Ok);
}
