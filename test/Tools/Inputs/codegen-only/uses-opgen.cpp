// A program using opgen's libraries: it parses a schema.
#include "opgen/IR/Context.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

int main() {
  opgen::Context Ctx(llvm::errs());
  auto P = opgen::parseFunctionSchema(Ctx, "abs(Tensor self) -> Tensor",
                                      opgen::TextLocation());
  if (!P)
    return 1;
  llvm::outs() << P->Schema.Name.str() << "\n";
  return 0;
}
