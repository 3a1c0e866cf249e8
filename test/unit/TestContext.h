//===- TestContext.h - What most unit tests start from ----------*- C++ -*-===//
//
// A Context whose diagnostics are kept in a string, and functions made from
// schema strings.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TEST_UNIT_TESTCONTEXT_H
#define OPGEN_TEST_UNIT_TESTCONTEXT_H

#include "opgen/IR/Context.h"
#include "opgen/IR/NativeFunction.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

#include <string>

namespace opgen {

struct TestContext {
  std::string Diags;
  llvm::raw_string_ostream OS{Diags};
  Context Ctx{OS};

  /// A function whose schema is \p S, which must parse.
  NativeFunction function(llvm::StringRef S) {
    std::optional<ParsedSchema> P = parseFunctionSchema(Ctx, S, TextLocation());
    REQUIRE(P);
    NativeFunction F;
    F.Func = P->Schema;
    return F;
  }
};

} // namespace opgen

#endif // OPGEN_TEST_UNIT_TESTCONTEXT_H
