//===- DeprecatedYamlFuzzer.cpp - libFuzzer target for deprecated.yaml ----===//
//
// The input is a deprecated.yaml, read by readDeprecatedYaml. Nothing may
// crash, and what it accepts must hold: every schema prints back to a
// schema that parses to the same value, and every call argument is the
// schema's or the constant `1`.
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Context.h"
#include "opgen/Parse/DeprecatedYamlReader.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace opgen;
using namespace llvm;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  Context Ctx(nulls());
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Input, "deprecated.yaml"), SMLoc());
  DeprecatedFile F;
  if (failed(readDeprecatedYaml(Ctx, ID, F)))
    return 0;
  for (const DeprecatedSignature &S : F.Signatures) {
    std::string Printed = S.Schema.str();
    std::optional<ParsedSchema> P =
        parseFunctionSchema(Ctx, Printed, TextLocation());
    if (!P || P->Schema != S.Schema)
      __builtin_trap();
    for (const DeprecatedCallArg &A : S.CallArgs)
      if (!A.isConstant() &&
          !S.Schema.Args.anyOf(Arguments::AllParts, [&](const Argument &X) {
            return X.Name == A.Name;
          }))
        __builtin_trap();
  }
  return 0;
}
