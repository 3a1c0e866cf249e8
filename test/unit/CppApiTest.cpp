//===- CppApiTest.cpp - C++ types, dispatcher signatures, translate -------===//
//
// Expected strings are what torchgen 2.14's DispatcherSignature and
// translate() give for the same schemas.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
struct Fixture {
  std::string Diags;
  llvm::raw_string_ostream OS{Diags};
  Context Ctx{OS};
  NativeFunction function(llvm::StringRef S) {
    auto P = parseFunctionSchema(Ctx, S, TextLocation());
    REQUIRE(P);
    NativeFunction F;
    F.Func = P->Schema;
    return F;
  }
};

std::string join(const std::vector<std::string> &V) {
  std::string S;
  for (const std::string &E : V)
    S += (S.empty() ? "" : " | ") + E;
  return S;
}
} // namespace

TEST_CASE("dispatcher signatures and SymInt translation") {
  Fixture X;
  NativeFunction F = X.function(
      "foo.out(Tensor self, SymInt[] size, SymInt? n, SymInt[]? s, int dim, "
      "Tensor? w, Scalar? a, bool[3] m, float[]? f, str? r, Tensor[] l, "
      "Tensor?[] i, Generator? g, *, Tensor(a!) out) -> Tensor(a!)");
  DispatcherSignature Sig(F, "wrapper_X_", /*SymInt=*/true);
  CHECK(Sig.decl() ==
        "at::Tensor & wrapper_X_foo_out(const at::Tensor & self, "
        "c10::SymIntArrayRef size, ::std::optional<c10::SymInt> n, "
        "at::OptionalSymIntArrayRef s, int64_t dim, const "
        "::std::optional<at::Tensor> & w, const ::std::optional<at::Scalar> "
        "& a, ::std::array<bool,3> m, ::std::optional<at::ArrayRef<double>> "
        "f, ::std::optional<c10::string_view> r, at::TensorList l, const "
        "c10::List<::std::optional<at::Tensor>> & i, "
        "::std::optional<at::Generator> g, at::Tensor & out)");
  DispatcherSignature Kernel(F, "", /*SymInt=*/false);
  auto E = translate(Sig.arguments(), Kernel.arguments());
  REQUIRE(static_cast<bool>(E));
  CHECK(join(*E) ==
        "self | C10_AS_INTARRAYREF_SLOW(size) | n.has_value() ? "
        "::std::make_optional(n->guard_int(__FILE__, __LINE__)) : "
        "::std::nullopt | s.has_value() ? "
        "::std::make_optional(C10_AS_INTARRAYREF_SLOW(*s)) : ::std::nullopt "
        "| dim | w | a | m | f | r | l | i | g | out");
}

TEST_CASE("tuple returns and scattered tensor options") {
  Fixture X;
  NativeFunction F =
      X.function("bar(Tensor(a!) self, ScalarType? dtype=None, Layout? "
                 "layout=None, Device? device=None, bool? pin_memory=None) -> "
                 "(Tensor, Tensor[], int, SymInt?)");
  DispatcherSignature Sig(F, "wrapper_X_");
  CHECK(Sig.decl() ==
        "::std::tuple<at::Tensor,::std::vector<at::Tensor>,int64_t,::std::"
        "optional<c10::SymInt>> wrapper_X_bar(at::Tensor & self, "
        "::std::optional<at::ScalarType> dtype, ::std::optional<at::Layout> "
        "layout, ::std::optional<at::Device> device, ::std::optional<bool> "
        "pin_memory)");
}

TEST_CASE("translate: const from mutable, and a missing goal is an error") {
  Fixture X;
  NativeFunction Inplace = X.function("abs_(Tensor(a!) self) -> Tensor(a!)");
  NativeFunction Functional = X.function("abs(Tensor self) -> Tensor");
  auto E = translate(DispatcherSignature(Inplace).arguments(),
                     DispatcherSignature(Functional).arguments());
  REQUIRE(static_cast<bool>(E));
  CHECK(join(*E) == "self");
  NativeFunction Other = X.function("other(Tensor x) -> Tensor");
  auto Bad = translate(DispatcherSignature(Functional).arguments(),
                       DispatcherSignature(Other).arguments());
  REQUIRE(!Bad);
  CHECK(llvm::toString(Bad.takeError()).find("const at::Tensor & x") !=
        std::string::npos);
}

