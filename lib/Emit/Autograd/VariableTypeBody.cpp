//===- VariableTypeBody.cpp - A VariableType kernel's body ----------------===//
//
// torchgen's emit_body: unpack the arguments, make the Node (grad_fn) when
// an input requires grad and save what its backward formulas read, call
// the kernel below autograd, attach the outputs' history, then the forward
// AD code (VariableTypeForwardAD.cpp) and the saved outputs.
//
//===----------------------------------------------------------------------===//

#include "VariableTypeBody.h"

#include "opgen/AutogradApi/Formula.h"
#include "opgen/CppApi/CppSignature.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace opgen;
using namespace opgen::vtbody;
using namespace llvm;

std::string vtbody::subst(
    const CodeTemplate &T,
    std::initializer_list<std::pair<StringRef, TemplateValue>> Values) {
  // On the stack: a body makes some twenty substitutions of a few values.
  SmallVector<TemplateArg, 4> Args;
  for (const auto &[K, V] : Values)
    Args.push_back({K, &V});
  Expected<std::string> S = T.substitute(Args);
  if (!S) {
    consumeError(S.takeError());
    return std::string();
  }
  return std::move(*S);
}

void vtbody::appendSubst(std::string &Out, const CodeTemplate &T,
                         ArrayRef<CodeTemplate::InlineArg> Values) {
  if (T.appendInline(Out, Values))
    return;
  // A block placeholder or a missing value: the general rules.
  SmallVector<TemplateValue, 4> Owned;
  for (const CodeTemplate::InlineArg &V : Values)
    Owned.emplace_back(V.Value);
  SmallVector<TemplateArg, 4> Args;
  for (size_t I = 0; I != Values.size(); ++I)
    Args.push_back({Values[I].Key, &Owned[I]});
  Expected<std::string> S = T.substitute(Args);
  if (S)
    Out += *S;
  else
    consumeError(S.takeError());
}

std::string vtbody::noRefCType(const CType &T) {
  CType C = T;
  while (C.kind() == CType::ConstRef || C.kind() == CType::MutRef)
    C = C.elem();
  return C.str();
}

BodyEmitter::BodyEmitter(const Module &M, const AutogradModel &AM,
                         const AutogradTables &Tab,
                         const FunctionWithDerivatives &FW, StringRef Key,
                         DiagnosticEngine &D)
    : M(M), AM(AM), Tab(Tab), FW(FW), F(M.Functions[FW.Func]), Key(Key.str()),
      D(D) {}

void BodyEmitter::error(const Twine &Msg) {
  SMLoc Loc = Info && Info->EntryLoc.isValid() ? Info->EntryLoc : F.FuncLoc;
  D.error(Loc, Msg);
  Failed = true;
}

std::optional<DifferentiableInput>
BodyEmitter::genDifferentiableInput(const Argument &A) {
  std::string CppType = argumentCType(A.Ty, A.isWrite(), /*SymInt=*/true,
                                      CppApiFlags::forFunction(F))
                            .str();
  if (!isDifferentiable(A.Name, A.Ty, Info))
    return std::nullopt;
  return DifferentiableInput{A.Name, A.Ty, std::move(CppType)};
}

bool BodyEmitter::setUpForeach() {
  const std::string &Base = F.Func.Name.Name.Base;
  const std::string &Overload = F.Func.Name.OverloadName;
  auto In = [&](const std::set<std::pair<std::string, std::string>> &Table) {
    return Table.count({Base, Overload}) != 0;
  };
  if (!Info) {
    if (!In(Tab.ForeachOpsWithoutDifferentiabilityInfo)) {
      error(Base + "." + Overload + " should have a differentiability info");
      return false;
    }
    return true;
  }
  const NativeFunction &Ref = M.Functions[Info->Func];
  std::vector<const Argument *> Mine = F.Func.Args.flatNonOut();
  std::vector<const Argument *> Theirs = Ref.Func.Args.flatNonOut();
  if (Mine.size() != Theirs.size() && !In(Tab.ForeachOpsWithDifferentArity)) {
    error(Base + "." + Overload + " has " + Twine(Mine.size()) +
          " args but the reference has " + Twine(Theirs.size()));
    return false;
  }
  for (size_t I = 0, E = std::min(Mine.size(), Theirs.size()); I != E; ++I) {
    Type T = Mine[I]->Ty;
    if (T.getKind() == Type::List)
      T = T.getElementType();
    if (T != Theirs[I]->Ty) {
      error("foreach_arg_type (" + T.str() + ") != ref_arg.type (" +
            Theirs[I]->Ty.str() + ")");
      return false;
    }
    ForeachToRef.push_back({Mine[I], Theirs[I]});
    RefNameToForeach[Theirs[I]->Name] = Mine[I];
  }
  return true;
}

