//===- BackendYamlReaderTest.cpp - Whose reading of a backend yaml --------===//
//
// gen_backend_stubs ignores a backend yaml's lazy-tensor keys and
// gen_lazy_tensor reads them: the same problem is a warning for one and an
// error for the other.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/BackendYamlReader.h"
#include "TestContext.h"

#include "llvm/Support/MemoryBuffer.h"

#include <doctest/doctest.h>

using namespace opgen;
using namespace llvm;

namespace {
const char *const Yaml = "backend: XLA\n"
                         "cpp_namespace: torch_xla\n"
                         "supported:\n"
                         "- abs\n"
                         "non_native: scalar\n"
                         "ir_gen: [1]\n";

/// Read Yaml as \p Reading reads it: the result and the diagnostics.
std::pair<bool, std::string> read(BackendYamlReading Reading) {
  TestContext T;
  unsigned ID = T.Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Yaml, "b.yaml"), SMLoc());
  BackendConfig B;
  bool Ok = succeeded(readBackendYaml(T.Ctx, ID, B, Reading));
  T.OS.flush();
  return {Ok, T.Diags};
}
} // namespace

TEST_CASE("gen_backend_stubs' reading: lazy-key problems are warnings") {
  auto [Ok, Diags] = read(BackendYamlReading::BackendStubs);
  CHECK(Ok);
  CHECK(StringRef(Diags).contains(
      "b.yaml:5:13: warning: `non_native` must be a list, found a string "
      "`scalar`; write `- scalar` on the next line [gen_backend_stubs "
      "ignores `non_native` and `ir_gen`; gen_lazy_tensor rejects this]"));
  CHECK(StringRef(Diags).contains("b.yaml:6:10: warning: entries of `ir_gen` "
                                  "must be operator names"));
  CHECK(!StringRef(Diags).contains("error:"));
}

TEST_CASE("gen_lazy_tensor's reading: lazy-key problems are errors") {
  auto [Ok, Diags] = read(BackendYamlReading::LazyTensor);
  CHECK(!Ok);
  CHECK(StringRef(Diags).contains(
      "b.yaml:5:13: error: `non_native` must be a list, found a string "
      "`scalar`; write `- scalar` on the next line\n"));
  CHECK(StringRef(Diags).contains(
      "b.yaml:6:10: error: entries of `ir_gen` must be operator names"));
  CHECK(!StringRef(Diags).contains("warning:"));
}
