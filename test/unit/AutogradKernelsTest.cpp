//===- AutogradKernelsTest.cpp - The autograd kernels' shared helpers -----===//
//
// InplaceOrViewCommon.h and TraceTypeCommon.h. Expected strings are what
// torchgen 2.14's type_wrapper_name, tie_return_values, get_return_value,
// unpack_args, gen_formals and view_func_name return for the same schemas.
//
//===----------------------------------------------------------------------===//

#include "TestContext.h"
#include "opgen/Emit/Autograd/InplaceOrViewCommon.h"
#include "opgen/Emit/Autograd/TraceTypeCommon.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {

std::string bindings(const UnpackedArgs &U) {
  std::string S;
  for (const Binding &B : U.Bindings) {
    if (!S.empty())
      S += ", ";
    S += B.Name.str() + ":" + B.type();
  }
  return S;
}

} // namespace

TEST_CASE("an in-place kernel's names and unpacked arguments") {
  TestContext X;
  NativeFunction F = X.function(
      "add_.Tensor(Tensor(a!) self, Tensor other, *, Scalar alpha=1) -> "
      "Tensor(a!)");
  CHECK(typeWrapperName(F) == "add__Tensor");
  CHECK(typeWrapperName(F, "AutogradNestedTensor") ==
        "add__Tensor_AutogradNestedTensor");
  CHECK(tieReturnValues(F) == "auto result");
  CHECK(getReturnValue(F) == "self");
  CHECK(genFormals(F) == "c10::DispatchKeySet ks, at::Tensor & self, const "
                         "at::Tensor & other, const at::Scalar & alpha");
  CHECK(modifiesArguments(F));
  UnpackedArgs U = unpackArgs(F);
  REQUIRE(U.Stmts.size() == 2);
  CHECK(U.Stmts[0] == "auto& self_ = unpack(self, \"self\", 0);");
  CHECK(U.Stmts[1] == "auto& other_ = unpack(other, \"other\", 1);");
  CHECK(bindings(U) == "self_:at::Tensor &, other_:const at::Tensor &, "
                       "alpha:const at::Scalar &");
  // The bindings' names stay valid when the result moves.
  UnpackedArgs Moved = std::move(U);
  CHECK(bindings(Moved) == "self_:at::Tensor &, other_:const at::Tensor &, "
                           "alpha:const at::Scalar &");
  CHECK(viewFuncName(F) == "AddTensorViewFunc");
}

TEST_CASE("several returns are tied and returned as tuples") {
  TestContext X;
  NativeFunction Out = X.function(
      "max.dim_max(Tensor self, int dim, bool keepdim=False, *, Tensor(a!) "
      "max, Tensor(b!) max_values) -> (Tensor(a!) values, Tensor(b!) "
      "indices)");
  CHECK(typeWrapperName(Out) == "max_out_dim_max");
  CHECK(tieReturnValues(Out) == "auto [max, max_values]");
  CHECK(getReturnValue(Out) == "std::forward_as_tuple(max, max_values)");
  UnpackedArgs U = unpackArgs(Out);
  REQUIRE(U.Stmts.size() == 3);
  CHECK(U.Stmts[2] == "auto& max_values_ = unpack(max_values, "
                      "\"max_values\", 4);");

  NativeFunction F = X.function("max.dim(Tensor self, int dim, bool "
                                "keepdim=False) -> (Tensor values, Tensor "
                                "indices)");
  CHECK(tieReturnValues(F) == "auto [values, indices]");
  CHECK(getReturnValue(F) ==
        "std::make_tuple(std::move(values), std::move(indices))");
  CHECK(viewFuncName(F, /*WithNamespace=*/true, /*CamelCase=*/false) ==
        "torch::autograd::generated::max_dim_view_func");
}

TEST_CASE("tensor lists are unpacked by value, optional tensors not at all") {
  TestContext X;
  NativeFunction F = X.function("_foo_2d.vec(Tensor? w, Tensor[] ts, Tensor?[] "
                                "os, SymInt[] size) -> Tensor");
  UnpackedArgs U = unpackArgs(F);
  REQUIRE(U.Stmts.size() == 1);
  CHECK(U.Stmts[0] == "auto ts_ = unpack(ts, \"ts\", 1);");
  CHECK(bindings(U) ==
        "w:const ::std::optional<at::Tensor> &, ts_:at::TensorList, "
        "os:const c10::List<::std::optional<at::Tensor>> &, "
        "size:c10::SymIntArrayRef");
  CHECK(isTensorType(F.Func.Args.PostSelfPositional[0].Ty));
  CHECK(isTensorListType(F.Func.Args.PostSelfPositional[1].Ty));
  CHECK(isTensorListType(F.Func.Args.PostSelfPositional[2].Ty));
  // A leading underscore stays; digits start a word (`2d` -> `2D`).
  CHECK(viewFuncName(F) == "_Foo2DVecViewFunc");
}

TEST_CASE("view info comes from the policy tables") {
  TestContext X;
  AutogradTables T;
  T.ViewFunctions.Entries = {
      {"unbind", "self"},
      {"sparse_coo_tensor_with_dims_and_tensors", "values"}};
  T.ReturnsViewsOfInput = {"chunk", "unbind"};
  NativeFunction Unbind =
      X.function("unbind.int(Tensor(a -> *) self, int dim=0) -> Tensor(a)[]");
  NativeFunction Chunk = X.function(
      "chunk(Tensor(a -> *) self, int chunks, int dim=0) -> Tensor(a)[]");
  NativeFunction Cat = X.function("cat(Tensor[] tensors, int dim=0) -> Tensor");
  CHECK(getViewInfo(T, Unbind) == std::optional<llvm::StringRef>("self"));
  CHECK(getViewInfo(T, Chunk) == std::optional<llvm::StringRef>("self"));
  CHECK(!getViewInfo(T, Cat));
  CHECK(!modifiesArguments(Cat));
  CHECK(viewFuncName(Unbind) == "UnbindIntViewFunc");
}
