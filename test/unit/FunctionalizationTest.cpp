//===- FunctionalizationTest.cpp - Functionalization's helpers ------------===//
//
// The ViewMeta pieces of the C++ API and the IR's functionalization units.
// Expected strings are those of torchgen 2.14's ViewMetaClasses.h and
// ViewMetaClasses.cpp for the same schemas (as_strided, split.Tensor).
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/Functionalization.h"
#include "TestContext.h"
#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {
using Fixture = TestContext;

std::string decls(const std::vector<Binding> &Bs) { return joinBindings(Bs); }
} // namespace

TEST_CASE("ViewMeta fields own what the constructor borrows") {
  Fixture X;
  NativeFunction F =
      X.function("as_strided(Tensor(a) self, SymInt[] size, SymInt[] stride, "
                 "SymInt? storage_offset=None) -> Tensor(a)");
  CHECK(decls(viewMetaBaseCtorArguments(F)) == "bool has_symbolic_inputs");
  CHECK(decls(viewMetaAttributes(F, /*Owning=*/true)) ==
        "bool reapply_views, at::functionalization::InverseReturnMode "
        "inverse_return_mode, ::std::vector<c10::SymInt> size, "
        "::std::vector<c10::SymInt> stride, ::std::optional<c10::SymInt> "
        "storage_offset");
  CHECK(decls(viewMetaAttributes(F, /*Owning=*/false)) ==
        "bool reapply_views, at::functionalization::InverseReturnMode "
        "inverse_return_mode, c10::SymIntArrayRef size, c10::SymIntArrayRef "
        "stride, ::std::optional<c10::SymInt> storage_offset");

  NativeFunction T = X.function("take(Tensor(a) self, Tensor index, Scalar s, "
                                "Tensor? w, int[] dims) -> Tensor(a)");
  CHECK(decls(viewMetaAttributes(T, /*Owning=*/true)) ==
        "bool reapply_views, at::functionalization::InverseReturnMode "
        "inverse_return_mode, at::Tensor index, at::Scalar s, "
        "::std::optional<at::Tensor> w, ::std::vector<int64_t> dims");
}

TEST_CASE("a multi-output ViewMeta takes its output index") {
  Fixture X;
  Module M;
  M.Functions.push_back(X.function(
      "split.Tensor(Tensor(a -> *) self, SymInt split_size, int dim=0) -> "
      "Tensor(a)[]"));
  M.Functions[0].Names = KernelNames{"split", "split", "split_Tensor", "split"};
  const NativeFunction &F = M.Functions[0];
  CHECK(decls(viewMetaBaseCtorArguments(F)) ==
        "bool has_symbolic_inputs, int64_t out_index");
  CHECK(viewMetaNew(F, "out_index") ==
        "std::make_shared<at::functionalization::split_Tensor_ViewMeta>("
        "has_symbolic_inputs, out_index, reapply_views, inverse_return_mode, "
        "split_size, dim)");
  CHECK(viewMetaNew(F, "0") ==
        "std::make_shared<at::functionalization::split_Tensor_ViewMeta>("
        "has_symbolic_inputs, 0, reapply_views, inverse_return_mode, "
        "split_size, dim)");
}

TEST_CASE("removeConstRef strips references at every depth") {
  auto W = [](CType::Kind K, CType E) { return CType::wrap(K, std::move(E)); };
  CType Tensor = CType::base("at::Tensor");
  CHECK(removeConstRef(W(CType::ConstRef, W(CType::Optional, Tensor))).str() ==
        "::std::optional<at::Tensor>");
  CHECK(removeConstRef(W(CType::MutRef, Tensor)).str() == "at::Tensor");
  CHECK(removeConstRef(
            W(CType::ConstRef, W(CType::List, W(CType::Optional, Tensor))))
            .str() == "c10::List<::std::optional<at::Tensor>>");
  CHECK(removeConstRef(
            CType::tuple({W(CType::MutRef, Tensor), W(CType::MutRef, Tensor)}))
            .str() == "::std::tuple<at::Tensor,at::Tensor>");
  CType Bools = W(CType::Array, CType::base("bool"));
  Bools.setSize(2);
  CHECK(removeConstRef(W(CType::ConstRef, Bools)).str() ==
        "::std::array<bool,2>");
}

TEST_CASE("functionalization units: groups, view groups, then the rest") {
  Fixture X;
  Module M;
  for (const char *S :
       {"abs(Tensor self) -> Tensor", "abs_(Tensor(a!) self) -> Tensor(a!)",
        "abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)",
        "t(Tensor(a) self) -> Tensor(a)", "t_copy(Tensor self) -> Tensor",
        "ones(int[] size) -> Tensor", "t_(Tensor(a!) self) -> Tensor(a!)"})
    M.Functions.push_back(X.function(S));
  FunctionGroup Abs;
  Abs.IsGroup = true;
  Abs.Functional = 0;
  Abs.Out = 2;
  Abs.Inplace = 1;
  FunctionGroup Single;
  Single.Function = 5;
  M.Groups = std::vector<FunctionGroup>{Single, Abs};
  ViewGroup T;
  T.View = 3;
  T.ViewCopy = 4;
  T.ViewInplace = 6;
  M.ViewGroups = std::vector<ViewGroup>{T};
  std::vector<FunctionalizationUnit> U = getFunctionalizationUnits(M);
  REQUIRE(U.size() == 3);
  CHECK((U[0].K == FunctionalizationUnit::Group && U[0].Index == 1));
  CHECK((U[1].K == FunctionalizationUnit::View && U[1].Index == 0));
  CHECK((U[2].K == FunctionalizationUnit::Function && U[2].Index == 5));

  NativeFunction F =
      X.function("f.out(Tensor(a) self, Tensor other, *, Tensor(b!) out0, "
                 "Tensor(c!) out1) -> (Tensor(b!), Tensor(c!))");
  std::vector<const Argument *> Mut = getMutableArguments(F.Func);
  REQUIRE(Mut.size() == 2);
  CHECK(Mut[0]->Name == "out0");
  CHECK(Mut[1]->Name == "out1");
}
