//===- SchemaTexts.h - Each function's schema, printed once -----*- C++ -*-===//
//
// Most of torchgen.gen's files quote each operator's schema (a comment
// above a wrapper, a `schema_str`, an `m.def`, Declarations.yaml's
// `schema_string`): str(FunctionSchema), the same text every time. Printing
// it costs more than anything else per function in the smaller emitters, so
// it is printed once per run, on threads, for all of them.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_SCHEMATEXTS_H
#define OPGEN_EMIT_SCHEMATEXTS_H

#include "opgen/Emit/Emitters.h"

#include <string>
#include <vector>

namespace opgen {

/// Each function's schema as torchgen prints it, by position in EC.M's
/// functions; made on the first call (on EC.Options.Threads threads) and
/// kept in \p EC. Call it outside parallel loops.
const std::vector<std::string> &getSchemaTexts(EmitContext &EC);

/// \p F's schema text from \p Schemas (got from getSchemaTexts for the
/// module \p F belongs to).
inline const std::string &schemaText(const std::vector<std::string> &Schemas,
                                     const Module &M, const NativeFunction &F) {
  return Schemas[&F - M.Functions.data()];
}

} // namespace opgen

#endif // OPGEN_EMIT_SCHEMATEXTS_H
