//===- VariableTypeSavedVariables.cpp - What a kernel saves on its Node ---===//
//
// torchgen's save_variables and its callers: the inputs a Node saves when it
// is made (each under a should_compute_output or wrap_opt_if guard where
// one input decides whether it is used), and the outputs it saves after the
// call; an in-place function saves its original self, an in-place foreach
// function each element's.
//
//===----------------------------------------------------------------------===//

#include "VariableTypeBody.h"

#include "opgen/AutogradApi/Formula.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace opgen::vtbody;
using namespace llvm;

std::optional<std::string> BodyEmitter::guardFor(const SavedAttribute &A,
                                                 bool HasTensorListArg) {
  if (HasTensorListArg && !IsInplaceForeach)
    return std::nullopt;
  if (StringRef(Info->Name).contains("backward"))
    return std::nullopt;
  if (ArgsWithDerivatives.size() <= 1)
    return std::nullopt;
  if (A.NCType.Type.str() != "at::Tensor")
    return std::nullopt;
  std::vector<const Derivative *> UsedIn;
  for (const Derivative &Dv : Info->Derivatives)
    if (is_contained(Dv.SavedInputs, A))
      UsedIn.push_back(&Dv);
  if (UsedIn.empty()) {
    error("used_in is empty for arg " + A.NCType.Name);
    return std::nullopt;
  }
  if (UsedIn.size() != 1)
    return std::nullopt;
  const Derivative &Dv = *UsedIn.front();
  if (Dv.VarNames.size() != 1) {
    const std::string &Formula = Dv.Formula;
    size_t Start = Formula.find("wrap_opt_if(" + A.NCType.Name);
    if (Start == std::string::npos)
      return std::nullopt;
    StringRef Rest = StringRef(Formula).drop_front(Start);
    std::string Prefix = "wrap_opt_if(" + A.NCType.Name + ",";
    size_t Close = Rest.startswith(Prefix) ? Rest.find(')', Prefix.size())
                                           : StringRef::npos;
    // `.` does not match a newline.
    if (Close == StringRef::npos ||
        Rest.slice(Prefix.size(), Close).contains('\n')) {
      error("wrap_opt_if_match is None for " + A.NCType.Name + " in " +
            Formula);
      return std::nullopt;
    }
    // torchgen slices off the length of its pattern's prefix, whose `\(`
    // is one character longer than the `(` it matches.
    StringRef Match = Rest.take_front(Close + 1);
    size_t From = Prefix.size() + 1;
    StringRef Cond = From < Match.size() - 1
                         ? Match.slice(From, Match.size() - 1)
                         : StringRef();
    Cond = Cond.trim(" \t\n\r\f\v");
    // grad_input_mask[N] -> grad_fn->should_compute_output(N).
    std::string Out;
    StringRef S = Cond;
    while (!S.empty()) {
      size_t P = S.find("grad_input_mask[");
      if (P == StringRef::npos) {
        Out += S;
        break;
      }
      StringRef After = S.drop_front(P + strlen("grad_input_mask["));
      size_t Digits = 0;
      while (Digits < After.size() && isDigit(After[Digits]))
        ++Digits;
      if (Digits && Digits < After.size() && After[Digits] == ']') {
        Out += S.take_front(P);
        Out += "grad_fn->should_compute_output(" +
               After.take_front(Digits).str() + ")";
        S = After.drop_front(Digits + 1);
      } else {
        Out += S.take_front(P + 1);
        S = S.drop_front(P + 1);
      }
    }
    return Out;
  }
  const std::string &Var = Dv.VarNames.front();
  for (size_t I = 0; I != ArgsWithDerivatives.size(); ++I)
    if (ArgsWithDerivatives[I].Name == Var)
      return "grad_fn->should_compute_output(" + std::to_string(I) + ")";
  error("no argument with derivatives is named " + Var);
  return std::nullopt;
}

/// str() of a saved attribute's name: a special name prints as the enum.
static std::string savedNameKey(const SavedAttribute &A) {
  StringRef N = A.NCType.Name;
  if (N.consume_front("$"))
    return ("SpecialArgName." + N).str();
  return N.str();
}

