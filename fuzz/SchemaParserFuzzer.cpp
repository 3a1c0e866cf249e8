//===- SchemaParserFuzzer.cpp - libFuzzer target for schema strings -------===//
//
// The input is one schema string. It is parsed as a whole schema (verified
// when that succeeds), as an operator name, as an argument and as a type.
// Whatever parses must print back to text that parses to the same thing;
// anything else is a bug, reported with __builtin_trap().
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Context.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace opgen;
using namespace llvm;

static void check(bool Cond, StringRef What, StringRef Text) {
  if (Cond)
    return;
  errs() << "fuzz-schema-parser: " << What << " for input `" << Text << "`\n";
  __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  Context Ctx(nulls());
  // Keep the bytes in a buffer so diagnostics point into it, as they do for
  // a schema read from native_functions.yaml.
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(
          StringRef(reinterpret_cast<const char *>(Data), Size), "schema"),
      SMLoc());
  StringRef Text = Ctx.getSourceMgr().getMemoryBuffer(ID)->getBuffer();
  TextLocation Loc{SMLoc::getFromPointer(Text.data()), /*Exact=*/true};

  if (std::optional<ParsedSchema> P = parseFunctionSchema(Ctx, Text, Loc)) {
    // `::name` has an empty namespace, printed as written.
    std::string Printed =
        (P->Namespace.empty() && !P->EmptyNamespace ? ""
                                                    : P->Namespace + "::") +
        P->Schema.str();
    check(Printed == Text, "schema does not print back as written", Text);
    (void)verifySchema(Ctx, P->Schema, Loc.Start);
    // Each argument, printed on its own, reads back as the same argument.
    for (const Argument *A : P->Schema.Args.flatAll()) {
      std::optional<Argument> Again = parseArgument(Ctx, A->str(), {});
      check(Again && *Again == *A,
            "argument `" + A->str() +
                "` does not "
                "read back on its own",
            Text);
    }
  }

  if (std::optional<OperatorName> N = parseOperatorName(Ctx, Text, Loc))
    check(N->str() == Text, "operator name does not print back as written",
          Text);

  if (std::optional<Argument> A = parseArgument(Ctx, Text, Loc))
    check(A->str() == Text, "argument does not print back as written", Text);

  if (std::optional<Type> T = parseType(Ctx, Text, Loc)) {
    std::string Printed = T->str();
    std::optional<Type> Again = parseType(Ctx, Printed, {});
    check(Again && Again->str() == Printed,
          "type `" + Printed + "` does not read back", Text);
  }
  return 0;
}
