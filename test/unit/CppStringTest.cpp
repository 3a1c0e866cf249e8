//===- CppStringTest.cpp - Schemas as C++ string literals -----------------===//
//
// The expected literals are what torchgen 2.14's cpp_string returns.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CppString.h"

#include <doctest/doctest.h>

using namespace opgen;

TEST_CASE("cpp_string escapes backslash, quote and seven control characters") {
  CHECK(cppString("a\\b\"c\a\b\f\n\v\t\r\x01?") ==
        "\"a\\\\b\\\"c\\a\\b\\f\\n\\v\\t\r\x01?\"");
  CHECK(cppString("") == "\"\"");
  CHECK(cppString("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) "
                  "-> Tensor") ==
        "\"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> "
        "Tensor\"");
  CHECK(cppString("_foo(str reduce=\"mean\") -> ()") ==
        "\"_foo(str reduce=\\\"mean\\\") -> ()\"");
}
