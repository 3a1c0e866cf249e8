//===- SchemaParser.h - Parse function schema strings -----------*- C++ -*-===//
//
// A recursive-descent parser for the schema language of native_functions.yaml,
// replacing torchgen's string splitting and regular expressions. It accepts
// what torchgen accepts: after parsing, the schema is printed again and must
// equal the input (torchgen's round-trip rule), so a non-canonical spelling is
// reported at the first character where it differs.
//
// The parser checks spelling only; IR/Verifier.h's verifySchema checks the
// invariants torchgen checks when it builds a FunctionSchema.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_SCHEMAPARSER_H
#define OPGEN_PARSE_SCHEMAPARSER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/FunctionSchema.h"
#include "opgen/IR/Verifier.h"
#include "opgen/Support/LogicalResult.h"
#include "opgen/Support/TextLocation.h"

#include <optional>
#include <string>

namespace opgen {

/// A schema with the namespace written before it (`myns::foo(...)`).
struct ParsedSchema {
  std::string Namespace; ///< empty when none was written
  /// Written with `::` before the name but no namespace (`::foo(...)`).
  bool EmptyNamespace = false;
  FunctionSchema Schema;
};

/// Parse a whole `func:` string. Reports at most one syntax error.
std::optional<ParsedSchema>
parseFunctionSchema(Context &Ctx, llvm::StringRef Text, TextLocation Loc);

/// Parse one argument, as in `precomputed:` entries (`int kW`).
std::optional<Argument> parseArgument(Context &Ctx, llvm::StringRef Text,
                                      TextLocation Loc);

/// Parse an operator name, as in `structured_delegate:` or `autogen:`.
std::optional<OperatorName>
parseOperatorName(Context &Ctx, llvm::StringRef Text, TextLocation Loc);

/// Whether torchgen's lenient `OperatorName.parse` accepts \p Text (it
/// checks little more than the base name's suffixes and that the name
/// prints back as written, so `aten::abs.out` or `abs.out,abs.Scalar_out`
/// pass). Where it raises, false with the reason in \p Why.
bool torchgenAcceptsOperatorName(llvm::StringRef Text, std::string &Why);

/// Parse a type on its own (`int[]?`).
std::optional<Type> parseType(Context &Ctx, llvm::StringRef Text,
                              TextLocation Loc);

} // namespace opgen

#endif // OPGEN_PARSE_SCHEMAPARSER_H