bool BodyEmitter::findArgsWithDerivatives() {
  if (!Info || !Info->hasDerivatives()) {
    ArgsWithDerivatives = DifferentiableInputs;
    return true;
  }
  std::set<std::string> Names;
  for (const Derivative &Dv : Info->Derivatives)
    Names.insert(Dv.VarNames.begin(), Dv.VarNames.end());
  for (const DifferentiableInput &A : DifferentiableInputs)
    if (Names.count(A.Name))
      ArgsWithDerivatives.push_back(A);
  if (ArgsWithDerivatives.size() != Names.size()) {
    for (const DifferentiableInput &A : ArgsWithDerivatives)
      Names.erase(A.Name);
    error("Missing arguments for derivatives: {'" + join(Names, "', '") +
          "'} in " + Info->Name);
    return false;
  }
  return true;
}

std::vector<std::string> BodyEmitter::emitAnyRequiresGrad() {
  static const CodeTemplate SetupAnyRequiresGrad(
      "[[maybe_unused]] auto _any_requires_grad = compute_requires_grad( "
      "${args_with_derivatives} );\n"
      "${extra_differentiability_conditions}\n");
  std::string Extra;
  if (Info && Info->OutputDifferentiabilityConditions) {
    if (Info->OutputDifferentiabilityConditions->size() != 1)
      error("expected 1 output_differentiability_condition, got " +
            Twine(Info->OutputDifferentiabilityConditions->size()));
    else
      Extra = "_any_requires_grad &= (" +
              Info->OutputDifferentiabilityConditions->front() + ");";
  }
  std::vector<std::string> Names;
  for (const DifferentiableInput &A : ArgsWithDerivatives)
    Names.push_back(A.Name);
  if (IsInplaceForeach && Info)
    for (std::string &N : Names)
      for (const auto &[Mine, Ref] : ForeachToRef)
        if (N == Ref->Name)
          N = Mine->Name;
  return {subst(SetupAnyRequiresGrad,
                {{"args_with_derivatives", std::move(Names)},
                 {"extra_differentiability_conditions", std::move(Extra)}})};
}

std::vector<std::string> BodyEmitter::emitCheckInplace() {
  std::vector<std::string> Body;
  if (!Inplace)
    return Body;
  for (const DifferentiableOutput &O : DifferentiableOutputs)
    Body.push_back("check_inplace(" + O.Name + ", _any_requires_grad);");
  return Body;
}

std::string vtbody::anyHasForwardGradName(const std::vector<std::string> &V) {
  return "_any_has_forward_grad_" + join(V, "_");
}

std::vector<std::string> BodyEmitter::emitOriginalSelfDefinition() {
  std::vector<std::string> Body;
  if (!Inplace)
    return Body;
  if (IsInplaceForeach)
    Body.push_back("std::vector<::std::optional<at::Tensor>> "
                   "original_selfs(self.size());");
  else
    Body.push_back("::std::optional<at::Tensor> original_self;");
  std::vector<std::string> Conds;
  for (const ForwardDerivative &FD : FwDerivatives)
    if (FD.RequiredOriginalSelfValue)
      Conds.push_back(anyHasForwardGradName(FD.VarNames));
  if (Conds.empty())
    return Body;
  if (!IsInplaceForeach) {
    Body.push_back("if (" + join(Conds, " || ") + ") {");
    Body.push_back("  original_self = self.clone();");
    Body.push_back("}");
  } else {
    for (std::string &C : Conds)
      C += "[i]";
    Body.push_back("for (const auto& i : c10::irange(self.size())) {");
    Body.push_back("  if (" + join(Conds, " || ") + ") {");
    Body.push_back("    original_selfs[i] = self[i].clone();");
    Body.push_back("  }");
    Body.push_back("}");
  }
  return Body;
}

