//===- DeprecatedYamlReaderTest.cpp - deprecated.yaml as plain data -------===//
//
// What the reader keeps of each entry, as torchgen's
// load_deprecated_signatures computes it: the parsed schema, the called name
// with `_out` taken out (every occurrence, as str.replace does), the call's
// arguments split at ", ", and where each was written.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/DeprecatedYamlReader.h"
#include "opgen/IR/Deprecated.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {

struct Read {
  std::string Errors;
  llvm::raw_string_ostream OS{Errors};
  Context Ctx{OS};
  DeprecatedFile File;
  bool Ok = false;

  explicit Read(llvm::StringRef Text) {
    unsigned Id = Ctx.getSourceMgr().AddNewSourceBuffer(
        llvm::MemoryBuffer::getMemBufferCopy(Text, "deprecated.yaml"),
        llvm::SMLoc());
    Ok = succeeded(readDeprecatedYaml(Ctx, Id, File));
    OS.flush();
  }

  /// The 1-based line and column of \p L.
  std::pair<unsigned, unsigned> lineCol(llvm::SMLoc L) {
    return Ctx.getSourceMgr().getLineAndColumn(L);
  }
};

} // namespace

TEST_CASE("deprecated.yaml: an out= call and the constant 1") {
  Read R("- name: addbmm(Scalar beta, Tensor self, Tensor batch1, Tensor "
         "batch2, *, Tensor(a!) out) -> Tensor(a!)\n"
         "  aten: addbmm_out(out, self, batch1, batch2, beta, 1)\n");
  INFO(R.Errors);
  REQUIRE(R.Ok);
  REQUIRE(R.File.Signatures.size() == 1);
  const DeprecatedSignature &S = R.File.Signatures[0];
  CHECK(S.Schema.str() == "addbmm(Scalar beta, Tensor self, Tensor batch1, "
                          "Tensor batch2, *, Tensor(a!) out) -> Tensor(a!)");
  CHECK(S.IsOut);
  CHECK(S.AtenName == "addbmm");
  REQUIRE(S.CallArgs.size() == 6);
  CHECK(S.CallArgs[0].Name == "out");
  CHECK(S.CallArgs[5].Name == "1");
  CHECK(S.CallArgs[5].isConstant());
  CHECK_FALSE(S.CallArgs[4].isConstant());
  // `beta` is the 5th argument: column 9 + len("addbmm_out(out, self, "
  // "batch1, batch2, ").
  CHECK(R.lineCol(S.CallArgs[4].Loc) == std::make_pair(2u, 47u));
  CHECK(R.lineCol(S.AtenLoc) == std::make_pair(2u, 9u));
  CHECK(R.lineCol(S.SchemaLoc) == std::make_pair(1u, 9u));
  CHECK(R.lineCol(S.Loc) == std::make_pair(1u, 3u));
}

TEST_CASE("deprecated.yaml: `_out` goes everywhere; an overload is dropped") {
  Read R("- name: foo(Tensor self, *, Tensor(a!) out) -> Tensor(a!)\n"
         "  aten: foo_out_x_out(out, self)\n"
         "- name: add(Tensor self, Tensor other) -> Tensor\n"
         "  aten: add.Tensor(self, other)\n"
         "- name: add(Tensor self, Tensor other) -> Tensor\n"
         "  aten: add_outer(self, other)\n");
  INFO(R.Errors);
  REQUIRE(R.Ok);
  REQUIRE(R.File.Signatures.size() == 3);
  CHECK(R.File.Signatures[0].AtenName == "foo_x");
  CHECK(R.File.Signatures[0].IsOut);
  CHECK(R.File.Signatures[1].AtenName == "add");
  CHECK_FALSE(R.File.Signatures[1].IsOut);
  // Only a name ending in `_out` is an out= call.
  CHECK(R.File.Signatures[2].AtenName == "add_outer");
  CHECK_FALSE(R.File.Signatures[2].IsOut);
}

TEST_CASE("deprecated.yaml: a bad entry is left out, the others kept") {
  Read R("- name: add(Tensor self) -> Tensor\n"
         "  aten: add(self, alpha)\n"
         "- name: neg(Tensor self) -> Tensor\n"
         "  aten: neg(self)\n");
  CHECK_FALSE(R.Ok);
  CHECK(R.Errors.find("deprecated.yaml:2:19: error: deprecation definition: "
                      "unrecognized value `alpha`") != std::string::npos);
  REQUIRE(R.File.Signatures.size() == 1);
  CHECK(R.File.Signatures[0].AtenName == "neg");
}
