//===- BoxedTest.cpp - Boxed<T> behaves as an optional value --------------===//

#include "opgen/IR/FunctionSchema.h"
#include "opgen/Support/Boxed.h"

#include <doctest/doctest.h>

#include <string>

using namespace opgen;

TEST_CASE("Boxed copies and compares its value, as std::optional does") {
  Boxed<std::string> Empty;
  CHECK(!Empty);
  CHECK(!Empty.has_value());

  Boxed<std::string> A(std::string("dtype"));
  REQUIRE(A);
  CHECK(*A == "dtype");
  CHECK(A->size() == 5);

  // A copy is a value of its own: changing it leaves the original alone.
  Boxed<std::string> B = A;
  *B += "_changed";
  CHECK(*A == "dtype");
  CHECK(*B == "dtype_changed");
  CHECK(A != B);
  B = A;
  CHECK(A == B);
  CHECK(&*A != &*B);

  // Moving takes the value; the moved-from box is left empty.
  Boxed<std::string> C = std::move(B);
  CHECK(*C == "dtype");
  CHECK(!B);

  CHECK(Empty == Boxed<std::string>());
  CHECK(Empty != A);
  C.reset();
  CHECK(!C);
  C.emplace(3, 'x');
  CHECK(*C == "xxx");
  C = std::nullopt;
  CHECK(!C);
  Empty = A;
  CHECK(Empty == A);
}

TEST_CASE("Arguments with tensor options copy them deeply") {
  Arguments Args;
  Args.TensorOptions.emplace();
  (*Args.TensorOptions)[0].Name = "dtype";
  Arguments Copy = Args;
  REQUIRE(Copy.TensorOptions);
  (*Copy.TensorOptions)[0].Name = "layout";
  CHECK((*Args.TensorOptions)[0].Name == "dtype");
  CHECK(Args != Copy);
  (*Copy.TensorOptions)[0].Name = "dtype";
  CHECK(Args == Copy);
}
