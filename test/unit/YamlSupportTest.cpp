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
  std::optional<YamlValue> V = readYamlValue(Ctx, ID);
  REQUIRE(V);
  REQUIRE(V->Entries.size() == 1);
  return V->Entries[0].second.Kind;
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
  for (const char *W :
       {"yes", "Yes", "YES", "no", "No", "NO", "true", "True", "TRUE", "false",
        "False", "FALSE", "on", "On", "ON", "off", "Off", "OFF"})
    CHECK_MESSAGE((kindOf(W) == YamlKind::Bool), W);
  for (const char *W : {"yES", "tRUE", "TRue", "oN", "nO", "FaLse", "ofF",
                        "yess", "tru", "o", "truE", "n0"})
    CHECK_MESSAGE((kindOf(W) == YamlKind::Str), W);
}

namespace {
/// Read \p Text with libyaml; the diagnostics go to \p Diags.
std::optional<YamlValue> readText(Context &Ctx, const std::string &Text,
                                  YamlReadOptions Opts = {}) {
  unsigned ID = Ctx.getSourceMgr().AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Text, "t.yaml"), llvm::SMLoc());
  return readYamlValue(Ctx, ID, Opts);
}
/// The 1-based line and column of \p L.
std::pair<unsigned, unsigned> lineCol(Context &Ctx, llvm::SMLoc L) {
  return Ctx.getSourceMgr().getLineAndColumn(L);
}
} // namespace

TEST_CASE("merge keys merge as PyYAML's SafeConstructor merges them") {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  YamlReadOptions Opts;
  Opts.MergeKeys = true;
  // Own keys win over merged ones; of a list, the earlier mapping wins; a
  // key keeps the place where it first appeared.
  auto V = readText(Ctx,
                    "a: &a {p: 1, q: 2}\n"
                    "b: &b {q: 3, r: 4}\n"
                    "c:\n  s: 5\n  <<: [*a, *b]\n  p: 0\n",
                    Opts);
  REQUIRE(V);
  const YamlValue *C = V->lookup("c");
  REQUIRE(C);
  std::vector<std::string> Got;
  for (const auto &[K, Val] : C->Entries)
    Got.push_back(K.Value + "=" + Val.str());
  CHECK(Got == std::vector<std::string>{"q=2", "r=4", "p=0", "s=5"});
  CHECK(Diags.empty());
  // Without the option (torchgen's YamlLoader) a merge key is an error.
  CHECK_FALSE(readText(Ctx, "a: &a {p: 1}\nb:\n  <<: *a\n"));
  CHECK(Diags.find("merge keys") != std::string::npos);
}

TEST_CASE("libyaml's character marks become byte locations") {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  // Two-byte characters before the value on its line and on earlier ones.
  auto V = readText(Ctx, "x: \"\xc3\xa9\xc3\xa9\"\ny: \xc3\xa9 then\n");
  REQUIRE(V);
  const YamlValue *Y = V->lookup("y");
  REQUIRE(Y);
  CHECK(Y->Scalar.Loc.Exact);
  CHECK(std::string(Y->Scalar.Loc.Start.getPointer(), 7) == "\xc3\xa9 then");
  CHECK(lineCol(Ctx, Y->Loc) == std::make_pair(2u, 4u));
  // An exact quoted scalar starts after its quote.
  const YamlValue *X = V->lookup("x");
  REQUIRE(X);
  CHECK(X->Scalar.Loc.Exact);
  CHECK(lineCol(Ctx, X->Scalar.Loc.Start) == std::make_pair(1u, 5u));
}

TEST_CASE("one document, or none") {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  // An empty stream is null, located at its end.
  auto E = readText(Ctx, "# only a comment\n");
  REQUIRE(E);
  CHECK((E->Kind == YamlKind::Null));
  CHECK(lineCol(Ctx, E->Loc) == std::make_pair(2u, 1u));
  CHECK_FALSE(readText(Ctx, "a: 1\n---\nb: 2\n"));
  CHECK(Diags.find("expected a single YAML document") != std::string::npos);
}

/// The entries splitTopLevelSequence's pieces of \p Text hold, or -1 when
/// it does not cut \p Text.
static long entriesInPieces(llvm::StringRef Text) {
  auto Pieces = splitTopLevelSequence(Text, 4);
  if (!Pieces)
    return -1;
  long N = 0;
  for (const SequencePiece &P : *Pieces)
    N += static_cast<long>(P.NumEntries);
  return N;
}

TEST_CASE("counting a sequence's entries agrees with cutting it") {
  // The reader makes room for the entries from the count while the file is
  // cut; a count that differs only costs making the room again.
  for (const char *Text :
       {"- func: a() -> ()\n- func: b() -> ()\n",
        "# comment\n\n- func: a() -> ()\n  variants: function\n-\n  func: "
        "b() -> ()\n- func: c() -> ()",
        "- a\n-   \n- b\r\n- c\n  - nested\n  -x\n#- not an entry\n- d\n",
        "-func: not an entry\n- a\n- b\n- c\n"}) {
    INFO(Text);
    long Cut = entriesInPieces(Text);
    if (Cut >= 0)
      CHECK(countTopLevelEntries(Text) == static_cast<size_t>(Cut));
  }
  CHECK(countTopLevelEntries("- a\n- b\n-\n") == 3);
  CHECK(countTopLevelEntries("") == 0);
  CHECK(countTopLevelEntries("key: value\n  - a\n") == 0);
}
