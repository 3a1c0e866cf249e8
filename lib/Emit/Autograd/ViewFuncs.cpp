//===- ViewFuncs.cpp - ViewFuncs.h and ViewFuncs.cpp ----------------------===//
//
// The ViewFunc classes (torchgen's gen_view_funcs): for each out-of-place
// view with a derived kernel, a class that keeps the view's arguments
// (values, not references), replays the view on a new base, and exposes
// its SymInts and tensors so they can be swapped:
//
//   struct TransposeIntViewFunc : public torch::autograd::ViewFunc {
//     TransposeIntViewFunc(int64_t dim0, int64_t dim1) : dim0(dim0), ...
//     ...
//   at::Tensor TransposeIntViewFunc::operator()(const at::Tensor& input_base)
//   const { return at::_ops::transpose_int::call(input_base, dim0, dim1); }
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/Emit/Autograd/InplaceOrViewCommon.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

using namespace opgen;
using namespace llvm;

namespace {

const char *const DeclarationTemplate = R"(#define ${uppercase_op}_AVAILABLE
struct ${op} : public ${superclass} {
  ${op}(${constructor_args}) ${initializer_list}
  {}
  virtual ~${op}() override = default;
  virtual std::vector<c10::SymInt> get_symints() const override;
  virtual size_t num_symints() const override;
  virtual std::vector<at::Tensor> get_tensors() const override;
  virtual size_t num_tensors() const override;
  virtual at::Tensor operator()(const at::Tensor&) const override;
  virtual std::unique_ptr<ViewFunc> clone_and_set(
      std::optional<std::vector<c10::SymInt>> = ::std::nullopt,
      std::optional<std::vector<at::Tensor>> = ::std::nullopt) const override;

protected:
  virtual void set_symints(std::vector<c10::SymInt>) override;
  virtual void set_tensors(std::vector<at::Tensor>) override;

private:
  ${state}
};

)";

const char *const DefinitionTemplate =
    R"(std::vector<c10::SymInt> ${op}::get_symints() const {
  ${get_symints}
}

size_t ${op}::num_symints() const {
  return static_cast<size_t>(${num_symints});
}

void ${op}::set_symints(std::vector<c10::SymInt> ${symints_vec}) {
  TORCH_INTERNAL_ASSERT(${symints_vec}.size() == num_symints());
  ${set_symints}
}

std::vector<at::Tensor> ${op}::get_tensors() const {
  ${get_tensors}
}

size_t ${op}::num_tensors() const {
  return static_cast<size_t>(${num_tensors});
}

void ${op}::set_tensors(std::vector<at::Tensor> ${tensors_vec}) {
  TORCH_INTERNAL_ASSERT(${tensors_vec}.size() == num_tensors());
  ${set_tensors}
}

at::Tensor ${op}::operator()(const at::Tensor& ${call_input_name}) const {
  return ${op_call};
}

std::unique_ptr<ViewFunc> ${op}::clone_and_set(
    std::optional<std::vector<c10::SymInt>> ${symints_vec},
    std::optional<std::vector<at::Tensor>> ${tensors_vec}) const {
  auto output = std::make_unique<${op}>(${clone_args});
  if (${symints_vec}.has_value()) {
    output->set_symints(std::move(*(${symints_vec})));
  }
  if (${tensors_vec}.has_value()) {
    output->set_tensors(std::move(*(${tensors_vec})));
  }
  return output;
}

)";

struct StateCode {
  std::vector<std::string> Getter, Setter;
  std::string NumItems;
};

