//===- OperatorSelectionTest.cpp - torchgen's SelectiveBuilder rules ------===//
//
// The expectations are what torchgen 2.14.1's SelectiveBuilder answers for
// the same selections (from_yaml_dict, from_legacy_op_registration_allow_
// list), run by hand; the selections are read by opgen's reader, so its
// defaults are checked too.
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/OperatorSelection.h"
#include "opgen/Parse/SelectionReader.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <doctest/doctest.h>

using namespace opgen;

namespace {

/// Read \p Yaml as a selection yaml; fails the test on a diagnostic.
OperatorSelection readSelection(llvm::StringRef Yaml) {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  unsigned Id = Ctx.getSourceMgr().AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(Yaml, "selection.yaml"),
      llvm::SMLoc());
  OperatorSelection S;
  bool Ok = succeeded(readOperatorSelection(Ctx, Id, S));
  INFO(OS.str());
  REQUIRE(Ok);
  return S;
}

/// "selected training root" as 1s and 0s, as torchgen-selection.py prints.
std::string answers(const OperatorSelection &S, llvm::StringRef Name) {
  std::string R;
  R += S.isOperatorSelected(Name) ? '1' : '0';
  R += S.isOperatorSelectedForTraining(Name) ? '1' : '0';
  R += S.isRootOperator(Name) ? '1' : '0';
  return R;
}

} // namespace

TEST_CASE("selection queries follow torchgen's SelectiveBuilder") {
  OperatorSelection S = readSelection(R"(
operators:
  aten::add: {include_all_overloads: false}
  aten::mul: {is_root_operator: false}
  aten::mul.out: {is_used_for_training: false}
  aten::sub: {is_used_for_training: true, is_root_operator: true}
  aten::sub.Tensor: {is_root_operator: false, is_used_for_training: false}
  aten::div: {include_all_overloads: false, is_used_for_training: true}
  aten::div.Tensor: {is_used_for_training: false, is_root_operator: true}
  aten::cat: {is_used_for_training: false}
kernel_metadata:
  add_kernel: [Float]
)");
  // Without all its overloads, a name selects only the overload-less one.
  CHECK(answers(S, "aten::add") == "111");
  CHECK(answers(S, "aten::add.Tensor") == "000");
  // A family (all overloads by default) gives its flags to its overloads.
  CHECK(answers(S, "aten::mul") == "110");
  CHECK(answers(S, "aten::mul.Tensor") == "110");
  // Listed itself: training if either it or its family is; root as listed.
  CHECK(answers(S, "aten::mul.out") == "111");
  CHECK(answers(S, "aten::sub.Tensor") == "110");
  // A family without all overloads gives nothing to a listed overload.
  CHECK(answers(S, "aten::div.Tensor") == "101");
  CHECK(answers(S, "aten::div.out") == "000");
  // The overload is everything after the first dot.
  CHECK(answers(S, "aten::cat.a.b") == "101");
  // An inplace name is another name.
  CHECK(answers(S, "aten::cat_") == "000");
  CHECK(answers(S, "aten::relu") == "000");
  CHECK(answers(S, "quantized::add") == "000");
  CHECK(S.isKernelDtypeSelected("add_kernel", "Float"));
  CHECK_FALSE(S.isKernelDtypeSelected("add_kernel", "Int"));
  CHECK_FALSE(S.isKernelDtypeSelected("mul_kernel", "Float"));
}

TEST_CASE("include_all_operators answers yes whatever the operators say") {
  OperatorSelection S = readSelection(R"(
include_all_operators: true
operators:
  aten::add: {is_root_operator: false, is_used_for_training: false}
)");
  CHECK(answers(S, "aten::add") == "111");
  CHECK(answers(S, "aten::anything.at_all") == "111");
  CHECK(S.isKernelDtypeSelected("k", "d"));
}

TEST_CASE("selection yaml defaults are torchgen's") {
  OperatorSelection S = readSelection("operators:\n  aten::add: {}\n");
  CHECK_FALSE(S.IncludeAllOperators);
  CHECK_FALSE(S.IncludeAllNonOpSelectives);
  CHECK_FALSE(S.DebugInfo.has_value());
  REQUIRE(S.Operators.count("aten::add"));
  const SelectedOperator &Op = S.Operators.at("aten::add");
  CHECK(Op.IsRootOperator);
  CHECK(Op.IsUsedForTraining);
  CHECK(Op.IncludeAllOverloads);
  CHECK_FALSE(Op.DebugInfo.has_value());
  CHECK(answers(S, "aten::add.Tensor") == "111");
  CHECK_FALSE(S.isKernelDtypeSelected("k", "d"));

  OperatorSelection Rest = readSelection(R"(
debug_info: [a.ptl]
custom_classes: [B, A, B]
build_features: [f]
et_kernel_metadata:
  aten::add.out: [v1/6]
)");
  CHECK(Rest.Operators.empty());
  REQUIRE(Rest.DebugInfo.has_value());
  CHECK(Rest.DebugInfo->size() == 1);
  CHECK(Rest.CustomClasses == std::set<std::string>{"A", "B"});
  CHECK(Rest.BuildFeatures == std::set<std::string>{"f"});
  CHECK(Rest.EtKernelMetadata.at("aten::add.out") ==
        std::vector<std::string>{"v1/6"});
  CHECK(answers(Rest, "aten::add") == "000");
}

TEST_CASE("a whitelist selects families as roots, not for training") {
  std::string Diags;
  llvm::raw_string_ostream OS(Diags);
  Context Ctx(OS);
  OperatorSelection S;
  REQUIRE(succeeded(
      readOpRegistrationWhitelist(Ctx, {"aten::add", "aten::mul.Tensor"}, S)));
  CHECK(answers(S, "aten::add.Tensor") == "101");
  CHECK(answers(S, "aten::add") == "101");
  CHECK(answers(S, "aten::mul.Tensor") == "101");
  CHECK(answers(S, "aten::mul.out") == "000");
  // include_all_non_op_selectives: every kernel dtype.
  CHECK(S.isKernelDtypeSelected("x", "y"));

  OperatorSelection None;
  REQUIRE(succeeded(readOpRegistrationWhitelist(Ctx, {}, None)));
  CHECK(answers(None, "aten::add") == "000");
  CHECK_FALSE(None.IncludeAllOperators);

  // A name torchgen never matches is kept, with a warning: it selects
  // nothing.
  OperatorSelection Odd;
  CHECK(succeeded(readOpRegistrationWhitelist(Ctx, {"aten::add", "mul"}, Odd)));
  CHECK(llvm::StringRef(OS.str()).contains(
      "--op-registration-whitelist:1:11: warning: operator name `mul` has no "
      "namespace, so it selects no operator"));
  CHECK(answers(Odd, "aten::add") == "101");
  CHECK(answers(Odd, "aten::mul") == "000");
}
