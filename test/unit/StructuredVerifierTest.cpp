//===- StructuredVerifierTest.cpp - Structured kernels' relations ---------===//
//
// Modules made in memory, which no yaml reader checked: the verifier's
// rules on them.
//
//===----------------------------------------------------------------------===//

#include "TestContext.h"
#include "opgen/IR/Verifier.h"
#include "opgen/Parse/SchemaParser.h"

#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {

struct Fixture : TestContext {
  Module M;

  NativeFunction &add(llvm::StringRef Schema) {
    M.Functions.push_back(function(Schema));
    return M.Functions.back();
  }
  OperatorName name(FunctionId Id) const { return M.Functions[Id].Func.Name; }

  /// abs (0), abs_ (1) delegating to the structured abs.out (2), in one
  /// group.
  void addStructuredAbs() {
    add("abs(Tensor self) -> Tensor");
    add("abs_(Tensor(a!) self) -> Tensor(a!)");
    add("abs.out(Tensor self, *, Tensor(a!) out) -> Tensor(a!)").Structured =
        true;
    M.Functions[0].StructuredDelegate = name(2);
    M.Functions[1].StructuredDelegate = name(2);
    FunctionGroup G;
    G.IsGroup = true;
    G.Functional = 0;
    G.Inplace = 1;
    G.Out = 2;
    G.Structured = true;
    M.Groups = std::vector<FunctionGroup>{G};
  }

  /// The messages reported, one a line, without locations (none are
  /// known in memory).
  std::string verify() {
    Diags.clear();
    (void)verifyModule(M, Ctx);
    OS.flush();
    return Diags;
  }
};

bool reports(const std::string &Diags, llvm::StringRef Msg) {
  return llvm::StringRef(Diags).contains(Msg);
}

} // namespace

TEST_CASE("a structured group whose members delegate to its out= verifies") {
  Fixture X;
  X.addStructuredAbs();
  Precompute P;
  std::vector<Argument> With(1);
  With[0].Name = "magnitude";
  P.Replace.push_back({"self", With});
  X.M.Functions[2].Precomputed = P;
  CHECK(X.verify().empty());
}

TEST_CASE("structured fields on the wrong kind of function") {
  Fixture X;
  X.addStructuredAbs();
  X.M.Functions[0].Structured = true;
  X.M.Functions[2].StructuredDelegate = X.name(2);
  X.M.Functions[1].StructuredInherits = "TensorIteratorBase";
  X.M.Functions[1].Precomputed = Precompute();
  std::string D = X.verify();
  CHECK(reports(D, "IR verifier: `abs` is structured but not an out= "
                   "function"));
  CHECK(reports(D, "IR verifier: out= function `abs.out` has a "
                   "structured_delegate"));
  CHECK(reports(D, "IR verifier: `abs_` has structured_inherits but is not "
                   "structured"));
  CHECK(reports(D, "IR verifier: `abs_` has precomputed elements but is not "
                   "structured"));
}

TEST_CASE("a group marked structured unlike its out= variant") {
  Fixture X;
  X.addStructuredAbs();
  (*X.M.Groups)[0].Structured = false;
  CHECK(reports(X.verify(), "IR verifier: the group of `abs.out` is marked "
                            "structured differently from its out= variant"));
}

TEST_CASE("delegates are resolved by name and must be structured") {
  Fixture X;
  X.addStructuredAbs();
  OperatorName Other = X.name(2);
  Other.OverloadName = "output";
  X.M.Functions[0].StructuredDelegate = Other;
  X.M.Functions[2].Structured = false;
  X.M.Functions[1].StructuredDelegate = X.name(2);
  std::string D = X.verify();
  CHECK(reports(D, "`abs` has structured_delegate `abs.output`, but no such "
                   "operator exists"));
  CHECK(reports(D, "`abs_` has structured_delegate `abs.out`, which is not "
                   "marked `structured: True`"));
  // The group rules are not checked on top of broken delegates.
  CHECK(!reports(D, "group's out= variant"));
}

TEST_CASE("precomputed lines naming no input verify; their names must not "
          "collide") {
  // torchgen drops a line naming no input (the reader warns of it), so the
  // module is valid; its arguments are still fields of the precompute
  // struct, so two of one name are not.
  Fixture X;
  X.addStructuredAbs();
  std::vector<Argument> K(1);
  K[0].Name = "k";
  Precompute P;
  P.Replace.push_back({"out", K});
  P.Replace.push_back({"input", {}});
  X.M.Functions[2].Precomputed = P;
  CHECK(X.verify().empty());
  // A dropped line's argument may share an input's name: it is not the
  // impl function's.
  (*X.M.Functions[2].Precomputed).Replace[0].second[0].Name = "self";
  CHECK(X.verify().empty());
  std::vector<Argument> Out(1);
  Out[0].Name = "out";
  X.M.Functions[2].Precomputed->Add = Out;
  CHECK(reports(X.verify(), "precomputed argument `out` has the name of "
                            "another argument of the impl function of "
                            "`abs.out`"));
  (*X.M.Functions[2].Precomputed).Replace[0].second[0].Name = "k";
  X.M.Functions[2].Precomputed->Add.clear();
  X.M.Functions[2].Precomputed->Replace[1].second = K;
  CHECK(reports(X.verify(), "precomputed argument `k` of `abs.out` is "
                            "declared twice"));
}

TEST_CASE("group rules: members delegate to the group's structured out=") {
  Fixture X;
  X.addStructuredAbs();
  X.M.Functions[1].StructuredDelegate.reset();
  std::string D = X.verify();
  CHECK(reports(D, "`abs_` is in the group of structured `abs.out` but does "
                   "not delegate to it; add `structured_delegate: abs.out`"));

  // A delegating function outside any group.
  Fixture Y;
  Y.add("abs(Tensor self) -> Tensor");
  Y.add("neg.out(Tensor self, int dim, *, Tensor(a!) out) -> Tensor(a!)")
      .Structured = true;
  Y.M.Functions[0].StructuredDelegate = Y.name(1);
  FunctionGroup A, B;
  A.Function = 0;
  B.Function = 1;
  Y.M.Groups = std::vector<FunctionGroup>{A, B};
  // torchgen's too (it registers no kernel for `abs`; the group pass warns).
  CHECK(Y.verify().empty());
}
