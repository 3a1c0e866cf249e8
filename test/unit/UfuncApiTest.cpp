//===- UfuncApiTest.cpp - The ufunc kernels' C++ API ----------------------===//
//
// Expected strings are what torchgen 2.14's api/ufunc.py gives for the same
// schemas (ufunctor_arguments, ufunc_arguments), printed with decl().
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/UfuncApi.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
/// A module of one structured functional/out group.
struct UfuncGroup {
  std::string Diags;
  llvm::raw_string_ostream OS{Diags};
  Context Ctx{OS};
  Module M;
  FunctionGroup G;
  UfuncGroup(llvm::StringRef Functional, llvm::StringRef Out) {
    for (llvm::StringRef S : {Functional, Out}) {
      auto P = parseFunctionSchema(Ctx, S, TextLocation());
      REQUIRE(P);
      M.Functions.emplace_back();
      M.Functions.back().Func = P->Schema;
    }
    M.Functions[1].Structured = true;
    G.IsGroup = true;
    G.Functional = 0;
    G.Out = 1;
    G.Structured = true;
  }
};

std::string decls(const std::vector<Binding> &Bs) {
  std::string S;
  for (const Binding &B : Bs)
    S += (S.empty() ? "" : " | ") + B.decl();
  return S;
}

std::string decls(const std::vector<NamedCType> &Ts) {
  std::string S;
  for (const NamedCType &T : Ts)
    S += (S.empty() ? "" : " | ") + T.Type.str() + " " + T.Name;
  return S;
}
} // namespace

TEST_CASE("ufunc: a binary op's functors and ufunc arguments") {
  UfuncGroup X("add.Tensor(Tensor self, Tensor other, *, Scalar alpha=1) -> "
               "Tensor",
               "add.out(Tensor self, Tensor other, *, Scalar alpha=1, "
               "Tensor(a!) out) -> Tensor(a!)");
  UfuncStubNames N = ufuncStubNames(X.M, X.G);
  CHECK(N.Stub == "add_stub");
  CHECK(N.Kernel == "add_kernel");
  CHECK(N.Type == "add_fn");

  // CUDAFunctor, then the constructor taking `self`, then `other`.
  auto Plain = ufunctorArguments(X.M, X.G, std::nullopt);
  REQUIRE(Plain);
  CHECK(decls(Plain->Ctor) == "opmath_t alpha");
  CHECK(decls(Plain->Apply) == "scalar_t self | scalar_t other");
  auto OnOther = ufunctorArguments(X.M, X.G, 0u);
  REQUIRE(OnOther);
  CHECK(decls(OnOther->Ctor) == "opmath_t self | opmath_t alpha");
  CHECK(decls(OnOther->Apply) == "scalar_t other");
  auto OnSelf = ufunctorArguments(X.M, X.G, 1u);
  REQUIRE(OnSelf);
  CHECK(decls(OnSelf->Ctor) == "opmath_t other | opmath_t alpha");
  CHECK(decls(OnSelf->Apply) == "scalar_t self");

  auto Vec =
      ufuncArguments(X.M, X.G, CType::base("at::vec::Vectorized<scalar_t>"));
  REQUIRE(Vec);
  CHECK(decls(*Vec) == "at::vec::Vectorized<scalar_t> self | "
                       "at::vec::Vectorized<scalar_t> other | "
                       "at::vec::Vectorized<scalar_t> alpha");
}

TEST_CASE("ufunc: value types keep their C++ types, without SymInt") {
  UfuncGroup X("shift(Tensor self, SymInt shift, bool flag=False, float? "
               "f=None, bool[2] m) -> Tensor",
               "shift.out(Tensor self, SymInt shift, bool flag=False, float? "
               "f=None, bool[2] m, *, Tensor(a!) out) -> Tensor(a!)");
  auto F = ufunctorArguments(X.M, X.G, std::nullopt);
  REQUIRE(F);
  CHECK(decls(F->Ctor) == "int64_t shift | bool flag | "
                          "::std::optional<double> f | ::std::array<bool,2> m");
  CHECK(decls(F->Apply) == "scalar_t self");
  auto U = ufuncArguments(X.M, X.G, CType::base("opmath_t"));
  REQUIRE(U);
  CHECK(decls(*U) == "opmath_t self | int64_t shift | bool flag | "
                     "::std::optional<double> f | ::std::array<bool,2> m");
}

TEST_CASE("ufunc: arguments the kernels cannot take are errors") {
  UfuncGroup X("opt(Tensor self, Tensor? w, int[] dims) -> Tensor",
               "opt.out(Tensor self, Tensor? w, int[] dims, *, Tensor(a!) "
               "out) -> Tensor(a!)");
  auto F = ufunctorArguments(X.M, X.G, std::nullopt);
  REQUIRE(!F);
  CHECK(llvm::toString(F.takeError()) ==
        "argument `w` of type `Tensor?` cannot be passed to a CUDA "
        "functor's operator()");
  auto U = ufuncArguments(X.M, X.G, CType::base("opmath_t"));
  REQUIRE(!U);
  CHECK(llvm::toString(U.takeError()) ==
        "argument `w` of type `Tensor?` cannot be passed to a ufunc");
}
