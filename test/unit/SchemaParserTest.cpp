//===- SchemaParserTest.cpp - Schema parsing and printing -----------------===//

#include "opgen/Parse/SchemaParser.h"
#include "TestContext.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
/// Parse with diagnostics captured into a string.
struct Fixture : TestContext {
  std::optional<ParsedSchema> parse(llvm::StringRef S) {
    return parseFunctionSchema(Ctx, S, TextLocation());
  }
};
} // namespace

TEST_CASE("schemas print back exactly") {
  Fixture F;
  for (const char *S :
       {"add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> Tensor",
        "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> "
        "Tensor(a!)",
        "max.dim(Tensor self, int dim, bool keepdim=False) -> (Tensor values, "
        "Tensor indices)",
        "split(Tensor(a -> *) self, SymInt split_size, int dim=0) -> "
        "Tensor(a)[]",
        "_foreach_add_.List(Tensor(a!)[] self, Tensor[] other, *, Scalar "
        "alpha=1) -> ()",
        "foo(__torch__.torch.classes.quantized.Conv2dPackedParamsBase w) -> "
        "int[2]?",
        "rename_(Tensor(a!) self, Dimname[]? names) -> Tensor(a!)"}) {
    auto P = F.parse(S);
    REQUIRE(P);
    CHECK(P->Schema.str() == S);
  }
  CHECK(F.Diags.empty());
}

TEST_CASE("arguments are grouped as torchgen groups them") {
  Fixture F;
  auto P = F.parse("where.self(Tensor condition, Tensor self, Tensor other) -> "
                   "Tensor");
  REQUIRE(P);
  CHECK(P->Schema.Args.PreSelfPositional.size() == 1);
  CHECK(P->Schema.Args.Self);
  CHECK(P->Schema.Args.PostSelfPositional.size() == 1);

  auto E = F.parse("empty.memory_format(SymInt[] size, *, ScalarType? "
                   "dtype=None, Layout? layout=None, Device? device=None, "
                   "bool? pin_memory=None, MemoryFormat? "
                   "memory_format=None) -> Tensor");
  REQUIRE(E);
  CHECK(E->Schema.Args.TensorOptions);
  CHECK(E->Schema.Args.PostTensorOptionsKwargOnly.size() == 1);
  CHECK((E->Schema.kind() == SchemaKind::Functional));

  auto O = F.parse("abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)");
  REQUIRE(O);
  CHECK(O->Schema.Args.Out.size() == 1);
  CHECK((O->Schema.kind() == SchemaKind::Out));
}

TEST_CASE("returns aliasing arguments, as aliased_return_names finds them") {
  Fixture F;
  auto P = F.parse("max.dim_max(Tensor self, int dim, bool keepdim=False, *, "
                   "Tensor(a!) max, Tensor(b!) max_values) -> (Tensor(a!) "
                   "values, Tensor(b!) indices)");
  REQUIRE(P);
  const Return *Ambiguous = nullptr;
  auto A = P->Schema.aliasedReturnArguments(&Ambiguous);
  REQUIRE(A.size() == 2);
  REQUIRE(A[0]);
  CHECK(A[0]->Name == "max");
  REQUIRE(A[1]);
  CHECK(A[1]->Name == "max_values");
  CHECK(!Ambiguous);

  // An unannotated return aliases nothing.
  auto U = F.parse("_foo(Tensor(a!) self) -> (Tensor(a!), Tensor)");
  REQUIRE(U);
  auto B = U->Schema.aliasedReturnArguments();
  REQUIRE(B.size() == 2);
  CHECK(B[0]);
  CHECK(!B[1]);

  // Two arguments sharing the return's annotation: torchgen stops there.
  auto T = F.parse("_bar(Tensor(a) self, Tensor(a) other) -> Tensor(a)");
  REQUIRE(T);
  T->Schema.aliasedReturnArguments(&Ambiguous);
  CHECK(Ambiguous == &T->Schema.Returns[0]);
  CHECK(F.Diags.empty());
}

TEST_CASE("operator names") {
  Fixture F;
  auto N = parseOperatorName(F.Ctx, "__ilshift__.Scalar", TextLocation());
  REQUIRE(N);
  CHECK(N->Name.DunderMethod);
  CHECK(N->Name.Inplace);
  CHECK(N->Name.Base == "lshift");
  CHECK(N->unambiguousName() == "__ilshift___Scalar");
  auto G = parseOperatorName(F.Ctx, "batch_norm_functional", TextLocation());
  REQUIRE(G);
  CHECK(G->Name.FunctionalOverload);
  CHECK(G->Name.Base == "batch_norm");
  CHECK(G->str() == "batch_norm_functional");
}

TEST_CASE("types are uniqued per context") {
  Fixture F;
  auto A = parseType(F.Ctx, "int[]?", TextLocation());
  auto B = parseType(F.Ctx, "int[]?", TextLocation());
  REQUIRE(A);
  REQUIRE(B);
  CHECK((*A == *B));
  CHECK((A->getKind() == Type::Optional));
  CHECK((A->getListLike().getKind() == Type::List));
  CHECK(A->str() == "int[]?");
}

TEST_CASE("non-canonical spellings are rejected at the first difference") {
  Fixture F;
  CHECK_FALSE(F.parse("foo(Tensor  self) -> Tensor"));
  CHECK(F.Diags.find("not in canonical form") != std::string::npos);
  F.Diags.clear();
  CHECK_FALSE(F.parse("foo(Tensor self) -> (Tensor)"));
  CHECK(F.Diags.find("expected `Tensor` here, found `(Tensor)`") !=
        std::string::npos);
}

TEST_CASE("malformed schemas get one precise error") {
  Fixture F;
  CHECK_FALSE(F.parse("foo(Tensr self) -> Tensor"));
  CHECK(F.Diags.find("unknown type `Tensr`") != std::string::npos);
  F.Diags.clear();
  CHECK_FALSE(F.parse("foo_out(Tensor self) -> Tensor"));
  CHECK(F.Diags.find("reserved") != std::string::npos);
  F.Diags.clear();
  CHECK_FALSE(F.parse("foo(int(a) x) -> Tensor"));
  CHECK(F.Diags.find("only allowed directly after `Tensor`") !=
        std::string::npos);
}

TEST_CASE("two contexts in one process are independent") {
  Fixture A, B;
  auto X = A.parse("f(Tensor self) -> Tensor");
  auto Y = B.parse("f(Tensor self) -> Tensor");
  REQUIRE(X);
  REQUIRE(Y);
  CHECK(X->Schema.str() == Y->Schema.str());
  CHECK(A.Ctx.getDiags().getNumErrors() == 0);
}