static void splitLinesInto(std::vector<std::string> &Out, StringRef S) {
  SmallVector<StringRef, 8> Parts;
  S.split(Parts, '\n');
  for (StringRef P : Parts)
    Out.push_back(P.str());
}

std::vector<std::string> BodyEmitter::setupDerivative() {
  static const CodeTemplate DeclareGradFn(
      "c10::intrusive_ptr<${op}> grad_fn;\n");
  static const CodeTemplate DeclareVectorOfGradFn(
      "std::vector<c10::intrusive_ptr<${op}>> grad_fns;\n");
  static const CodeTemplate SetupNoneRequiresGrad(
      "if (compute_requires_grad( ${args_to_check} )) {\n"
      "  throw_error_out_requires_grad(\"${base_name}\");\n"
      "}\n");
  static const CodeTemplate SetupDerivative("if (_any_requires_grad) {\n"
                                            "  ${setup}\n"
                                            "}\n");
  static const CodeTemplate AssignGradFn(
      "grad_fn = c10::make_intrusive<${op}>(${op_ctor});\n"
      "grad_fn->set_next_edges(collect_next_edges( ${args_with_derivatives} "
      "));\n");
  static const CodeTemplate AssignVectorOfGradFn(
      "for (const auto& i : c10::irange( ${irange} )) {\n"
      "  const auto ith_requires_grad = "
      "compute_requires_grad(${args_with_derivatives});\n"
      "  check_inplace(self[i], ith_requires_grad);\n"
      "  grad_fns.push_back([&]() -> c10::intrusive_ptr<${op}> {\n"
      "      if (!ith_requires_grad) {\n"
      "          return nullptr;\n"
      "      } else {\n"
      "          auto grad_fn = c10::make_intrusive<${op}>(${op_ctor});\n"
      "          grad_fn->set_next_edges(collect_next_edges( "
      "${args_with_derivatives} ));\n"
      "          return grad_fn;\n"
      "      }\n"
      "  }());\n"
      "}\n");

  std::vector<std::string> Body;
  if (IsOutFn) {
    Body.push_back(subst(DeclareGradFn, {{"op", "Node"}}));
    std::vector<std::string> In, Out;
    for (const DifferentiableInput &A : DifferentiableInputs)
      In.push_back(A.Name);
    for (const DifferentiableOutput &O : DifferentiableOutputs)
      Out.push_back(O.Name);
    Body.push_back(subst(SetupNoneRequiresGrad,
                         {{"base_name", BaseName}, {"args_to_check", In}}));
    Body.push_back(subst(SetupNoneRequiresGrad,
                         {{"base_name", BaseName}, {"args_to_check", Out}}));
    return Body;
  }
  bool Has = Info && Info->hasDerivatives();
  std::string Op = Has ? *Info->Op : "NotImplemented";
  std::string OpCtor = Has ? "" : "\"" + Name + "\"";
  std::vector<std::string> Setup;
  std::vector<std::string> Args;
  for (const DifferentiableInput &A : ArgsWithDerivatives)
    Args.push_back(A.Name);
  if (!IsInplaceForeach) {
    splitLinesInto(Setup,
                   subst(AssignGradFn, {{"op", Op},
                                        {"op_ctor", OpCtor},
                                        {"args_with_derivatives", Args}}));
  } else {
    for (std::string &A : Args) {
      if (Info) {
        auto It = RefNameToForeach.find(A);
        if (It != RefNameToForeach.end())
          A = It->second->Name +
              (It->second->Ty.getKind() == Type::List ? "[i]" : "");
      } else if (A == "self") {
        A += "[i]";
      }
    }
    splitLinesInto(Setup,
                   subst(AssignVectorOfGradFn, {{"op", Op},
                                                {"op_ctor", OpCtor},
                                                {"args_with_derivatives", Args},
                                                {"irange", "self.size()"}}));
  }
  for (std::string &S : emitSaveInputs())
    Setup.push_back(std::move(S));
  for (std::string &S : emitCheckNoRequiresGrad())
    Body.push_back(std::move(S));
  Body.push_back(subst(IsInplaceForeach ? DeclareVectorOfGradFn : DeclareGradFn,
                       {{"op", Op}}));
  Body.push_back(subst(SetupDerivative, {{"setup", std::move(Setup)}}));
  return Body;
}

