//===- FastYamlFuzzer.cpp - The fast YAML path against libyaml ------------===//
//
// Whenever readSimpleYamlEntries accepts an input, libyaml's reading must
// read it without a diagnostic, as a sequence with as many entries, each
// exactly the same YamlValue (kinds, values and locations). And the
// piecewise reading of a whole file (readSequenceFile, derivatives.yaml's)
// must succeed exactly when libyaml's whole reading does, with the same
// value. A difference is a bug in the fast path, reported with
// __builtin_trap().
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

/// What the readings of \p ID disagree on, or null.
static const char *findDifference(Context &Ctx, unsigned ID) {
  std::optional<YamlValue> Slow = readYamlValue(Ctx, ID);
  std::optional<YamlValue> Pieces = readSequenceFile(Ctx, ID);
  if (bool(Pieces) != bool(Slow))
    return "the piecewise reading succeeds where libyaml's does not, or the "
           "other way round";
  if (Pieces && !sameYamlValue(*Pieces, *Slow))
    return "the piecewise reading reads the file differently";
  StringRef Text = Ctx.getSourceMgr().getMemoryBuffer(ID)->getBuffer();
  std::vector<YamlValue> Fast;
  if (!readSimpleYamlEntries(Text, Fast))
    return nullptr;
  if (!Slow || Ctx.getDiags().getNumErrors())
    return "libyaml reports an error on input the fast path accepts";
  if (Slow->Kind != YamlKind::Sequence || Slow->Items.size() != Fast.size())
    return "different number of entries";
  for (size_t I = 0; I < Fast.size(); ++I)
    if (!sameYamlValue(Fast[I], Slow->Items[I]))
      return "an entry reads differently";
  return nullptr;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  std::string Diags;
  raw_string_ostream OS(Diags);
  Context Ctx(OS);
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Input, "input.yaml"), SMLoc());
  if (const char *What = findDifference(Ctx, ID)) {
    errs() << "fuzz-fast-yaml: " << What << "\n--- input\n"
           << Input << "\n--- diagnostics\n"
           << OS.str() << "\n";
    __builtin_trap();
  }
  return 0;
}
