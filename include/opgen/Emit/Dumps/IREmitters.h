//===- IREmitters.h - Print the operator IR as text -------------*- C++ -*-===//
//
// Views of a Module, selected by opgen-opt's --emit:
//   schemas  one schema per line, as torchgen's str(FunctionSchema) prints it
//   json     the comparison document of shared/reference/IR-JSON.md
//   yaml     native_functions.yaml text that reads back to the same IR
// Emitters only read the IR. (The registered forms, and the C++ API dump,
// are in Emitters.def.)
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_DUMPS_IREMITTERS_H
#define OPGEN_EMIT_DUMPS_IREMITTERS_H

#include "opgen/IR/Module.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

void emitSchemas(const Module &M, llvm::raw_ostream &OS);
void emitJson(const Module &M, llvm::raw_ostream &OS);
void emitYaml(const Module &M, llvm::raw_ostream &OS);

} // namespace opgen

#endif // OPGEN_EMIT_DUMPS_IREMITTERS_H
