//===- FastYamlFuzzer.cpp - The fast YAML path against libyaml ------------===//
//
// Whenever readSimpleYamlEntries accepts an input, libyaml's reading must
// read it without a diagnostic, as a sequence with as many entries, each
// exactly the same YamlValue (kinds, values and locations). A difference is
// a bug in the fast path, reported with __builtin_trap().
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Context.h"
#include "opgen/Parse/FastYaml.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <string>

using namespace opgen;
using namespace llvm;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  std::string Diags;
  raw_string_ostream OS(Diags);
  Context Ctx(OS);
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Input, "input.yaml"), SMLoc());
  StringRef Text = Ctx.getSourceMgr().getMemoryBuffer(ID)->getBuffer();
  std::vector<YamlValue> Fast;
  if (!readSimpleYamlEntries(Text, Fast))
    return 0;
  std::optional<YamlValue> Slow = readYamlValue(Ctx, ID);
  const char *What = nullptr;
  if (!Slow || Ctx.getDiags().getNumErrors())
    What = "libyaml reports an error on input the fast path accepts";
  else if (Slow->Kind != YamlKind::Sequence ||
           Slow->Items.size() != Fast.size())
    What = "different number of entries";
  else
    for (size_t I = 0; I < Fast.size() && !What; ++I)
      if (!sameYamlValue(Fast[I], Slow->Items[I]))
        What = "an entry reads differently";
  if (What) {
    errs() << "fuzz-fast-yaml: " << What << "\n--- input\n"
           << Input << "\n--- diagnostics\n"
           << OS.str() << "\n";
    __builtin_trap();
  }
  return 0;
}
