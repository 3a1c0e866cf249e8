//===- SchemaEmitter.cpp - One schema per line ----------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/Dumps/IREmitters.h"

#include "llvm/Support/raw_ostream.h"

using namespace opgen;

void opgen::emitSchemas(const Module &M, llvm::raw_ostream &OS) {
  for (const NativeFunction &F : M.Functions)
    OS << F.Func << '\n';
}

LogicalResult opgen::emitSchemasText(EmitContext &EC, llvm::raw_ostream &OS) {
  emitSchemas(EC.M, OS);
  return success();
}
