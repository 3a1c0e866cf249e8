//===- NativeYamlFuzzer.cpp - libFuzzer target for native_functions.yaml --===//
//
// The input is a whole native_functions.yaml (and, separately, a tags.yaml).
// When it reads without errors, all three emitters run, and the IR printed
// by emitYaml must read back to the same schemas. Then the default pass
// pipeline runs (it may reject the input, but must not crash), and the IR
// it leaves must print and read back too. A failure is a bug, reported with
// __builtin_trap().
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Dumps/IREmitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Tools/FrontEnd.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <set>
#include <string>

using namespace opgen;
using namespace llvm;

static std::set<std::string> validTags() {
  return {"core",
          "generated",
          "inplace",
          "inplace_view",
          "nondeterministic_seeded",
          "out",
          "pt2_compliant_tag"};
}

static unsigned addBuffer(Context &Ctx, StringRef Text, StringRef Name) {
  return Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Text, Name), SMLoc());
}

/// Read \p Text through the front end, as the tools do, and run \p Pipeline.
static LogicalResult read(Context &Ctx, StringRef Text, Module &M,
                          StringRef Pipeline = "") {
  M.ValidTags = validTags();
  FrontEndInputs In;
  In.NativeYaml = addBuffer(Ctx, Text, "native_functions.yaml");
  FrontEndOptions O;
  O.Release = TorchRelease::V2_14;
  O.Pipeline = Pipeline.str();
  return runFrontEnd(Ctx, In, O, M);
}

static void fail(StringRef What, StringRef Input, StringRef Emitted) {
  errs() << "fuzz-native-yaml: " << What << "\n--- input\n"
         << Input << "\n--- emitted yaml\n"
         << Emitted << "\n--- diagnostics reading it back\n";
  Context Ctx(errs());
  Module M;
  (void)read(Ctx, Emitted, M);
  __builtin_trap();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  {
    Context Ctx(nulls());
    std::set<std::string> Tags;
    (void)readTagsYaml(Ctx, addBuffer(Ctx, Input, "tags.yaml"), Tags);
  }

  Context Ctx(nulls());
  Module M;
  if (failed(read(Ctx, Input, M)))
    return 0;
  std::string Json, Yaml, Schemas;
  raw_string_ostream JsonOS(Json), YamlOS(Yaml), SchemasOS(Schemas);
  emitJson(M, JsonOS);
  emitYaml(M, YamlOS);
  emitSchemas(M, SchemasOS);
  YamlOS.flush();
  SchemasOS.flush();

  Context Ctx2(nulls());
  Module M2;
  if (failed(read(Ctx2, Yaml, M2)))
    fail("the emitted yaml does not read back", Input, Yaml);
  std::string Schemas2;
  raw_string_ostream Schemas2OS(Schemas2);
  emitSchemas(M2, Schemas2OS);
  if (Schemas2OS.str() != Schemas)
    fail("the emitted yaml reads back to different schemas", Input, Yaml);

  Context CtxP(nulls());
  Module MP;
  if (failed(read(CtxP, Input, MP, "default")))
    return 0;
  std::string Json3, Yaml3;
  raw_string_ostream Json3OS(Json3), Yaml3OS(Yaml3);
  emitJson(MP, Json3OS);
  emitYaml(MP, Yaml3OS);
  Yaml3OS.flush();
  Context Ctx3(nulls());
  Module M3;
  if (failed(read(Ctx3, Yaml3, M3)))
    fail("the IR printed after the passes does not read back", Input, Yaml3);
  return 0;
}