std::vector<std::string> BodyEmitter::emitCheckNoRequiresGrad() {
  std::vector<std::string> Body;
  for (const DifferentiableInput &A : DifferentiableInputs) {
    if (is_contained(ArgsWithDerivatives, A))
      continue;
    if (Info && is_contained(Info->NonDifferentiableArgNames, A.Name))
      continue;
    if (A.Name == "output")
      continue;
    Body.push_back("check_no_requires_grad(" + A.Name + ", \"" + A.Name +
                   "\", \"" + Name + "\");");
  }
  return Body;
}

std::vector<std::string> BodyEmitter::emitCheckIfInComplexAutogradAllowlist() {
  std::vector<std::string> Body;
  if (Tab.GradientImplementedForComplex.count(BaseName))
    return Body;
  for (const DifferentiableOutput &O : DifferentiableOutputs)
    if (O.CppType == "at::Tensor" || O.CppType == "at::TensorList" ||
        O.CppType == "const c10::List<::std::optional<at::Tensor>> &" ||
        O.CppType == "const at::ITensorListRef &")
      Body.push_back("throw_error_for_complex_autograd(" + O.Name + ", \"" +
                     BaseName + "\");");
  return Body;
}

std::string BodyEmitter::emitCall() {
  static const CodeTemplate JvpDecomp(
      "auto ${tmp_var} = ([&]() {\n"
      "  if (${any_has_forward_grad}) {\n"
      "    static c10::OperatorName full_name(\"aten::${op_name}\", "
      "\"${op_overload}\");\n"
      "    static ::std::optional<c10::OperatorHandle> opt_op = "
      "c10::Dispatcher::singleton().findSchema(full_name);\n"
      "    return "
      "impl::run_jit_decomposition_with_args_for_jvp<${return_types}>(\"${op_"
      "name}\", *opt_op, ks, ${arg_names});\n"
      "  } else {\n"
      "    ${guard}\n"
      "    return ${base_type_call};\n"
      "  }\n"
      "})();\n");
  static const CodeTemplate WithTmp("auto ${tmp_var} = ([&]() {\n"
                                    "  ${guard}\n"
                                    "  return ${base_type_call};\n"
                                    "})();\n");
  static const CodeTemplate WithoutReturn("{\n"
                                          "  ${guard}\n"
                                          "  ${base_type_call};\n"
                                          "}\n");
  std::string BaseTypeCall =
      "at::redispatch::" +
      cppName(F, /*FaithfulOutName=*/true,
              /*SymIntOverload=*/F.Func.Args.hasSymIntArg()) +
      "(ks & c10::after_autograd_keyset";
  for (const Binding &B : Unpacked.Bindings) {
    BaseTypeCall += ", ";
    BaseTypeCall += B.Name;
  }
  BaseTypeCall += ")";
  std::string Guard = ViewInfo || modifiesArguments(F)
                          ? "at::AutoDispatchBelowAutograd guard;"
                          : "at::AutoDispatchBelowADInplaceOrView guard;";
  std::string Call;
  if (!modifiesArguments(F) && !ReturnsVoid) {
    if (TryJitDecomposition) {
      std::string AnyHasForwardGrad =
          RequiresDerivative ? getAnyHasFwGradCond(nullptr) : "false";
      CppApiFlags Flags = CppApiFlags::forFunction(F);
      std::string ReturnTypes;
      for (const Return &R : F.Func.Returns)
        ReturnTypes +=
            (ReturnTypes.empty() ? "" : ", ") + returnCType(R, Flags).str();
      if (F.Func.Returns.size() > 1)
        ReturnTypes = "std::tuple<" + ReturnTypes + ">";
      std::vector<std::string> ArgNames;
      for (const Binding &B :
           cppArguments(F, /*Faithful=*/true, /*SymInt=*/true, false))
        ArgNames.push_back(B.Name.str());
      Call = subst(JvpDecomp, {{"base_type_call", BaseTypeCall},
                               {"tmp_var", TmpVar},
                               {"guard", Guard},
                               {"any_has_forward_grad", AnyHasForwardGrad},
                               {"op_name", Name},
                               {"op_overload", F.Func.Name.OverloadName},
                               {"return_types", ReturnTypes},
                               {"arg_names", std::move(ArgNames)}});
    } else {
      Call = subst(WithTmp, {{"base_type_call", BaseTypeCall},
                             {"tmp_var", TmpVar},
                             {"guard", Guard}});
    }
    bool AnyTensor = any_of(
        F.Func.Returns, [](const Return &R) { return R.Ty.isTensorLike(); });
    Call += assignReturnValue(
        tieReturnValues(F), AnyTensor ? "std::move(" + std::string(TmpVar) + ")"
                                      : std::string(TmpVar));
  } else {
    if (TryJitDecomposition)
      error("try_jit_decomposition should be False for functions with no "
            "return values or that modify arguments");
    Call = subst(WithoutReturn,
                 {{"base_type_call", BaseTypeCall}, {"guard", Guard}});
  }
  return checkTensorImplAndStorage(std::move(Call));
}

