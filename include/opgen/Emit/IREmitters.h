//===- IREmitters.h - Print the operator IR as text -------------*- C++ -*-===//
//
// Views of a Module, selected by opgen-opt's --emit:
//   schemas  one schema per line, as torchgen's str(FunctionSchema) prints it
//   json     the comparison document of shared/reference/IR-JSON.md
//   yaml     native_functions.yaml text that reads back to the same IR
//   cpp-api  the C++ API layer's names and signatures per function, as
//            shared/reference/API-DUMP.md describes
// Emitters only read the IR.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_IREMITTERS_H
#define OPGEN_EMIT_IREMITTERS_H

#include "opgen/IR/Module.h"

#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

void emitSchemas(const Module &M, llvm::raw_ostream &OS);
void emitJson(const Module &M, llvm::raw_ostream &OS);
void emitYaml(const Module &M, llvm::raw_ostream &OS);
/// Fails, printing nothing, without the default pipeline's groups, view
/// groups and names, or on a type the C++ API cannot spell.
llvm::Error emitCppApi(const Module &M, llvm::raw_ostream &OS);

} // namespace opgen

#endif // OPGEN_EMIT_IREMITTERS_H
