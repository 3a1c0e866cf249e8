//===- AutogradInfosEmitter.cpp - The autograd model as JSON lines --------===//
//
// Prints the autograd model (AutogradApi) in the format of
// utils/torchgen-autograd-dump.py, so that it can be compared byte for byte
// with what torchgen's load_derivatives and match_differentiability_info
// compute: one compact JSON object a line, keys sorted, non-ASCII escaped as
// Python's json module does; per-key tables as lists of [key, value] pairs.
// The order the emitters do not depend on (what torchgen makes from sets) is
// printed sorted.
//
//===----------------------------------------------------------------------===//

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <nlohmann/json.hpp>

using namespace opgen;
using namespace llvm;
using json = nlohmann::json;

namespace {

json saved(const SavedAttribute &S) {
  StringRef Name = S.NCType.Name;
  Name.consume_front("$");
  return json::array({Name.str(), S.NCType.Type.str(), S.Expr});
}

json savedList(const std::vector<SavedAttribute> &L, bool ByName) {
  std::vector<const SavedAttribute *> Order;
  for (const SavedAttribute &S : L)
    Order.push_back(&S);
  if (ByName)
    llvm::stable_sort(Order,
                      [](const SavedAttribute *A, const SavedAttribute *B) {
                        return A->NCType.Name < B->NCType.Name;
                      });
  json A = json::array();
  for (const SavedAttribute *S : Order)
    A.push_back(saved(*S));
  return A;
}

json strings(const std::vector<std::string> &L, bool Sorted = false) {
  std::vector<std::string> V = L;
  if (Sorted)
    llvm::sort(V);
  return json(V);
}

json optStrings(const std::optional<std::vector<std::string>> &L) {
  return L ? strings(*L, /*Sorted=*/true) : json(nullptr);
}

json derivative(const Derivative &D) {
  json J;
  J["formula"] = D.Formula;
  J["original_formula"] = D.OriginalFormula;
  J["var_names"] = D.VarNames;
  J["saved_inputs"] = savedList(D.SavedInputs, false);
  J["saved_outputs"] = savedList(D.SavedOutputs, false);
  J["named_gradients"] = std::vector<std::string>(D.NamedGradients.begin(),
                                                  D.NamedGradients.end());
  return J;
}

json forward(const ForwardDerivative &F) {
  json J;
  J["formula"] = F.Formula;
  J["var_names"] = F.VarNames;
  json Types = json::array();
  for (Type T : F.VarTypes)
    Types.push_back(T.str());
  J["var_types"] = std::move(Types);
  J["required_inputs_fw_grad"] = optStrings(F.RequiredInputsFwGrad);
  J["required_inputs_primal"] = optStrings(F.RequiredInputsPrimal);
  J["required_original_self_value"] = F.RequiredOriginalSelfValue;
  J["is_reusing_outplace_formula"] = F.IsReusingOutplaceFormula;
  return J;
}

json info(const Module &M, const DifferentiabilityInfo &I) {
  json J;
  J["name"] = I.Name;
  J["func"] = M.Functions[I.Func].Func.str();
  J["op"] = I.Op ? json(*I.Op) : json(nullptr);
  json Ds = json::array();
  for (const Derivative &D : I.Derivatives)
    Ds.push_back(derivative(D));
  J["derivatives"] = std::move(Ds);
  json Fs = json::array();
  for (const ForwardDerivative &F : I.ForwardDerivatives)
    Fs.push_back(forward(F));
  J["forward_derivatives"] = std::move(Fs);
  J["all_saved_inputs"] = savedList(I.AllSavedInputs, true);
  J["all_saved_outputs"] = savedList(I.AllSavedOutputs, true);
  J["available_named_gradients"] = I.AvailableNamedGradients;
  J["used_named_gradients"] = std::vector<std::string>(
      I.UsedNamedGradients.begin(), I.UsedNamedGradients.end());
  json Args = json::array();
  for (const Binding &B : I.ArgsWithDerivatives)
    Args.push_back(json::array({B.Name.str(), B.type()}));
  J["args_with_derivatives"] = std::move(Args);
  J["non_differentiable_arg_names"] = I.NonDifferentiableArgNames;
  J["output_differentiability"] = I.OutputDifferentiability
                                      ? json(*I.OutputDifferentiability)
                                      : json(nullptr);
  J["output_differentiability_conditions"] =
      I.OutputDifferentiabilityConditions
          ? json(*I.OutputDifferentiabilityConditions)
          : json(nullptr);
  return J;
}

json table(const Module &M, const InfosByKey &T) {
  json A = json::array();
  for (const auto &[Key, I] : T)
    A.push_back(json::array({Key, info(M, I)}));
  return A;
}

void line(raw_ostream &OS, const json &J) {
  OS << J.dump(-1, ' ', /*ensure_ascii=*/true, json::error_handler_t::replace)
     << '\n';
}

} // namespace

LogicalResult opgen::emitAutogradInfosText(EmitContext &EC, raw_ostream &OS) {
  const AutogradModel *AM = EC.Autograd;
  if (!AM) {
    EC.Ctx.getDiags().error(SMLoc(), "the autograd-infos emitter needs "
                                     "derivatives.yaml (--autograd-dir)");
    return failure();
  }
  const Module &M = EC.M;
  line(OS, {{"used_dispatch_keys", AM->UsedDispatchKeys}});
  for (const FunctionInfos &FI : AM->Infos)
    if (FI.Listed)
      line(OS, {{"schema", M.Functions[FI.Func].Func.str()},
                {"infos", table(M, FI.ByKey)}});
  for (const FunctionWithDerivatives &F : AM->Functions) {
    json J;
    J["func"] = M.Functions[F.Func].Func.str();
    const InfosByKey *T = AM->getInfos(F);
    J["info"] = T ? table(M, *T) : json(nullptr);
    if (F.FwDerivatives) {
      json A = json::array();
      for (const auto &[Key, List] : *F.FwDerivatives) {
        json L = json::array();
        for (const ForwardDerivative &FD : List)
          L.push_back(forward(FD));
        A.push_back(json::array({Key, std::move(L)}));
      }
      J["fw_derivatives"] = std::move(A);
    } else {
      J["fw_derivatives"] = nullptr;
    }
    line(OS, J);
  }
  return success();
}
