//===- DepfileTest.cpp - Makefile-syntax dependency files -----------------===//

#include "opgen/Support/Depfile.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;
using namespace llvm;

static std::string escaped(StringRef Path) {
  std::string S;
  raw_string_ostream OS(S);
  REQUIRE(writeDepfilePath(OS, Path));
  return OS.str();
}

TEST_CASE("depfile paths are escaped as ninja and CMake unescape them") {
  CHECK(escaped("a/b.yaml") == "a/b.yaml");
  CHECK(escaped("in dir/x") == "in\\ dir/x");
  CHECK(escaped("a#b") == "a\\#b");
  CHECK(escaped("a$b") == "a$$b");
  // Backslashes are literal unless a space or the end of the word follows:
  // then each is doubled, and a space gets its own.
  CHECK(escaped("a\\b") == "a\\b");
  CHECK(escaped("a\\ b") == "a\\\\\\ b");
  CHECK(escaped("a\\\\") == "a\\\\\\\\");
  std::string S;
  raw_string_ostream OS(S);
  CHECK_FALSE(writeDepfilePath(OS, "a\nb"));
}

TEST_CASE("a depfile names its target, then each dependency once") {
  Expected<std::string> T =
      formatDepfile("out/A.h", {"x.yaml", "t dir/A.h", "x.yaml"});
  REQUIRE(T);
  CHECK(*T == "out/A.h: \\\n  x.yaml \\\n  t\\ dir/A.h\n");
  Expected<std::string> Empty = formatDepfile("out/A.h", {});
  REQUIRE(Empty);
  CHECK(*Empty == "out/A.h:\n");
  Expected<std::string> Bad = formatDepfile("out/A.h", {"bad\npath"});
  CHECK_FALSE(Bad);
  consumeError(Bad.takeError());
}
