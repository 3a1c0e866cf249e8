//===- AotiFallbackOpsTest.cpp - fallback_ops.py and difflib's diff -------===//
//
// The reader of torchgen's aoti/fallback_ops.py gives what torchgen's
// gen_declaration_and_definition makes of each entry: versions newest
// first, each with the arguments it added and the `since` torchgen finds
// for it. The unified diffs are what Python 3.11's difflib.unified_diff
// prints for the same lines (run by hand).
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/AotiFallbackOps.h"
#include "opgen/Parse/FallbackOpsReader.h"
#include "opgen/Support/UnifiedDiff.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {

/// Read \p Text as fallback_ops.py; \p Errors gets the diagnostics.
bool readOps(llvm::StringRef Text, AotiFallbackOps &Out, std::string &Errors) {
  llvm::raw_string_ostream OS(Errors);
  Context Ctx(OS);
  unsigned Id = Ctx.getSourceMgr().AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "fallback_ops.py"),
      llvm::SMLoc());
  bool Ok = succeeded(readAotiFallbackOps(Ctx, Id, Out));
  OS.flush();
  return Ok;
}

} // namespace

TEST_CASE("fallback_ops.py: versions newest first, sorted operators") {
  AotiFallbackOps Ops;
  std::string Errors;
  bool Ok = readOps(R"(# comment
inductor_fallback_ops: dict[str, dict[str, str | dict[str, list[str] | str]]] = {
    "aten.view.dtype": {},
    "aten._flash.default": {
        "since": "TORCH_VERSION_2_12_0",
        "v3": {"new_args": ["c"]},
        "v2": {"new_args": ["a", "b"], "since": "TORCH_VERSION_2_13_0"},
    },
    'aten.abs.default': {},
}
aten_shimified_ops = {"aten.pad.default": {"since": "TORCH_VERSION_2_10_0"}}
)",
                    Ops, Errors);
  INFO(Errors);
  REQUIRE(Ok);
  REQUIRE(Ops.InductorFallbackOps.size() == 3);
  CHECK(Ops.InductorFallbackOps[0].Name == "aten._flash.default");
  CHECK(Ops.InductorFallbackOps[1].Name == "aten.abs.default");
  CHECK(Ops.InductorFallbackOps[2].Name == "aten.view.dtype");
  const AotiFallbackOp &F = Ops.InductorFallbackOps[0];
  REQUIRE(F.Versions.size() == 3);
  CHECK(F.Versions[0].Version == 3);
  CHECK(F.Versions[0].NewArgs == std::vector<std::string>{"c"});
  CHECK(!F.Versions[0].Since);
  CHECK(F.Versions[1].Version == 2);
  CHECK(F.Versions[1].NewArgs == std::vector<std::string>{"a", "b"});
  CHECK(F.Versions[1].Since ==
        std::optional<std::string>("TORCH_VERSION_2_13_0"));
  CHECK(F.Versions[2].Version == 1);
  CHECK(F.Versions[2].Since ==
        std::optional<std::string>("TORCH_VERSION_2_12_0"));
  // An operator without versions has v1 alone, ungated.
  REQUIRE(Ops.InductorFallbackOps[2].Versions.size() == 1);
  CHECK(!Ops.InductorFallbackOps[2].Versions[0].Since);
  REQUIRE(Ops.AtenShimifiedOps.size() == 1);
  CHECK(Ops.AtenShimifiedOps[0].Versions[0].Since ==
        std::optional<std::string>("TORCH_VERSION_2_10_0"));

  CHECK(AotiFallbackOps::find(Ops.InductorFallbackOps, "aten.abs.default") ==
        &Ops.InductorFallbackOps[1]);
  CHECK(!AotiFallbackOps::find(Ops.InductorFallbackOps, "aten.abs.out"));
  CHECK(!AotiFallbackOps::find(Ops.AtenShimifiedOps, "aten.abs.default"));
}

TEST_CASE("fallback_ops.py: `v02` is version 2, whose `since` torchgen "
          "looks up under `v2`") {
  AotiFallbackOps Ops;
  std::string Errors;
  bool Ok = readOps(R"(inductor_fallback_ops = {
    "aten.abs.default": {"v02": {"new_args": ["x"], "since": "TORCH_VERSION_2_13_0"}},
}
aten_shimified_ops = {}
)",
                    Ops, Errors);
  INFO(Errors);
  REQUIRE(Ok);
  const AotiFallbackOp &F = Ops.InductorFallbackOps[0];
  REQUIRE(F.Versions.size() == 2);
  CHECK(F.Versions[0].Version == 2);
  CHECK(!F.Versions[0].Since);
}

TEST_CASE("fallback_ops.py: every problem is located") {
  AotiFallbackOps Ops;
  std::string Errors;
  CHECK(!readOps("inductor_fallback_ops = {\"aten.abs.default\": {\"v2\": "
                 "{\"since\": \"2.13\"}}, 3: {}}\n",
                 Ops, Errors));
  CHECK(Errors.find("fallback_ops.py:1:63: error: `since` must be a string of "
                    "the form TORCH_VERSION_X_Y_Z") != std::string::npos);
  CHECK(Errors.find("fallback_ops.py:1:73: error: dict keys must be strings, "
                    "found `3`") != std::string::npos);
  CHECK(Errors.find("error: no `aten_shimified_ops` dict in fallback_ops.py") !=
        std::string::npos);
}

TEST_CASE("splitLinesLikePython is str.splitlines") {
  std::vector<llvm::StringRef> L = splitLinesLikePython("x\r\ny\rz\n\nw");
  CHECK(L == std::vector<llvm::StringRef>{"x", "y", "z", "", "w"});
  CHECK(splitLinesLikePython("a\n").size() == 1);
  CHECK(splitLinesLikePython("").empty());
}

TEST_CASE("unifiedDiff prints difflib.unified_diff's lines") {
  using V = std::vector<llvm::StringRef>;
  CHECK(unifiedDiff(V{"a", "b", "c", "d", "e", "f", "g", "h", "i", "j"},
                    V{"a", "b", "c", "X", "e", "f", "g", "h", "i", "j", "k"},
                    "expected", "actual") ==
        "--- expected\n+++ actual\n@@ -1,10 +1,11 @@\n a\n b\n c\n-d\n+X\n "
        "e\n f\n g\n h\n i\n j\n+k");
  CHECK(unifiedDiff(V{}, V{"x"}, "expected", "actual") ==
        "--- expected\n+++ actual\n@@ -0,0 +1 @@\n+x");
  CHECK(unifiedDiff(V{"x"}, V{"x"}, "expected", "actual").empty());

  // 300 lines, two of them 100 times each: difflib's autojunk leaves those
  // out of the search for matches, which decides the hunks.
  std::vector<std::string> Storage;
  for (int I = 0; I < 100; ++I)
    for (std::string S :
         {"line" + std::to_string(I), std::string(), std::string("}")})
      Storage.push_back(S);
  V A(Storage.begin(), Storage.end());
  V B = A;
  B[150] = "changed";
  B.erase(B.begin() + 10);
  B.insert(B.begin() + 250, "new");
  CHECK(unifiedDiff(A, B, "expected", "actual") ==
        "--- expected\n+++ actual\n@@ -8,7 +8,6 @@\n \n }\n line3\n-\n }\n "
        "line4\n \n@@ -148,7 +147,7 @@\n line49\n \n }\n-line50\n+changed\n "
        "\n }\n line51\n@@ -249,6 +248,7 @@\n }\n line83\n \n+new\n }\n "
        "line84\n ");
}