TEST_CASE("return names follow torchgen's rules") {
  Fixture X;
  NativeFunction Out = X.function(
      "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) "
      "max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) "
      "indices)");
  CHECK(join(returnNames(Out)) == "max | max_values");
  NativeFunction Named =
      X.function("f(Tensor self) -> (Tensor self, Tensor b, Tensor)");
  CHECK(join(returnNames(Named)) == "self_return | b | result2");
}

namespace {
CType base(llvm::StringRef N) { return CType::base(N); }
CType wrap(CType::Kind K, CType E) { return CType::wrap(K, std::move(E)); }
Expr binding(std::string Expr_, std::string Name, CType T) {
  return {std::move(Expr_), {std::move(Name), std::move(T)}};
}
std::string solve(const std::vector<Expr> &Bindings,
                  const std::vector<NamedCType> &Goals) {
  auto E = translate(Bindings, Goals);
  REQUIRE(static_cast<bool>(E));
  return join(*E);
}
} // namespace

TEST_CASE("translate: torchgen's synthesis rules") {
  // Expected strings are torchgen 2.14's translate() for the same inputs.
  CType OptDType = wrap(CType::Optional, base("at::ScalarType"));
  CType OptLayout = wrap(CType::Optional, base("at::Layout"));
  CType OptDevice = wrap(CType::Optional, base("at::Device"));
  CType OptPin = wrap(CType::Optional, base("bool"));
  CType Options = base("at::TensorOptions");
  CType ConstRefTensor = wrap(CType::ConstRef, base("at::Tensor"));

  CHECK(solve({binding("dtype", "dtype", OptDType),
               binding("layout", "layout", OptLayout),
               binding("device", "device", OptDevice),
               binding("pin_memory", "pin_memory", OptPin)},
              {{"options", Options}}) ==
        "TensorOptions().dtype(dtype).layout(layout).device(device)."
        "pinned_memory(pin_memory)");
  CHECK(solve({binding("opts", "options", wrap(CType::ConstRef, Options))},
              {{"dtype", OptDType},
               {"layout", OptLayout},
               {"device", OptDevice},
               {"pin_memory", OptPin}}) ==
        "c10::optTypeMetaToScalarType(opts.dtype_opt()) | opts.layout_opt() "
        "| opts.device_opt() | opts.pinned_memory_opt()");
  CHECK(solve({binding("out", "out", ConstRefTensor)},
              {{"dtype", OptDType}, {"pin_memory", OptPin}}) ==
        "out.scalar_type() | ::std::nullopt");
  CHECK(solve({binding("n", "n", base("int64_t")),
               binding("s", "s", base("at::IntArrayRef")),
               binding("o", "o", wrap(CType::Optional, base("int64_t"))),
               binding("w", "w",
                       wrap(CType::ConstRef,
                            wrap(CType::Optional, base("at::Tensor")))),
               binding("t", "t", ConstRefTensor)},
              {{"n", base("c10::SymInt")},
               {"s", base("c10::SymIntArrayRef")},
               {"o", wrap(CType::Optional, base("c10::SymInt"))},
               {"w", base("at::OptionalTensorRef")},
               {"t", wrap(CType::MutRef, base("at::Tensor"))}}) ==
        "n | c10::fromIntArrayRefSlow(s) | o.has_value() ? "
        "::std::make_optional(c10::SymInt(*o)) : ::std::nullopt | "
        "((w.has_value() && (*w).defined()) ? at::OptionalTensorRef(*w) : "
        "at::OptionalTensorRef()) | const_cast<Tensor&>(t)");
}