static const CodeTemplate &flattenTemplate() {
  static const CodeTemplate T("flatten_tensor_args( ${outs} )");
  return T;
}

std::string BodyEmitter::emitHistory() {
  static const CodeTemplate SetHistory(
      "if (grad_fn) {\n"
      "    ${fn}_history(${differentiable_outputs}, grad_fn);\n"
      "}\n");
  static const CodeTemplate RebaseHistory(
      "c10::intrusive_ptr<Node> _rebased_fn;\n"
      "if (grad_fn) {\n"
      "    _rebased_fn = rebase_history(${differentiable_outputs}, grad_fn);\n"
      "}\n");
  bool Rebase = modifiesArguments(F) && !ViewInfo;
  std::string Fn = Rebase ? "rebase" : "set";
  std::string Outs;
  if (!IsInplaceForeach) {
    std::vector<std::string> Names;
    for (const DifferentiableOutput &O : DifferentiableOutputs)
      Names.push_back(O.Name);
    Outs = subst(flattenTemplate(), {{"outs", std::move(Names)}});
    if (Rebase)
      return subst(RebaseHistory, {{"differentiable_outputs", Outs}});
    return subst(SetHistory, {{"fn", Fn}, {"differentiable_outputs", Outs}});
  }
  Outs = subst(flattenTemplate(), {{"outs", "self"}});
  std::string Decl, Capture;
  if (Rebase) {
    Decl = "c10::SmallVector<c10::intrusive_ptr<Node>, 8> "
           "_rebased_fns(grad_fns.size());\n";
    Capture = "_rebased_fns[i] = ";
  }
  return Decl +
         subst(loopOverVectorOfGradFns(),
               {{"preamble", "auto differentiable_outputs = " + Outs +
                                 ";\nTORCH_INTERNAL_ASSERT(differentiable_"
                                 "outputs.size() == grad_fns.size());"},
                {"statements", Capture + Fn +
                                   "_history(differentiable_outputs[i], "
                                   "grad_fns[i]);"}});
}

std::string BodyEmitter::emitFireCreationHooks() {
  bool Rebase = modifiesArguments(F) && !ViewInfo;
  if (!IsInplaceForeach) {
    std::string Node = Rebase ? "_rebased_fn" : "grad_fn";
    return "if (" + Node + ") {\n    fire_node_creation_hooks(" + Node +
           ");\n}\n";
  }
  std::string Node = Rebase ? "_rebased_fns[i]" : "grad_fns[i]";
  return "for (const auto& i : c10::irange(grad_fns.size())) {\n    if (" +
         Node + ") {\n        fire_node_creation_hooks(" + Node +
         ");\n    }\n}\n";
}

