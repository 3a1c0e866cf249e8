//===- CodeTemplateTest.cpp - torchgen-compatible template substitution ---===//
//
// The expected strings are what torchgen 2.14's CodeTemplate.substitute
// returns for the same pattern and values.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CodeTemplate.h"

#include <doctest/doctest.h>

using namespace opgen;

static std::string subst(const std::string &Pattern, const TemplateEnv &Env) {
  llvm::Expected<std::string> S = CodeTemplate(Pattern, "t").substitute(Env);
  REQUIRE(static_cast<bool>(S));
  return *S;
}

TEST_CASE("torchgen's own CodeTemplate example") {
  TemplateEnv Env;
  Env["args"] = std::vector<std::string>{"hi", "8"};
  Env["bar"] = std::vector<std::string>{"what", "7"};
  Env["a"] = "3";
  Env["b"] = "4";
  Env["stuff"] = std::vector<std::string>{"things...", "others"};
  Env["empty"] = std::vector<std::string>{};
  CHECK(subst("int foo($args) {\n\n    $bar\n        $bar\n    $a+$b\n}\n"
              "int commatest(int a${,stuff})\nint notest(int a${,empty,})\n",
              Env) ==
        "int foo(hi, 8) {\n\n    what\n    7\n        what\n        7\n    "
        "3+4\n}\nint commatest(int a, things..., others)\nint notest(int "
        "a)\n");
}

TEST_CASE("block placeholders indent, strip and drop trailing blank lines") {
  TemplateEnv Env;
  Env["body"] =
      std::vector<std::string>{"line1\n  line2  \n\n", "", "last\n\n"};
  CHECK(subst("  $body\nend\n", Env) == "  line1\n    line2\n\n  last\nend\n");
  TemplateEnv S;
  S["s"] = "one\ntwo   \n";
  CHECK(subst("\t$s\n", S) == "\tone\n\ttwo\n");
  TemplateEnv E;
  E["empty"] = std::vector<std::string>{};
  CHECK(subst("$empty\nafter\n", E) == "\nafter\n");
}

TEST_CASE("inline lists, commas, and text that is not a placeholder") {
  TemplateEnv Env;
  Env["v"] = std::vector<std::string>{"a", "b"};
  CHECK(subst("x $v y ${v,} $$ $1 ${ bad} $\n", Env) ==
        "x a, b y a, b,  $$ $1 ${ bad} $\n");
}

TEST_CASE("uses: whether a placeholder names the key") {
  CodeTemplate T("a $x ${,y} $$ b_$z", "T.cpp");
  CHECK(T.uses("x"));
  CHECK(T.uses("y"));
  CHECK(T.uses("z"));
  CHECK(!T.uses("b_"));
  CHECK(!T.uses("w"));
}

TEST_CASE("a placeholder without a value is an error naming it") {
  llvm::Expected<std::string> S =
      CodeTemplate("a $missing b", "T.cpp").substitute(TemplateEnv());
  REQUIRE(!S);
  std::string Msg = llvm::toString(S.takeError());
  CHECK(Msg.find("$missing") != std::string::npos);
  CHECK(Msg.find("T.cpp") != std::string::npos);
}

TEST_CASE("line breaks inside long lines, next to other control characters") {
  // Lines longer than a machine word, with breaks and tabs at every offset
  // within one, exercise the word-at-a-time scan.
  TemplateEnv Env;
  Env["v"] = std::vector<std::string>{
      "abcdefghijklmnopqrstuvwxyz0123456789\tafter-tab   \r\nabcdefghijklmno"
      "\x1cpq rstuvwxyz0123456789ABCDEFGH\vXYZ\fend\x1d\x1etail     ",
      "a long long long line with no break at all", "\x7f 12345678\r"};
  CHECK(subst("  $v;\n", Env) ==
        "  abcdefghijklmnopqrstuvwxyz0123456789\tafter-tab\n  abcdefghijklmno"
        "\n  pq rstuvwxyz0123456789ABCDEFGH\n  XYZ\n  end\n\n  tail\n  a long "
        "long long line with no break at all\n  \x7f 12345678;\n");
}

