//===- VariableTypeForwardAD.cpp - A kernel's forward-mode AD code --------===//
//
// torchgen's forward-AD part of emit_body: which inputs carry a tangent
// (`_any_has_forward_grad_result`), the tangents and primals a formula
// reads (`self_t`, `self_p`), the formula, and setting the outputs'
// tangents; for a function without formulas, a check that no input has a
// tangent. Foreach functions do it per list element.
//
//===----------------------------------------------------------------------===//

#include "VariableTypeBody.h"

#include "opgen/AutogradApi/Formula.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace opgen::vtbody;
using namespace llvm;

static bool contains(const std::optional<std::vector<std::string>> &L,
                     StringRef S) {
  return L && is_contained(*L, S);
}

std::string BodyEmitter::getAnyHasFwGradCond(const ForwardDerivative *FD) {
  if (!FD) {
    std::vector<std::string> ToCheck;
    std::vector<const Argument *> Args = F.Func.Args.flatNonOut();
    for (const Argument &A : F.Func.Args.Out)
      Args.push_back(&A);
    for (const Argument *A : Args) {
      if (!isDifferentiable(A->Name, A->Ty, Info))
        continue;
      if (isTensorType(A->Ty))
        ToCheck.push_back("isFwGradDefined(" + A->Name + ")");
      else if (isTensorListType(A->Ty))
        ToCheck.push_back("isFwGradDefinedTensorList(" + A->Name + ")");
      else
        error("Unsupported input type for \"" + Name +
              "\" when forbidding forward AD usage.");
    }
    return "(" + join(ToCheck, " || ") + ")";
  }
  if (!FD->RequiredInputsFwGrad) {
    error("derivative.required_inputs_fw_grad is None");
    return "";
  }
  if (FD->RequiredInputsFwGrad->empty()) {
    if (!(DifferentiableInputs.size() == 1 &&
          isTensorListType(DifferentiableInputs[0].Ty)))
      error("No differentiable input to \"" + Name +
            "\" is a differentiable Tensor (as the provided forward AD "
            "formula does not use any input tangent) even though a forward "
            "gradient formula has been defined for it. This case should only "
            "happen for function that take a single TensorList as input. All "
            "other cases are not supported right now.");
    return "true";
  }
  std::vector<std::string> Conds;
  for (const DifferentiableInput &In : DifferentiableInputs)
    if (contains(FD->RequiredInputsFwGrad, In.Name))
      Conds.push_back((isTensorListType(In.Ty) ? "isFwGradDefinedTensorList("
                                               : "isFwGradDefined(") +
                      In.Name + ")");
  return "(" + join(Conds, " || ") + ")";
}

std::vector<std::string> BodyEmitter::emitAnyHasForwardGrad() {
  static const CodeTemplate SizeCheck(
      "TORCH_CHECK(\n"
      "    self.size() == ${inp_name}.size(),\n"
      "      \"Tensor lists must have the same number of tensors, got \",\n"
      "    self.size(),\n"
      "      \" and \",\n"
      "    ${inp_name}.size());\n");
  std::vector<std::string> Content;
  if (!IsForeach) {
    for (const ForwardDerivative &FD : FwDerivatives) {
      std::string Requires = getAnyHasFwGradCond(&FD);
      if (Info && Info->OutputDifferentiabilityConditions) {
        if (Info->OutputDifferentiabilityConditions->size() != 1) {
          error("expected 1 output_differentiability_condition, got " +
                Twine(Info->OutputDifferentiabilityConditions->size()));
          return Content;
        }
        Requires = "(" + Info->OutputDifferentiabilityConditions->front() +
                   ") && " + Requires;
      }
      Content.push_back("[[maybe_unused]] auto " +
                        anyHasForwardGradName(FD.VarNames) + " = " + Requires +
                        ";");
    }
    return Content;
  }
  for (const ForwardDerivative &FD : FwDerivatives) {
    std::string Vec = anyHasForwardGradName(FD.VarNames);
    std::vector<std::string> Conds;
    for (const DifferentiableInput &In : DifferentiableInputs) {
      if (!FD.RequiredInputsFwGrad ||
          !contains(FD.RequiredInputsFwGrad, In.Name))
        continue;
      std::string InName = In.Name;
      Type InType = In.Ty;
      if (Inplace) {
        auto It = RefNameToForeach.find(In.Name);
        if (It == RefNameToForeach.end()) {
          error("no foreach argument for " + In.Name);
          return Content;
        }
        InName = It->second->Name;
        InType = It->second->Ty;
      }
      if (isTensorListType(InType)) {
        if (InName != "self")
          Content.push_back(subst(SizeCheck, {{"inp_name", InName}}));
        Conds.push_back("isFwGradDefined(" + InName + "[i])");
      } else {
        Conds.push_back("isFwGradDefined(" + InName + ")");
      }
    }
    Content.push_back("std::vector<bool> " + Vec + "(self.size());");
    Content.push_back("for (const auto& i : c10::irange(self.size())) {");
    Content.push_back("  " + Vec + "[i] = " + join(Conds, " || ") + ";");
    Content.push_back("}");
  }
  return Content;
}

