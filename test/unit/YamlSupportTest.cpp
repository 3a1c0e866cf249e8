//===- YamlSupportTest.cpp - YAML 1.1 scalar resolution -------------------===//

#include "opgen/Parse/YamlSupport.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

static YamlKind kindOf(const char *Text) {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(std::string("k: ") + Text, "t.yaml"),
      llvm::SMLoc());
  YamlDocument Doc(Ctx, ID);
  YamlValue V = toYamlValue(Ctx, Doc.getRoot());
  REQUIRE(V.Entries.size() == 1);
  return V.Entries[0].second.Kind;
}

TEST_CASE("plain scalars resolve as PyYAML's safe loader resolves them") {
  CHECK((kindOf("True") == YamlKind::Bool));
  CHECK((kindOf("off") == YamlKind::Bool));
  CHECK((kindOf("yes") == YamlKind::Bool));
  CHECK((kindOf("y") == YamlKind::Str));
  CHECK((kindOf("12") == YamlKind::Int));
  CHECK((kindOf("0x1f") == YamlKind::Int));
  CHECK((kindOf("1.5") == YamlKind::Float));
  CHECK((kindOf("1e5") == YamlKind::Str)); // YAML 1.1 needs a dot
  CHECK((kindOf(".inf") == YamlKind::Float));
  CHECK((kindOf("~") == YamlKind::Null));
  CHECK((kindOf("") == YamlKind::Null));
  CHECK((kindOf("\"True\"") == YamlKind::Str));
  CHECK((kindOf("function, method") == YamlKind::Str));
  CHECK((kindOf("[a, b]") == YamlKind::Sequence));
  CHECK((kindOf("{a: b}") == YamlKind::Mapping));
}

TEST_CASE("booleans: each word in lower case, capitalized or upper case") {
  // PyYAML's bool resolver lists exactly these spellings; the case is
  // folded once, so the mixed spellings must still be strings.
  for (const char *W : {"yes", "Yes", "YES", "no", "No", "NO", "true", "True",
                        "TRUE", "false", "False", "FALSE", "on", "On", "ON",
                        "off", "Off", "OFF"})
    CHECK_MESSAGE((kindOf(W) == YamlKind::Bool), W);
  for (const char *W : {"yES", "tRUE", "TRue", "oN", "nO", "FaLse", "ofF",
                        "yess", "tru", "o", "truE", "n0"})
    CHECK_MESSAGE((kindOf(W) == YamlKind::Str), W);
}