std::vector<std::string>
BodyEmitter::saveVariables(const std::vector<SavedAttribute> &Saved,
                           bool IsOutput, bool Guarded, bool HasTensorListArg) {
  std::vector<const SavedAttribute *> Order;
  for (const SavedAttribute &A : Saved)
    Order.push_back(&A);
  std::vector<std::string> Keys;
  llvm::stable_sort(Order,
                    [](const SavedAttribute *A, const SavedAttribute *B) {
                      return savedNameKey(*A) < savedNameKey(*B);
                    });
  std::vector<std::string> Stmts;
  for (const SavedAttribute *Arg : Order) {
    std::string Nm = StringRef(Arg->NCType.Name).ltrim('$').str();
    const Argument *ForeachArg = nullptr;
    bool IsForeachArgList = false;
    std::string TypeStr = Arg->NCType.Type.str();
    std::string Expr = Arg->Expr;
    std::optional<std::string> Prepend;
    std::string SrcName, NameInExpr;
    if (IsInplaceForeach && Info) {
      std::string Query = StringRef(Nm).split("_scalar_type").first.str();
      auto It = RefNameToForeach.find(Query);
      if (It != RefNameToForeach.end()) {
        ForeachArg = It->second;
        IsForeachArgList = ForeachArg->Ty.getKind() == Type::List;
      }
      if (ForeachArg) {
        NameInExpr = ForeachArg->Name + (IsForeachArgList ? "[i]" : "");
        SrcName = Nm;
        if (StringRef(SrcName).contains("_scalar_type")) {
          SmallVector<StringRef, 3> Parts;
          StringRef(SrcName).split(Parts, "_scalar_type");
          if (Parts.size() != 2) {
            error("expected 2 parts after split, got " + Twine(Parts.size()));
            return Stmts;
          }
          SrcName = Parts[0].str();
        }
        Expr = replaceAll(Expr, SrcName, NameInExpr);
      }
    }
    if (TypeStr == "at::Tensor" || TypeStr == "::std::optional<at::Tensor>" ||
        TypeStr == "::std::optional<at::Tensor> &" ||
        (IsOutput && TypeStr == "at::Scalar")) {
      std::string Var = Nm;
      Nm += "_";
      if (Var == "self" && Inplace) {
        std::string OrigVar =
            IsInplaceForeach ? "original_selfs[i]" : "original_self";
        std::string SelfVar = IsInplaceForeach ? Var + "[i]" : Var;
        Prepend = "if (!" + OrigVar + ".has_value()) " + OrigVar + " = " +
                  SelfVar + ".clone()";
        Var = OrigVar + ".value()";
        if (IsOutput) {
          error("is_output should be False when var == 'self' and inplace");
          return Stmts;
        }
      }
      if (Inplace && IsOutput) {
        if (Nm != "result_") {
          error("expected name to be 'result_' for inplace output, got " + Nm);
          return Stmts;
        }
        Var = IsInplaceForeach || IsForeachArgList ? "self[i]" : "self";
        Expr = "SavedVariable(" + Var + ", true, " + Var + ".is_view())";
      } else {
        Expr =
            "SavedVariable(" + Var + ", " + (IsOutput ? "true" : "false") + ")";
        if (ForeachArg && !StringRef(Expr).contains("original_selfs"))
          Expr = replaceAll(Expr, SrcName, NameInExpr);
      }
    } else if (TypeStr == "at::TensorList" ||
               TypeStr == "c10::List<::std::optional<at::Tensor>>" ||
               TypeStr == "at::ITensorListRef" ||
               TypeStr == "::std::vector<at::Tensor>") {
      if (TypeStr == "::std::vector<at::Tensor>" && !(IsForeach && IsOutput)) {
        error("VectorCType(BaseCType(tensorT)) requires is_foreach and "
              "is_output");
        return Stmts;
      }
      Expr = "make_saved_variable_list(" + Nm + ", " +
             (IsForeach && IsOutput ? "true" : "false") + ")";
      Nm += "_";
    } else if (TypeStr == "at::IntArrayRef" ||
               TypeStr == "c10::SymIntArrayRef" ||
               TypeStr == "at::ArrayRef<at::Scalar>") {
      Expr += ".vec()";
    } else if (TypeStr == "c10::string_view") {
      Expr = "std::string(" + Expr + ")";
    } else if (TypeStr == "::std::optional<c10::string_view>") {
      Expr = Expr + ".has_value() ? ::std::optional<std::string>(std::string(" +
             Expr + ".value())) : ::std::nullopt";
    }
    std::optional<std::string> Guard =
        Guarded ? guardFor(*Arg, HasTensorListArg) : std::nullopt;
    if (!Guard) {
      if (Prepend)
        Stmts.push_back(*Prepend + ";");
      Stmts.push_back("grad_fn->" + Nm + " = " + Expr + ";");
    } else {
      Stmts.push_back("if (" + *Guard + ") {");
      if (Prepend)
        Stmts.push_back("  " + *Prepend + ";");
      Stmts.push_back("  grad_fn->" + Nm + " = " + Expr + ";");
      Stmts.push_back("}");
    }
  }
  return Stmts;
}

const CodeTemplate &vtbody::loopOverVectorOfGradFns() {
  static const CodeTemplate T(
      "if (!grad_fns.empty()) {\n"
      "    ${preamble}\n"
      "    for (const auto& i : c10::irange(grad_fns.size())) {\n"
      "        auto grad_fn = grad_fns[i];\n"
      "        if (grad_fn != nullptr) {\n"
      "            ${statements}\n"
      "        }\n"
      "    }\n"
      "}\n");
  return T;
}

std::vector<std::string> BodyEmitter::emitSaveInputs() {
  std::vector<std::string> Setup;
  if (!Info || !Info->hasDerivatives())
    return Setup;
  bool HasTensorListArg = any_of(ArgsWithDerivatives, [](const auto &A) {
    return isTensorListType(A.Ty);
  });
  std::vector<std::string> Stmts =
      saveVariables(Info->AllSavedInputs, false, true, HasTensorListArg);
  if (IsInplaceForeach) {
    if (!Stmts.empty())
      Setup.push_back(subst(loopOverVectorOfGradFns(),
                            {{"preamble", ""}, {"statements", Stmts}}));
    return Setup;
  }
  Setup = std::move(Stmts);
  for (const DifferentiableInput &A : ArgsWithDerivatives)
    if (isTensorListType(A.Ty))
      Setup.push_back("grad_fn->" + A.Name + "_size_ = " + A.Name + ".size();");
  return Setup;
}

std::string BodyEmitter::emitSaveOutputs() {
  static const CodeTemplate Conditional("if (${cond}) {\n"
                                        "  ${statements}\n"
                                        "}\n");
  if (IsOutFn || !Info || !Info->hasDerivatives())
    return "";
  std::vector<std::string> Stmts =
      saveVariables(Info->AllSavedOutputs, true, false, false);
  if (Stmts.empty())
    return "";
  if (!IsInplaceForeach)
    return subst(Conditional, {{"cond", "grad_fn"}, {"statements", Stmts}});
  return subst(loopOverVectorOfGradFns(),
               {{"preamble", ""}, {"statements", Stmts}});
}
