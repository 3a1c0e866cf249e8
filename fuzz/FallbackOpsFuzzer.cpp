//===- FallbackOpsFuzzer.cpp - libFuzzer target for fallback_ops.py -------===//
//
// The input is torchgen's aoti/fallback_ops.py, read by readAotiFallbackOps.
// Nothing may crash, leak or hang, whatever Python it holds.
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Context.h"
#include "opgen/Parse/FallbackOpsReader.h"

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
      MemoryBuffer::getMemBufferCopy(Input, "fallback_ops.py"), SMLoc());
  AotiFallbackOps Ops;
  (void)readAotiFallbackOps(Ctx, ID, Ops);
  return 0;
}