TEST_CASE("clean text is joined as is; other text by the line rules") {
  // Generated C++ whose only breaks are `\n` and whose lines end in no
  // blank takes the fast path; each element is judged alone, so clean and
  // unclean elements mix in one value.
  std::vector<std::string> Mixed = {"\n// a\nint f() {\n\n    return 1;\n}\n",
                                    "x\n\n\n",
                                    "\n",
                                    "",
                                    "tab\there\n",
                                    "y"};
  TemplateEnv Env;
  Env["v"] = Mixed;
  CHECK(subst("$v\nend\n", Env) ==
        "\n// a\nint f() {\n\n    return 1;\n}\nx\n\n\n\ntab\there\ny\nend\n");
  CHECK(subst("  $v\nend\n", Env) ==
        "\n  // a\n  int f() {\n\n      return 1;\n  }\n  x\n\n\n\n  "
        "tab\there\n  y\nend\n");
  TemplateEnv Unclean;
  Unclean["v"] =
      std::vector<std::string>{"clean line\n", "trailing blank \nnext",
                               "clean\tthen\n\n", "ends in tab\t"};
  CHECK(subst("  $v\n", Unclean) ==
        "  clean line\n  trailing blank\n  next\n  clean\tthen\n\n  ends in "
        "tab\n");
  TemplateEnv Inline;
  Inline["v"] = "inline";
  Inline["w"] = "a\nb\n";
  CHECK(subst("  x $v y\n  $w\n", Inline) == "  x inline y\n  a\n  b\n");
  // A blank before a break past the first sixteen bytes (the wide scan).
  TemplateEnv Wide;
  Wide["s"] = "1";
  Wide["t"] = "2";
  Wide["u"] = std::vector<std::string>{
      "0123456789abcdef0123456789abcdef\n0123456789abcdef0123456789abcde \n"};
  CHECK(subst("$s $t\n$u\n", Wide) ==
        "1 2\n0123456789abcdef0123456789abcdef\n0123456789abcdef0123456789abcde"
        "\n");
}

TEST_CASE("isCleanBlockText: only `\\n` breaks, no blank before one") {
  CHECK(isCleanBlockText(""));
  CHECK(isCleanBlockText("a\n\nb\n\n"));
  CHECK(isCleanBlockText("\n"));
  CHECK(isCleanBlockText("tab\tinside\n"));
  CHECK(isCleanBlockText("caf\xc3\xa9\n\xff\n")); // non-ASCII bytes
  CHECK(!isCleanBlockText("trailing \n"));
  CHECK(!isCleanBlockText("trailing\t\n"));
  CHECK(!isCleanBlockText("ends in blank "));
  CHECK(!isCleanBlockText("a\r\nb"));
  CHECK(!isCleanBlockText("a\x0b"
                          "b"));
  CHECK(!isCleanBlockText("a\x1c"));
  // A break or a blank at every offset around the sixteen-byte blocks,
  // including a blank ending one block and its break starting the next.
  for (size_t At = 1; At != 40; ++At) {
    std::string S(48, 'x');
    S[At] = '\n';
    CHECK(isCleanBlockText(S));
    S[At - 1] = ' ';
    CHECK(!isCleanBlockText(S));
    S[At - 1] = '\t';
    CHECK(!isCleanBlockText(S));
    S[At - 1] = '\n';
    CHECK(isCleanBlockText(S));
    S[At] = '\r';
    CHECK(!isCleanBlockText(S));
  }
}

TEST_CASE("a known-clean borrowed list is joined as the scanned one") {
  std::vector<std::string> Texts = {"a\n\nb\n", "", "c"};
  std::vector<llvm::StringRef> Refs(Texts.begin(), Texts.end());
  TemplateEnv Known, Scanned;
  Known["v"] = TemplateValue::borrowedList(Refs, {true, true, true});
  Scanned["v"] = TemplateValue::borrowedList(Refs);
  CHECK(subst("  $v\n", Known) == subst("  $v\n", Scanned));
  CHECK(subst("  $v\n", Known) == "  a\n\n  b\n  c\n");
}

TEST_CASE("dropEmptyLines: the non-empty pieces of a split at `\\n`") {
  auto Drop = [](std::string S) {
    dropEmptyLines(S);
    return S;
  };
  CHECK(Drop("") == "");
  CHECK(Drop("\n") == "");
  CHECK(Drop("\n\n\n") == "");
  CHECK(Drop("a") == "a");
  CHECK(Drop("a\n") == "a");
  CHECK(Drop("\na\n\n\nb\n\n") == "a\nb");
  CHECK(Drop("a \n\n\tb") == "a \n\tb"); // blanks are not empty
  CHECK(Drop("a\r\n\r\nb") == "a\r\n\r\nb");
  // Empty lines at every offset around the sixteen-byte blocks.
  for (size_t At = 1; At + 2 < 50; ++At) {
    std::string S(50, 'x');
    S[At] = S[At + 1] = '\n';
    std::string Want = S;
    Want.erase(At + 1, 1);
    CHECK(Drop(S) == Want);
  }
}

TEST_CASE("a template split once serves every substitution") {
  // Braced and comma forms at a line's start are blocks (commas unused);
  // two placeholders on a line: the second is inline.
  CodeTemplate T("  ${,v}\n\t${w,} $w${,v}\n$$ $1 $\n", "T.cpp");
  TemplateEnv A;
  A["v"] = std::vector<std::string>{"a", "b"};
  A["w"] = "one\ntwo";
  TemplateEnv B;
  B["v"] = std::vector<std::string>{};
  B["w"] = "";
  for (int Round = 0; Round != 2; ++Round) {
    llvm::Expected<std::string> SA = T.substitute(A);
    REQUIRE(static_cast<bool>(SA));
    CHECK(*SA == "  a\n  b\n\tone\n\ttwo one\ntwo, a, b\n$$ $1 $\n");
    llvm::Expected<std::string> SB = T.substitute(B);
    REQUIRE(static_cast<bool>(SB));
    CHECK(*SB == "\n \n$$ $1 $\n");
  }
  // The first placeholder without a value, in the pattern's order.
  llvm::Expected<std::string> Missing =
      CodeTemplate("$b $a\n", "T.cpp").substitute(TemplateEnv());
  REQUIRE(!Missing);
  CHECK(llvm::toString(Missing.takeError()).find("`$b`") != std::string::npos);
}