/// torchgen's generate_state_getter_setter: how a ViewFunc gets and sets
/// the state of \p Bs (its SymInts or its tensors) as one vector named
/// \p Vec of type \p VecType.
StateCode stateGetterSetter(ArrayRef<const ExtractedBinding *> Bs,
                            StringRef Vec, StringRef VecType) {
  StateCode C;
  C.Getter.push_back((VecType + " " + Vec + ";").str());
  if (!Bs.empty())
    C.Setter.push_back("auto i = 0;");
  std::vector<std::string> Nums;
  for (size_t I = 0; I != Bs.size(); ++I) {
    StringRef N = Bs[I]->B.Name;
    Type T = Bs[I]->Arg->Ty;
    std::string Num, Get, Set;
    std::string V = Vec.str(), Name = N.str();
    if (T.getListLike()) {
      Num = Name + ".size()";
      Get = V + ".insert(" + V + ".end(), " + Name + ".begin(), " + Name +
            ".end());";
      Set = "std::copy(" + V + ".begin() + i, " + V + ".begin() + i + " + Name +
            ".size(), " + Name + ".begin());";
    } else if (T.getKind() == Type::Optional) {
      Num = "(" + Name + ".has_value() ? 1 : 0)";
      std::string Cond = "if(" + Name + ".has_value())";
      Get = Cond + " " + V + ".insert(" + V + ".end(), *(" + Name + "));";
      Set = Cond + " " + Name + " = " + V + "[i];";
    } else {
      Num = "1";
      Get = V + ".push_back(" + Name + ");";
      Set = Name + " = " + V + "[i];";
    }
    Nums.push_back(Num);
    C.Getter.push_back(std::move(Get));
    C.Setter.push_back(std::move(Set));
    if (I + 1 < Bs.size())
      C.Setter.push_back("i += " + Num + ";");
  }
  C.NumItems = Nums.empty() ? "0" : join(Nums, " + ");
  if (!Bs.empty())
    C.Getter.insert(C.Getter.begin() + 1,
                    (Vec + ".reserve(" + C.NumItems + ");").str());
  C.Getter.push_back(("return " + Vec + ";").str());
  return C;
}

/// torchgen's process_function with both templates: the declaration and
/// the definition of \p F's ViewFunc; none after reporting why not.
std::optional<std::pair<std::string, std::string>>
processFunction(EmitContext &EC, const NativeFunction &F) {
  DiagnosticEngine &D = EC.Ctx.getDiags();
  std::vector<ExtractedBinding> Bs = extractBindings(F);
  std::vector<const ExtractedBinding *> NonSelf;
  for (const ExtractedBinding &E : Bs)
    if (E.B.Name != "self")
      NonSelf.push_back(&E);
  std::vector<const Argument *> All = F.Func.Args.flatAll();
  CppApiFlags Flags = CppApiFlags::forFunction(F);
  std::vector<NamedCType> Values;
  for (size_t I = 1; I < All.size(); ++I)
    Values.push_back(
        {All[I]->Name, argumentCType(All[I]->Ty, All[I]->isWrite(),
                                     /*SymInt=*/true, Flags, /*Owning=*/true)});

  std::vector<std::string> CtorArgs, CloneArgs, State, Inits;
  for (const ExtractedBinding *E : NonSelf) {
    CtorArgs.push_back(E->B.defn());
    CloneArgs.push_back(E->B.Name.str());
  }
  for (const NamedCType &V : Values)
    State.push_back(removeConstRef(V.Type).str() + " " + V.Name + ";");

  std::vector<Expr> Scope;
  for (const ExtractedBinding *E : NonSelf)
    Scope.push_back({E->B.Name.str(), E->B.NCType});
  Expected<std::vector<std::string>> InitExprs =
      translate(Scope, Values, /*Method=*/false,
                /*AllowExpensiveConversions=*/true);
  if (!InitExprs) {
    D.error(F.FuncLoc, "cannot make the ViewFunc's fields of " +
                           F.Func.Name.str() + ": " +
                           toString(InitExprs.takeError()));
    return std::nullopt;
  }
  for (size_t I = 0; I != NonSelf.size() && I != InitExprs->size(); ++I)
    Inits.push_back(NonSelf[I]->B.NCType.Name + "(" + (*InitExprs)[I] + ")");

  std::string Call =
      "at::_ops::" +
      (F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName()) +
      "::call(input_base";
  for (const ExtractedBinding *E : NonSelf)
    Call += ", " + E->B.Name.str();
  Call += ")";

  if (F.Func.Returns.size() != 1) {
    D.error(F.FuncLoc,
            "Expected 1 return, got " + utostr(F.Func.Returns.size()));
    return std::nullopt;
  }
  Type RT = F.Func.Returns[0].Ty;
  if (RT.getListLike() && RT.isTensorLike()) {
    CtorArgs.push_back("int64_t view_idx");
    CloneArgs.push_back("view_idx");
    State.push_back("int64_t view_idx;");
    Inits.push_back("view_idx(view_idx)");
    Call += "[view_idx]";
  }
  std::string InitList = Inits.empty() ? "" : ": " + join(Inits, ", ");

  std::vector<const ExtractedBinding *> SymInts, Tensors;
  for (const ExtractedBinding *E : NonSelf) {
    if (E->Arg->Ty.isSymIntLike())
      SymInts.push_back(E);
    if (E->Arg->Ty.isTensorLike())
      Tensors.push_back(E);
  }
  StateCode S =
      stateGetterSetter(SymInts, "symints", "::std::vector<c10::SymInt>");
  StateCode T =
      stateGetterSetter(Tensors, "tensors", "::std::vector<at::Tensor>");

  std::string Upper = viewFuncName(F, false, /*CamelCase=*/false);
  for (char &C : Upper)
    C = toUpper(C);
  TemplateValue Op(viewFuncName(F)), UpperOp(std::move(Upper)),
      Super("torch::autograd::ViewFunc"), InitV(std::move(InitList)),
      StateV(std::move(State)), Ctor(std::move(CtorArgs)),
      Clone(std::move(CloneArgs)), SymVec("symints"), GetS(std::move(S.Getter)),
      SetS(std::move(S.Setter)), NumS(std::move(S.NumItems)), TenVec("tensors"),
      GetT(std::move(T.Getter)), SetT(std::move(T.Setter)),
      NumT(std::move(T.NumItems)), Input("input_base"), CallV(std::move(Call));
  TemplateArg Args[] = {{"op", &Op},
                        {"uppercase_op", &UpperOp},
                        {"superclass", &Super},
                        {"initializer_list", &InitV},
                        {"state", &StateV},
                        {"constructor_args", &Ctor},
                        {"clone_args", &Clone},
                        {"symints_vec", &SymVec},
                        {"get_symints", &GetS},
                        {"set_symints", &SetS},
                        {"num_symints", &NumS},
                        {"tensors_vec", &TenVec},
                        {"get_tensors", &GetT},
                        {"set_tensors", &SetT},
                        {"num_tensors", &NumT},
                        {"call_input_name", &Input},
                        {"op_call", &CallV}};
  static const CodeTemplate Decl(DeclarationTemplate), Defn(DefinitionTemplate);
  return std::make_pair(cantFail(Decl.substitute(Args)),
                        cantFail(Defn.substitute(Args)));
}

} // namespace

