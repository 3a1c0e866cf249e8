//===- FunctionIndexTest.cpp - Finding functions by operator name ---------===//

#include "opgen/IR/FunctionIndex.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

TEST_CASE("functions are found by name; equal names give every function") {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  Module M;
  auto Add = [&](llvm::StringRef Schema, const char *Namespace) {
    auto P = parseFunctionSchema(Ctx, Schema, TextLocation());
    REQUIRE(P);
    NativeFunction F;
    F.Func = P->Schema;
    F.Namespace = Namespace;
    M.Functions.push_back(std::move(F));
  };
  Add("relu(Tensor self) -> Tensor", "aten");
  Add("abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)", "aten");
  Add("abs(Tensor self) -> Tensor", "aten");
  // Another namespace may use a name again; a map filled in order would
  // keep the last.
  Add("relu(Tensor self) -> Tensor", "custom");

  FunctionIndex Index(M);
  CHECK(Index.find(M.Functions[2].Func.Name) == FunctionId(2));
  CHECK(Index.find(M.Functions[1].Func.Name) == FunctionId(1));
  CHECK(Index.find(M.Functions[0].Func.Name) == FunctionId(3));
  llvm::ArrayRef<FunctionId> Relus = Index.findAll(M.Functions[0].Func.Name);
  REQUIRE(Relus.size() == 2);
  CHECK(Relus[0] == 0);
  CHECK(Relus[1] == 3);

  OperatorName Missing = M.Functions[2].Func.Name;
  Missing.OverloadName = "Tensor";
  CHECK(!Index.find(Missing));
  CHECK(Index.findAll(Missing).empty());
  CHECK(!FunctionIndex(Module()).find(Missing));
}
