//===- Registry.cpp - Every pass, from Passes.def -------------------------===//

#include "opgen/Transforms/Passes.h"

using namespace opgen;
using namespace llvm;

ArrayRef<PassInfo> opgen::getRegisteredPasses() {
  static const PassInfo Infos[] = {
#define OPGEN_PASS(Argument, Factory, Description)                             \
  {Argument, Description, &Factory},
#include "opgen/Transforms/Passes.def"
  };
  return Infos;
}

ArrayRef<StringRef> opgen::getDefaultPipeline() {
  static const StringRef Names[] = {"variant-synthesis", "group",
                                    "kernel-naming", "backend-index"};
  return Names;
}

std::unique_ptr<Pass> opgen::createPass(StringRef Argument) {
  for (const PassInfo &I : getRegisteredPasses())
    if (I.Argument == Argument)
      return I.Create();
  return nullptr;
}