std::string BodyEmitter::emitForbidFwDerivatives(bool OutFn) {
  std::string Msg =
      OutFn ? "because it is an out= function"
            : "because it has not been implemented yet.\\nPlease file an issue "
              "to PyTorch at "
              "https://github.com/pytorch/pytorch/issues/"
              "new?template=feature-request.yml so that we can prioritize its "
              "implementation.";
  std::string Cond = getAnyHasFwGradCond(nullptr);
  if (Cond.empty())
    return "";
  return "TORCH_CHECK_NOT_IMPLEMENTED(!(" + Cond +
         "), \"Trying to use forward AD with " + Name +
         " that does not support it " + Msg + "\");\n";
}

namespace {

/// The generator's inline templates, parsed once.
struct ForwardADTemplates {
  CodeTemplate DefinedGrad{
      "auto ${inp_name}_t_raw = toNonOptFwGrad(${inp});\n"
      "auto ${inp_name}_tensor = toNonOptTensor(${inp});\n"
      "auto ${inp_name}_t = (${inp_name}_t_raw.defined() || "
      "!${inp_name}_tensor.defined())\n"
      "  ? ${inp_name}_t_raw : at::${zeros_fn}(${inp_name}_tensor.sym_sizes(), "
      "${inp_name}_tensor.options());\n"};
  CodeTemplate UpdateWrappedNum{
      "update_wrapped_number(${inp_name}_tensor, ${inp_name}_t);\n"};
  CodeTemplate DefinedPrimal{"auto ${inp_name}_p = toNonOptPrimal(${inp});\n"};
  CodeTemplate SetterTensor{
      "if (${out_arg}_new_fw_grad_opt.has_value() && "
      "${out_arg}_new_fw_grad_opt.value().defined() && ${out_arg}.defined()) "
      "{\n"
      "  // The hardcoded 0 here will need to be updated once we support "
      "multiple levels.\n"
      "  ${out_arg}._set_fw_grad(${out_arg}_new_fw_grad_opt.value(), /* level "
      "*/ 0, /* is_inplace_op */ ${is_inplace});\n"
      "}\n"};
  CodeTemplate SetterTensorForeach{
      "for (const auto& i : c10::irange(${out_arg}_new_fw_grad_opts.size())) "
      "{\n"
      "  auto& ${out_arg}_new_fw_grad_opt = ${out_arg}_new_fw_grad_opts[i];\n"
      "  if (${out_arg}_new_fw_grad_opt.has_value() && "
      "${out_arg}_new_fw_grad_opt.value().defined() && "
      "${out_arg}[i].defined()) {\n"
      "    // The hardcoded 0 here will need to be updated once we support "
      "multiple levels.\n"
      "    ${out_arg}[i]._set_fw_grad(${out_arg}_new_fw_grad_opt.value(), /* "
      "level */ 0, /* is_inplace_op */ ${is_inplace});\n"
      "  }\n"
      "}\n"};
  CodeTemplate SetterMultiOutput{
      "if (${all_res}_new_fw_grad_opt.has_value() && "
      "std::get<${idx}>(${all_res}_new_fw_grad_opt.value()).defined()\n"
      "    && ${out_arg}.defined()) {\n"
      "  "
      "${out_arg}._set_fw_grad(std::get<${idx}>(${all_res}_new_fw_grad_opt."
      "value()), /* level */ 0, /* is_inplace_op */ false);\n"
      "}\n"};
  CodeTemplate SetterTensorList{
      "if (${out_arg}_new_fw_grad_opt.has_value()) {\n"
      "  auto ${out_arg}_new_fw_grad = ${out_arg}_new_fw_grad_opt.value();\n"
      "  TORCH_INTERNAL_ASSERT(${out_arg}.size() == "
      "${out_arg}_new_fw_grad.size());\n"
      "  for (const auto i : c10::irange(${out_arg}.size())) {\n"
      "    if (${out_arg}_new_fw_grad[i].defined() && ${out_arg}[i].defined()) "
      "{\n"
      "      // The hardcoded 0 here will need to be updated once we support "
      "multiple levels.\n"
      "      ${out_arg}[i]._set_fw_grad(${out_arg}_new_fw_grad[i], /* level */ "
      "0, /* is_inplace_op */ ${is_inplace});\n"
      "    }\n"
      "  }\n"
      "}\n"};
  CodeTemplate FwDerivativeTemplate{
      "${fw_grad_opt_definition}\n"
      "if (${requires_fw_grad}) {\n"
      "    ${unpacked_arguments}\n"
      "    ${out_arg}_new_fw_grad_opt = ${formula};\n"
      "}\n"};
  CodeTemplate FwDerivativeForeachTemplate{
      "${fw_grad_opt_definition}\n"
      "for (const auto& i : c10::irange(${vector_of_optional_tensor}.size())) "
      "{\n"
      "  if (${any_has_forward_grad_for_current_index}) {\n"
      "      ${unpacked_arguments}\n"
      "      ${vector_of_optional_tensor}[i] = ${formula};\n"
      "  }\n"
      "}\n"};
};

const ForwardADTemplates &forwardADTemplates() {
  static const ForwardADTemplates T;
  return T;
}

} // namespace