LogicalResult opgen::emitViewFuncs(EmitContext &EC) {
  const AutogradTables *Tables = EC.Options.AutogradPolicy;
  if (!Tables || !EC.Autograd) {
    EC.Ctx.getDiags().error(SMLoc(), "ViewFuncs needs the autograd model and "
                                     "policy tables (--autograd-dir)");
    return failure();
  }
  const Module &M = EC.M;
  const AutogradModel &AM = *EC.Autograd;
  std::vector<std::string> Decls, Defns, Headers;
  bool Failed = false;
  for (const FunctionWithDerivatives &FD : AM.Functions) {
    if (!useDerived(M, AM, *Tables, FD))
      continue;
    const NativeFunction &F = M.Functions[FD.Func];
    // Out-of-place views only.
    if (!getViewInfo(*Tables, F) || modifiesArguments(F))
      continue;
    auto DD = processFunction(EC, F);
    if (!DD) {
      Failed = true;
      continue;
    }
    Decls.push_back(std::move(DD->first));
    Defns.push_back(std::move(DD->second));
    Headers.push_back("#include <ATen/ops/" + F.rootName() + "_ops.h>");
  }
  if (Failed)
    return failure();
  LogicalResult Result = success();
  for (StringRef Name : {"ViewFuncs.h", "ViewFuncs.cpp"}) {
    TemplateEnv Env;
    Env["generated_comment"] = "@generated from " +
                               EC.Options.AutogradTemplateDirForComments + "/" +
                               Name.str();
    Env["view_func_declarations"] = Decls;
    Env["view_func_definitions"] = Defns;
    Env["ops_headers"] = Headers;
    if (failed(EC.files().write(Name, std::move(Env))))
      Result = failure();
  }
  return Result;
}
