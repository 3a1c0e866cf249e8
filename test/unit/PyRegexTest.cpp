//===- PyRegexTest.cpp - Python's re, as torchgen's patterns use it -------===//
//
// The expectations are Python 3's answers (utils/pyregex-oracle.py compares
// many more, against Python itself).
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/PyRegex.h"

#include <doctest/doctest.h>

using namespace opgen;
using namespace llvm;

static PyRegex compiled(StringRef P) {
  Expected<PyRegex> R = PyRegex::compile(P);
  REQUIRE(static_cast<bool>(R));
  return std::move(*R);
}

TEST_CASE("IDENT_REGEX consumes its separators, as re.sub does") {
  // torchgen's (^|\W)name($|\W): in f(self,self) the comma belongs to the
  // first match, so the second `self` has no separator before it.
  PyRegex R = compiled(R"((^|\W)self($|\W))");
  std::string Out = R.sub("f(self,self)", [](const PyRegex::Match &M) {
    return (M.group(1) + "self_p" + M.group(2)).str();
  });
  CHECK(Out == "f(self_p,self)");
  CHECK(R.findAll("self+self").size() == 1);
  CHECK(!R.search("myself"));
}

TEST_CASE("an unescaped dot matches any character, and there is no left "
          "boundary") {
  PyRegex R = compiled(R"(her.sym_sizes\(\))");
  std::optional<PyRegex::Match> M = R.search("other.sym_sizes()");
  REQUIRE(M);
  CHECK(M->Begin == 2);
  CHECK(R.search("herXsym_sizes()"));
}

TEST_CASE("groups, optional groups and the match's spans") {
  PyRegex R = compiled(R"(^nonzero(_(out|numpy))?$)");
  CHECK(R.numGroups() == 2);
  std::optional<PyRegex::Match> M = R.match("nonzero");
  REQUIRE(M);
  CHECK(!M->hasGroup(1));
  CHECK(M->group(1).empty());
  M = R.match("nonzero_numpy");
  REQUIRE(M);
  CHECK(M->group(2) == "numpy");
  CHECK(!R.match("nonzero_x"));
  // $ also matches before a final newline.
  CHECK(compiled("^a$").search("a\n"));
  CHECK(!compiled(R"(^a\Z)").search("a\n"));
}

TEST_CASE("fullmatch backtracks to end at the end") {
  PyRegex R = compiled(R"(self_t.([\w]*)\((.*)\))");
  std::optional<PyRegex::Match> M = R.fullmatch("self_t.mul_(a, b)");
  REQUIRE(M);
  CHECK(M->group(1) == "mul_");
  CHECK(M->group(2) == "a, b");
  CHECK(!R.fullmatch("self_t.mul_(a) + 1"));
}

TEST_CASE("sub's rule for empty matches") {
  // Python 3.7+: '-a-b--d-'.
  PyRegex R = compiled("x*");
  CHECK(R.subLiteral("abxd", "-") == "-a-b--d-");
}

TEST_CASE("what is not supported is refused, with the place") {
  for (StringRef P : {"(?=a)", "(?P<n>a)", R"((a)\1)", "a*+", "(?i)a", R"(\q)",
                      "(a", "a)", "[a", "*a", "a{2,1}"}) {
    Expected<PyRegex> R = PyRegex::compile(P);
    CHECK_FALSE(static_cast<bool>(R));
    std::string Msg = toString(R.takeError());
    INFO(Msg);
    CHECK(StringRef(Msg).contains("at position"));
  }
  // A `{` that starts no repetition is a literal, as in Python.
  CHECK(compiled("a{x}").search("a{x}"));
}

TEST_CASE("a search skips only the starts no match can begin at") {
  // The bytes a match can begin with are those of every alternative: `.`
  // leaves out the newline, which `\s` brings back.
  PyRegex R = compiled(R"(x?(.a|\s))");
  std::vector<PyRegex::Match> All = R.findAll("--\nba a");
  REQUIRE(All.size() == 3);
  CHECK(All[0].Begin == 2); // the newline, through \s alone
  CHECK(All[1].Begin == 3); // `ba`
  CHECK(All[2].Begin == 5); // ` a`
  // A pattern that can match nothing is tried at every start, the end too.
  CHECK(compiled("a*").findAll("bab").size() == 4);
  // An anchor before the first byte does not stop the skipping from
  // finding a later start.
  std::optional<PyRegex::Match> M =
      compiled(R"((^|\W)self($|\W))").search("xx self");
  REQUIRE(M);
  CHECK(M->Begin == 2);
}