std::vector<std::string> BodyEmitter::emitFwDerivatives() {
  const ForwardADTemplates &Tpl = forwardADTemplates();
  std::vector<std::string> Content;
  std::vector<std::string> Setters;
  for (const ForwardDerivative &FD : FwDerivatives) {
    std::vector<std::string> Res = FD.VarNames;
    if (F.Func.Name.Name.Inplace) {
      if (Res.size() != 1) {
        error(
            "Expected number of outputs to be 1 if function is inplace, got " +
            Twine(Res.size()));
        return Content;
      }
      Res = {"self"};
    }
    if (!FD.RequiredInputsFwGrad) {
      error("derivative.required_inputs_fw_grad is None");
      return Content;
    }
    std::string Unpacked;
    std::string ZerosFn;
    for (const DifferentiableInput &In : DifferentiableInputs) {
      std::string InName = In.Name;
      bool IsInputTensorList = false;
      if (IsForeach) {
        Type T = In.Ty;
        if (Inplace) {
          auto It = RefNameToForeach.find(In.Name);
          if (It == RefNameToForeach.end()) {
            error("no foreach argument for " + In.Name);
            return Content;
          }
          T = It->second->Ty;
        }
        IsInputTensorList = isTensorListType(T);
      }
      std::string Suffix = IsInputTensorList ? "[i]" : "";
      if (IsInplaceForeach) {
        auto It = RefNameToForeach.find(In.Name);
        if (It != RefNameToForeach.end())
          InName = It->second->Name;
      }
      ZerosFn = Inplace && In.Name == "self" ? "zeros_symint"
                                             : "_efficientzerotensor_symint";
      if (contains(FD.RequiredInputsFwGrad, In.Name)) {
        Unpacked += subst(Tpl.DefinedGrad, {{"inp_name", In.Name},
                                            {"inp", InName + Suffix},
                                            {"zeros_fn", ZerosFn}});
        if (ZerosFn == "_efficientzerotensor_symint")
          Unpacked += subst(Tpl.UpdateWrappedNum, {{"inp_name", In.Name}});
      }
      if (contains(FD.RequiredInputsPrimal, In.Name))
        Unpacked += subst(Tpl.DefinedPrimal,
                          {{"inp_name", In.Name}, {"inp", InName + Suffix}});
    }
    if (FD.RequiredOriginalSelfValue) {
      std::string Suffix = IsInplaceForeach ? "s[i]" : "";
      Unpacked += subst(Tpl.DefinedGrad, {{"inp_name", "original_self"},
                                          {"inp", "original_self" + Suffix},
                                          {"zeros_fn", ZerosFn}});
      Unpacked += subst(Tpl.DefinedPrimal, {{"inp_name", "original_self"},
                                            {"inp", "original_self" + Suffix}});
    } else if (Inplace && FD.IsReusingOutplaceFormula) {
      Unpacked += "self_t = GradMode::is_enabled() ? self_t.clone() : self_t;";
    }
    std::string IsInplaceStr = Inplace ? "true" : "false";
    std::string RequiresFwGrad = anyHasForwardGradName(FD.VarNames);
    std::string OptResGradType;
    std::string AllRes = join(Res, "_");
    bool AllTensors = all_of(FD.VarTypes, [](Type T) {
      return T.getKind() == Type::Base && T.isTensorLike();
    });
    if (AllTensors) {
      if (FD.VarTypes.size() == 1) {
        OptResGradType = "::std::optional<at::Tensor>";
        if (!IsForeach) {
          Setters.push_back(
              subst(Tpl.SetterTensor,
                    {{"out_arg", Res[0]}, {"is_inplace", IsInplaceStr}}));
        } else {
          std::string Expected = Inplace ? "self" : "result";
          if (Res[0] != Expected) {
            error("res[0] is " + Res[0] + ", expected " + Expected);
            return Content;
          }
          Setters.push_back(
              subst(Tpl.SetterTensorForeach,
                    {{"out_arg", Res[0]}, {"is_inplace", IsInplaceStr}}));
        }
        RequiresFwGrad += " && (" + FD.VarNames[0] + ".defined())";
      } else {
        std::string Tuple = "::std::tuple<";
        for (size_t I = 0; I != FD.VarTypes.size(); ++I)
          Tuple += I ? ",at::Tensor" : "at::Tensor";
        OptResGradType = "::std::optional<" + Tuple + ">>";
        for (size_t I = 0; I != Res.size(); ++I)
          Setters.push_back(
              subst(Tpl.SetterMultiOutput, {{"idx", std::to_string(I)},
                                            {"all_res", AllRes},
                                            {"out_arg", Res[I]}}));
      }
    } else if (!FD.VarTypes.empty() && FD.VarTypes[0].getKind() == Type::List &&
               FD.VarTypes[0].isTensorLike()) {
      if (FD.VarTypes.size() != 1) {
        error("Expected number of outputs to be 1 if function returns "
              "ListType, got " +
              Twine(FD.VarTypes.size()));
        return Content;
      }
      if (!IsForeach) {
        OptResGradType = "::std::optional<::std::vector<at::Tensor>>";
        Setters.push_back(
            subst(Tpl.SetterTensorList,
                  {{"out_arg", Res[0]}, {"is_inplace", IsInplaceStr}}));
      } else {
        OptResGradType = "::std::optional<at::Tensor>";
        Setters.push_back(
            subst(Tpl.SetterTensorForeach,
                  {{"out_arg", Res[0]}, {"is_inplace", IsInplaceStr}}));
      }
    } else {
      error("Unsupported output type for forward derivative");
      return Content;
    }

    if (!IsForeach) {
      std::string Def =
          OptResGradType + " " + AllRes + "_new_fw_grad_opt = ::std::nullopt;";
      Content.push_back(
          subst(Tpl.FwDerivativeTemplate, {{"fw_grad_opt_definition", Def},
                                           {"requires_fw_grad", RequiresFwGrad},
                                           {"formula", FD.Formula},
                                           {"out_arg", AllRes},
                                           {"unpacked_arguments", Unpacked}}));
      continue;
    }
    std::string Def = "std::vector<" + OptResGradType + "> " + AllRes +
                      "_new_fw_grad_opts(self.size(), ::std::nullopt);";
    std::string Formula = FD.Formula;
    if (Inplace) {
      for (const auto &[Mine, Ref] : ForeachToRef) {
        if (isTensorType(Mine->Ty) || isTensorListType(Mine->Ty))
          continue;
        std::string Pattern = Mine->Name;
        if (Mine->Ty.getKind() == Type::List)
          Pattern += "[i]";
        Formula = replaceAll(Formula, Ref->Name, Pattern);
      }
    } else if (StringRef(Formula).contains("result") &&
               !StringRef(Formula).contains("result[i]")) {
      Formula = replaceAll(Formula, "result", "result[i]");
    }
    std::vector<std::string> Current;
    for (const ForwardDerivative &Other : FwDerivatives)
      Current.push_back(anyHasForwardGradName(Other.VarNames) + "[i]");
    Content.push_back(subst(
        Tpl.FwDerivativeForeachTemplate,
        {{"fw_grad_opt_definition", Def},
         {"vector_of_optional_tensor", AllRes + "_new_fw_grad_opts"},
         {"any_has_forward_grad_for_current_index", join(Current, " || ")},
         {"formula", Formula},
         {"unpacked_arguments", Unpacked}}));
  }
  Content.push_back(join(Setters, "\n"));
  return Content;
}
