//===- PythonTablesFuzzer.cpp - libFuzzer target for Python tables --------===//
//
// The input is a Python module, read by PythonTables as the autograd
// generators' modules are: a few tables are asked of it as `gen_a.py`, and
// then the whole policy-table reader runs with the input standing for all
// four of the autograd folder's modules (so `from .gen_trace_type import X`
// imports the input itself). A sibling module `gen_b.py` holds a fixed
// table. Nothing may crash, leak or hang.
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Context.h"
#include "opgen/Parse/AutogradTablesReader.h"
#include "opgen/Parse/PythonTables.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>

using namespace opgen;
using namespace llvm;

static const char Sibling[] = "VIEW_FUNCTIONS = {\"view\": \"self\"}\n"
                              "NAMES = {\"abs\", \"add\"}\n";

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  Context Ctx(nulls());
  unsigned InputID = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Input, "gen_a.py"), SMLoc());
  unsigned SiblingID = 0;
  auto Load = [&](StringRef File) -> unsigned {
    if (File == "gen_b.py") {
      if (!SiblingID)
        SiblingID = Ctx.getSourceMgr().AddNewSourceBuffer(
            MemoryBuffer::getMemBuffer(Sibling, "gen_b.py"), SMLoc());
      return SiblingID;
    }
    if (File == "gen_a.py")
      return InputID;
    Ctx.getDiags().error(SMLoc(), "no module " + File);
    return 0;
  };
  {
    PythonTables T(Ctx, Load);
    for (StringRef Name : {"DONT_RECORD_TRACE", "VIEW_FUNCTIONS",
                           "RETURNS_VIEWS_OF_INPUT", "RENAME_TRACE"})
      (void)T.get("gen_a.py", Name);
  }
  AutogradTables Tables;
  (void)readAutogradTables(
      Ctx, [&](StringRef File) -> unsigned { return InputID; }, Tables);
  return 0;
}