std::optional<std::vector<std::string>> BodyEmitter::emit() {
  const InfosByKey *Infos = AM.getInfos(FW);
  Info = Infos ? findInfo(*Infos, Key) : nullptr;
  if (FW.FwDerivatives)
    for (const auto &[K, V] : *FW.FwDerivatives)
      if (K == Key)
        FwDerivatives = V;
  Name = autogradCppName(F);
  SchemaKind Kind = F.Func.kind();
  Inplace = Kind == SchemaKind::Inplace;
  IsOutFn = Kind == SchemaKind::Out;
  ReturnsVoid = F.Func.Returns.empty();
  BaseName = getBaseName(F).str();
  ViewInfo = getViewInfo(Tab, F);
  IsForeach = StringRef(Name).startswith("_foreach");
  IsInplaceForeach = IsForeach && Inplace;
  if (IsInplaceForeach && !setUpForeach())
    return std::nullopt;

  // The differentiable inputs; an in-place foreach function's arguments
  // are named as its reference's.
  std::vector<const Argument *> NonOut = F.Func.Args.flatNonOut();
  for (size_t I = 0; I != NonOut.size(); ++I) {
    const Argument *A = NonOut[I];
    Argument Mapped;
    if (IsInplaceForeach && Info && I < ForeachToRef.size()) {
      const Argument *Ref = ForeachToRef[I].second;
      Mapped.Name = Ref->Name;
      Mapped.Ty = Ref->Ty;
      Mapped.Default = Ref->Default;
      Mapped.Annot = Ref->Annot;
      A = &Mapped;
    }
    if (std::optional<DifferentiableInput> DI = genDifferentiableInput(*A))
      DifferentiableInputs.push_back(std::move(*DI));
  }
  if (!findArgsWithDerivatives())
    return std::nullopt;
  std::optional<std::vector<DifferentiableOutput>> Outs =
      getDifferentiableOutputs(M, AM, FW, Key, D);
  if (!Outs)
    return std::nullopt;
  DifferentiableOutputs = std::move(*Outs);

  bool Undifferentiable = Tab.DontRequireDerivative.count(BaseName) ||
                          Tab.DontRequireDerivative.count(Name);
  RequiresDerivative = !Undifferentiable && !DifferentiableInputs.empty() &&
                       (!DifferentiableOutputs.empty() || IsInplaceForeach);
  if (Info && Info->hasDerivatives() && !RequiresDerivative &&
      !F.Func.Returns.empty()) {
    error("derivative ignored for " + Name +
          " -- specified an autograd function without derivative");
    return std::nullopt;
  }
  if (RequiresDerivative && !FwDerivatives.empty() && !IsInplaceForeach) {
    size_t N = 0;
    for (const ForwardDerivative &FD : FwDerivatives)
      N += FD.VarNames.size();
    if (N != DifferentiableOutputs.size()) {
      error("Expected the number of forward derivatives implemented (" +
            Twine(N) + ") to match the number of differentiable outputs (" +
            Twine(DifferentiableOutputs.size()) + ")");
      return std::nullopt;
    }
  }
  TryJitDecomposition = RequiresDerivative && FwDerivatives.empty() &&
                        !modifiesArguments(F) && !ReturnsVoid;

  Unpacked = unpackArgs(F);
  std::vector<std::string> Body = Unpacked.Stmts;
  auto Append = [&](std::vector<std::string> V) {
    for (std::string &S : V)
      Body.push_back(std::move(S));
  };
  if (RequiresDerivative) {
    Append(emitAnyRequiresGrad());
    Append(emitAnyHasForwardGrad());
    Append(emitCheckInplace());
    Append(emitOriginalSelfDefinition());
    Append(setupDerivative());
  }
  Body.push_back(emitCall());
  if (RequiresDerivative) {
    Body.push_back(emitHistory());
    Append(emitCheckIfInComplexAutogradAllowlist());
  }
  if (IsOutFn) {
    Body.push_back(emitForbidFwDerivatives(/*IsOutFn=*/true));
  } else if (RequiresDerivative && !TryJitDecomposition) {
    if (!FwDerivatives.empty())
      Append(emitFwDerivatives());
    else
      Body.push_back(emitForbidFwDerivatives(/*IsOutFn=*/false));
  }
  if (RequiresDerivative) {
    Body.push_back(emitSaveOutputs());
    Body.push_back(emitFireCreationHooks());
  }
  if (Tab.ResetGradAccumulator.count(F.Func.Name.Name.str())) {
    if (!Inplace) {
      error("expected inplace=True for " + F.Func.Name.Name.str() +
            " which is in RESET_GRAD_ACCUMULATOR");
      return std::nullopt;
    }
    Body.push_back("reset_grad_accumulator(self);");
  }
  if (!ReturnsVoid)
    Body.push_back("return " + getReturnValue(F) + ";");
  if (Failed)
    return std::nullopt;
  return Body;
}