/// substitutePieces' pieces, joined.
static std::string joinPieces(const std::string &Pattern,
                              const TemplateEnv &Env) {
  llvm::Expected<SplicedText> P =
      CodeTemplate(Pattern, "t").substitutePieces(Env);
  REQUIRE(static_cast<bool>(P));
  std::string S;
  for (const SplicedText::Part &Pt : P->Parts)
    S.append(Pt.External ? Pt.External : P->Owned.data() + Pt.Offset,
             Pt.Length);
  return S;
}

TEST_CASE("substitutePieces refers to clean items and says what substitute "
          "says") {
  // Items as a sharded file has them: some ending in `\n`, an empty one, a
  // blank-only one and blank lines at the end (which the block rules cut,
  // across items), unindented and indented placeholders, inline ones.
  std::vector<std::string> Texts = {
      "int a;\n", "", "void f() {\n  g();\n}\n", "\n", "x\n\n", "\n\n"};
  std::vector<llvm::StringRef> Refs(Texts.begin(), Texts.end());
  std::vector<bool> Clean;
  for (llvm::StringRef R : Refs)
    Clean.push_back(isCleanBlockText(R));
  const char *const Patterns[] = {"// $c\n${v}\n$tail\n", "${v}",
                                  "head\n$v\n  ${v}\nend ${i}\n",
                                  "${v}\n${v}\n", "x$v\n"};
  for (const char *Pattern : Patterns) {
    for (size_t Cut = 0; Cut <= Texts.size(); ++Cut) {
      std::vector<llvm::StringRef> Some(Refs.begin(), Refs.begin() + Cut);
      std::vector<bool> SomeClean(Clean.begin(), Clean.begin() + Cut);
      TemplateEnv Env;
      Env["v"] = TemplateValue::borrowedList(Some, SomeClean);
      Env["c"] = "comment";
      Env["tail"] = "tail";
      Env["i"] = std::vector<std::string>{"p", "q"};
      CAPTURE(Pattern);
      CAPTURE(Cut);
      CHECK(joinPieces(Pattern, Env) == subst(Pattern, Env));
    }
  }
  // The items' bytes are referred to, not copied.
  TemplateEnv Env;
  Env["v"] = TemplateValue::borrowedList(Refs, Clean);
  llvm::Expected<SplicedText> P =
      CodeTemplate("${v}\n", "t").substitutePieces(Env);
  REQUIRE(static_cast<bool>(P));
  bool RefersToItem = false;
  for (const SplicedText::Part &Pt : P->Parts)
    RefersToItem |= Pt.External == Texts[2].data();
  CHECK(RefersToItem);
  CHECK(P->Owned.size() < 4);
}

TEST_CASE("appendInline writes what substitute writes, or declines") {
  // Strings only: inline ones as they are (commas are for lists), a
  // block's plain line indented, an empty one giving no line.
  auto Both = [](const std::string &Pattern,
                 std::vector<std::pair<std::string, std::string>> Values) {
    CodeTemplate T(Pattern, "t");
    TemplateEnv Env;
    std::vector<CodeTemplate::InlineArg> Args;
    for (const auto &[K, V] : Values) {
      Env[K] = V;
      Args.push_back({K, V});
    }
    std::string Out = "<";
    bool Took = T.appendInline(Out, Args);
    llvm::Expected<std::string> S = T.substitute(Env);
    REQUIRE(static_cast<bool>(S));
    if (Took)
      CHECK(Out == "<" + *S);
    else
      CHECK(Out == "<");
    return Took;
  };
  CHECK(Both("a ${,x,} b $y\n", {{"x", "1"}, {"y", ""}}));
  CHECK(Both("{\n  ${x}_saved(${x});\n  $y\n}\n", {{"x", "t"}, {"y", "z"}}));
  CHECK(Both("{\n  $y\n}\n", {{"y", ""}}));
  CHECK(Both("$x\n", {{"x", "  lead"}}));
  CHECK(Both("no placeholders $ 1\n", {}));
  // What the block rules would change is left to substitute().
  CHECK_FALSE(Both("  $x\n", {{"x", "two\nlines"}}));
  CHECK_FALSE(Both("  $x\n", {{"x", "trailing "}}));
  CHECK_FALSE(Both("  $x\n", {{"x", "tab\there"}}));
  // A missing value: nothing appended (substitute() reports it).
  CodeTemplate T("$x $y", "t");
  std::string Out;
  CodeTemplate::InlineArg X{"x", "1"};
  CHECK_FALSE(T.appendInline(Out, X));
  CHECK(Out.empty());
}
