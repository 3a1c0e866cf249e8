//===- LazyApiTest.cpp - The lazy IR schema model -------------------------===//
//
// Expected values are what torchgen 2.14's api/lazy gives for the same
// schemas (LazyIrSchema.node_name, LazyArgument.lazy_type.cpp_type(),
// is_lazy_value, filtered_args).
//
//===----------------------------------------------------------------------===//

#include "TestContext.h"
#include "opgen/LazyApi/LazyOptions.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
struct LazyFixture : TestContext {
  LazyTypeOptions Types;
  std::vector<NativeFunction> Keep;

  LazyIrSchema schema(llvm::StringRef S, bool SymInt = false,
                      LazyIrProperties P = LazyIrProperties::forNative()) {
    Keep.reserve(16);
    Keep.push_back(function(S));
    std::string Error;
    llvm::StringRef Bad;
    std::optional<LazyIrSchema> L =
        makeLazyIrSchema(Keep.back().Func, P, SymInt, Types, Error, Bad);
    REQUIRE(L);
    return *L;
  }
};

std::vector<std::string> names(const std::vector<const LazyArgument *> &As) {
  std::vector<std::string> Out;
  for (const LazyArgument *A : As)
    Out.push_back(A->Name.str());
  return Out;
}
} // namespace

TEST_CASE_FIXTURE(LazyFixture, "node names are the camel-cased name and "
                               "overload") {
  CHECK(schema("bitwise_and.Tensor(Tensor self, Tensor other) -> Tensor")
            .nodeName() == "BitwiseAndTensor");
  CHECK(schema("_adaptive_avg_pool2d(Tensor self, SymInt[2] output_size) -> "
               "Tensor")
            .nodeName() == "AdaptiveAvgPool2d");
  // In place: the trailing `_` adds nothing, so abs_ is Abs as abs is.
  CHECK(schema("abs_(Tensor(a!) self) -> Tensor(a!)").nodeName() == "Abs");
  CHECK(schema("__and__.Scalar(Tensor self, Scalar other) -> Tensor")
            .nodeName() == "AndScalar");
}

TEST_CASE_FIXTURE(LazyFixture, "types become the node's owning types") {
  LazyIrSchema S = schema(
      "f(Tensor self, Scalar alpha, int[] dims, SymInt n, str? mode, "
      "Tensor[] ts, Tensor? w, float[]? fs, *, Generator? generator=None) -> "
      "Tensor");
  std::vector<std::string> Types, Values;
  for (const LazyArgument *A : S.filtered()) {
    Types.push_back(A->LazyType.str());
    if (A->IsLazyValue)
      Values.push_back(A->Name.str());
  }
  CHECK(Types == std::vector<std::string>{
                     "torch::lazy::Value", "torch::lazy::Value",
                     "::std::vector<int64_t>", "int64_t",
                     "::std::optional<c10::string_view>", "torch::lazy::Value",
                     "::std::optional<torch::lazy::Value>",
                     "::std::optional<::std::vector<double>>",
                     "::std::optional<at::Generator>"});
  // Values: tensors, the wrapped Scalar, the tensor list, the optional
  // tensor; SymInt is a value only in symint schemas.
  CHECK(Values == std::vector<std::string>{"self", "alpha", "ts", "w"});
  CHECK(S.HasGenerator);
  CHECK(S.Positional.size() == 8);
  CHECK(S.Keyword.size() == 1);
  CHECK(S.Positional[1].IsWrappedScalar);
  CHECK(S.Positional[5].IsTensorListValue);

  LazyIrSchema Sym = schema("g(Tensor self, SymInt n, SymInt[] sizes) -> "
                            "Tensor",
                            /*SymInt=*/true);
  CHECK(Sym.Positional[1].LazyType.str() == "torch::lazy::Value");
  CHECK(Sym.Positional[1].IsLazyValue);
  CHECK(Sym.Positional[1].IsSymIntOrList);
  // SymInt[] stays a vector of integers, not a value.
  CHECK(Sym.Positional[2].LazyType.str() == "::std::vector<int64_t>");
  CHECK(!Sym.Positional[2].IsLazyValue);
}

TEST_CASE_FIXTURE(LazyFixture, "Scalars stay constants when the node says") {
  LazyIrProperties P = LazyIrProperties::forNonNative();
  P.set(LazyIrProperty::TreatScalarsAsConstants);
  LazyIrSchema S =
      schema("scalar(Scalar value, ScalarType type) -> Tensor", true, P);
  CHECK(S.Positional[0].LazyType.str() == "at::Scalar");
  CHECK(!S.Positional[0].IsLazyValue);
  CHECK(names(S.filtered(true, true, false, true)) ==
        std::vector<std::string>{"value", "type"});
}

TEST_CASE_FIXTURE(LazyFixture, "filtered views keep declaration order") {
  LazyIrSchema S = schema("h(Tensor a, int k, Tensor b, *, bool flag, "
                          "Tensor? c=None, Generator? generator=None) -> "
                          "Tensor");
  CHECK(names(S.filtered(true, true, true, false)) ==
        std::vector<std::string>{"a", "b", "c"});
  CHECK(names(S.filtered(true, true, false, true)) ==
        std::vector<std::string>{"k", "flag", "generator"});
  CHECK(names(S.filtered(true, true, false, true, /*Generator=*/false)) ==
        std::vector<std::string>{"k", "flag"});
  CHECK(names(S.filtered(true, true, true, true, false)) ==
        std::vector<std::string>{"a", "k", "b", "flag", "c"});
  CHECK(names(S.filtered(false, true, false, true)) ==
        std::vector<std::string>{"flag", "generator"});
}

TEST_CASE_FIXTURE(LazyFixture, "a type lazy IR cannot hold is reported") {
  Keep.push_back(function("s(Tensor self, Stream st) -> Tensor"));
  std::string Error;
  llvm::StringRef Bad;
  CHECK(!makeLazyIrSchema(Keep.back().Func, LazyIrProperties::forNative(),
                          false, Types, Error, Bad));
  CHECK(Bad == "st");
  CHECK(Error == "lazy tensor codegen cannot hold an argument of type "
                 "`Stream`");
}

TEST_CASE("the aten symbol, and the properties' groups") {
  LazyIrSchema S;
  S.Name.Name.Base = "sigmoid_backward";
  CHECK(getAtenSymbol(S) ==
        "c10::Symbol::fromQualString(\"aten::sigmoid_backward\")");
  S.Name.Name.Base = "add";
  S.Name.Name.Inplace = true;
  CHECK(getAtenSymbol(S) == "at::aten::add_");

  LazyIrProperties P = LazyIrProperties::forNative();
  CHECK(P.ShapeFrom == LazyIrProperties::Shape::Precompute);
  P.set(LazyIrProperty::ShapeCache);
  CHECK(P.ShapeFrom == LazyIrProperties::Shape::Cache);
  P.set(LazyIrProperty::LowerDeclOnly);
  CHECK(P.Lower == LazyIrProperties::Member::DeclOnly);
  CHECK(parseLazyIrProperty("CreateFnDeclOnly") ==
        LazyIrProperty::CreateFnDeclOnly);
  CHECK(!parseLazyIrProperty("Bogus"));
  CHECK(!getLazyPreset("tpu"));
  CHECK(getLazyPreset("xla")->NodeBase == "XlaNode");
  CHECK(!getLazyPreset("xla")->UseLazyShape);
}
