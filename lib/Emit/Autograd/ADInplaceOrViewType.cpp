//===- ADInplaceOrViewType.cpp - ADInplaceOrViewType_N.cpp ----------------===//
//
// The ADInplaceOrView kernels (torchgen's gen_inplace_or_view_type): for an
// in-place or out= function, bump the version counters of what it modified;
// for a view, make the result a view of its base (as_view), with a ViewFunc
// and a reverse lambda to replay it where as_strided cannot. Functions with
// derived kernels only, over two shards by root name, plus
// ADInplaceOrViewTypeEverything.cpp.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/Emit/Autograd/InplaceOrViewCommon.h"
#include "opgen/Emit/Autograd/TraceTypeCommon.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Error.h"

using namespace opgen;
using namespace llvm;

namespace {

std::string subst(const CodeTemplate &T, ArrayRef<TemplateArg> Args) {
  return cantFail(T.substitute(Args));
}

/// What one function's kernel is made with.
struct KernelGen {
  const Module &M;
  const AutogradModel &AM;
  const AutogradTables &T;
  DiagnosticEngine &D;

  std::optional<std::string> emitViewFunc(const NativeFunction &F,
                                          const char *ViewIdx);
  /// The statements before the result is bound, and its right-hand side.
  std::optional<std::pair<std::string, std::string>>
  emitViewBody(const FunctionWithDerivatives &FD, StringRef Var);
  std::optional<std::vector<std::string>>
  emitBody(const FunctionWithDerivatives &FD);
};

/// The argument types a replayed view may close over (copied, or made
/// into values).
bool isKnownViewArgType(const std::string &S) {
  static const char *const Known[] = {"int64_t",
                                      "::std::optional<int64_t>",
                                      "c10::SymInt",
                                      "::std::optional<c10::SymInt>",
                                      "bool",
                                      "at::IntArrayRef",
                                      "c10::SymIntArrayRef",
                                      "const at::Tensor &",
                                      "const ::std::optional<at::Tensor> &"};
  return is_contained(Known, S);
}

/// torchgen's emit_view_func: set up `func` (a ViewFunc) and `rev_func`
/// when the view must be replayed; none after reporting an argument type a
/// lambda cannot keep.
std::optional<std::string> KernelGen::emitViewFunc(const NativeFunction &F,
                                                   const char *ViewIdx) {
  std::string Replay;
  std::vector<std::string> Updated;
  std::vector<ExtractedBinding> Bs = extractBindings(F);
  for (const ExtractedBinding &E : Bs) {
    StringRef Arg = E.B.Name;
    if (Arg == "self") {
      Updated.push_back("input_base");
      continue;
    }
    std::string Ty = E.B.NCType.Type.str();
    if (!isKnownViewArgType(Ty)) {
      D.error(E.Arg->Loc.isValid() ? E.Arg->Loc : F.FuncLoc,
              "You are adding an " + Ty + " " + Arg.str() + " argument to op " +
                  autogradCppName(F) +
                  " in addition to known types: int64_t, "
                  "::std::optional<int64_t>, c10::SymInt, "
                  "::std::optional<c10::SymInt>, bool, at::IntArrayRef, "
                  "c10::SymIntArrayRef, const at::Tensor &, const "
                  "::std::optional<at::Tensor> &. Please update the list or "
                  "materialize it so that it can be closed over by value, "
                  "also add a test in pytorch/xla/test/test_operations.py "
                  "where this code is exercised.");
      return std::nullopt;
    }
    if (Ty == "at::IntArrayRef" || Ty == "c10::SymIntArrayRef") {
      // A reference type: the lambda keeps a vector instead.
      Replay += "auto " + Arg.str() + "_vec = " + Arg.str() + ".vec();\n";
      Updated.push_back(Arg.str() + "_vec");
    } else if (Ty == "::std::optional<int64_t>") {
      Replay += "auto " + Arg.str() + "_val = " + Arg.str() + ".value_or(0);\n";
      Updated.push_back(Arg.str() + "_val");
    } else {
      Updated.push_back(Arg.str());
    }
  }
  std::string Args;
  for (const ExtractedBinding &E : Bs) {
    if (E.B.Name == "self")
      continue;
    if (!Args.empty())
      Args += ", ";
    Args += E.B.Name;
  }
  if (ViewIdx) {
    if (!Args.empty())
      Args += ", ";
    Args += ViewIdx;
  }
  Replay +=
      "func = std::make_unique<" + viewFuncName(F, true) + ">(" + Args + ");\n";

  std::string Rev = "self, input_view, "
                    "at::functionalization::InverseReturnMode::AlwaysView";
  if (ViewIdx)
    Rev += std::string(", ") + ViewIdx;
  for (size_t I = 1; I < Updated.size(); ++I)
    Rev += ", " + Updated[I];
  std::string RevFunc = "rev_func = [=](const at::Tensor& input_view) {\n"
                        "  return " +
                        viewInverseName(F, true) + "(" + Rev + ");\n};\n";

  static const CodeTemplate Setup(
      "std::unique_ptr<torch::autograd::ViewFunc> func(nullptr);\n"
      "std::function<at::Tensor(const at::Tensor&)> rev_func=nullptr;\n"
      "if (${is_view_with_metadata_change} ||\n"
      "    !self.unsafeGetTensorImpl()->support_as_strided() ||\n"
      "    self.unsafeGetTensorImpl()->is_python_dispatch() ||\n"
      "    c10::AutogradState::get_tls_state().get_view_replay_enabled()) {\n"
      "  ${replay_view_func}\n"
      "  ${reverse_replay_view_func}\n"
      "}\n");
  TemplateValue Meta(
      is_contained(T.ViewFunctionsWithMetadataChange, autogradCppName(F))
          ? "true"
          : "false");
  TemplateValue R(std::move(Replay)), RF(std::move(RevFunc));
  return subst(Setup, {{"is_view_with_metadata_change", &Meta},
                       {"replay_view_func", &R},
                       {"reverse_replay_view_func", &RF}});
}

std::string creationMetaInMode(StringRef Original) {
  return ("InferenceMode::is_enabled() ? CreationMeta::INFERENCE_MODE : "
          "(at::GradMode::is_enabled() ? " +
          Original + " : CreationMeta::NO_GRAD_MODE)")
      .str();
}

/// torchgen's emit_view_body.
std::optional<std::pair<std::string, std::string>>
KernelGen::emitViewBody(const FunctionWithDerivatives &FD, StringRef Var) {
  const NativeFunction &F = M.Functions[FD.Func];
  std::optional<StringRef> ViewInfo = getViewInfo(T, F);
  SMLoc Loc = F.FuncLoc;
  if (!ViewInfo) {
    D.error(Loc, "The view info should be a string for " +
                     getBaseName(F).str() + ", but it is: None");
    return std::nullopt;
  }
  std::optional<std::vector<DifferentiableOutput>> Outs =
      getDifferentiableOutputs(M, AM, FD, "Default", D);
  if (!Outs)
    return std::nullopt;
  std::set<std::string> Vars;
  for (const DifferentiableOutput &O : *Outs)
    Vars.insert(O.Name);
  std::string Call, Rhs;
  std::string V = Var.str();
  if (Vars.empty()) {
    Rhs = "as_view(" + ViewInfo->str() + ", " + V +
          ", /* is_bw_differentiable */ false, /* is_fw_differentiable */ "
          "false)";
  } else if (Vars.size() == 1) {
    Type RT = Outs->front().Ty;
    if (!isTensorType(RT) && !isTensorListType(RT)) {
      D.error(Loc, getBaseName(F).str() +
                       " that return differentiable views can only return "
                       "Tensor or Tensor[]");
      return std::nullopt;
    }
    if (isTensorListType(RT)) {
      std::string Meta = creationMetaInMode("CreationMeta::MULTI_OUTPUT_NODE");
      std::optional<std::string> VF = emitViewFunc(F, "view_idx");
      if (!VF)
        return std::nullopt;
      std::string AsView =
          "as_view(/* base */ " + ViewInfo->str() + ", /* output */ " + V +
          "[view_idx], /* is_bw_differentiable */ true, /* "
          "is_fw_differentiable */ true, /* view_func */ std::move(func), /* "
          "rev_view_func */ rev_func, /* creation_meta */ " +
          Meta + ");";
      static const CodeTemplate Iter(
          "for (auto ${view_idx} : c10::irange(${var}.size())) {\n"
          "  ${body}\n}\n");
      TemplateValue Idx("view_idx"), VarV(V),
          Body(StringRef(*VF).trim(" \t\n\r\f\v").str() + "\n" + AsView);
      Call +=
          subst(Iter, {{"view_idx", &Idx}, {"var", &VarV}, {"body", &Body}});
      Rhs = "std::move(" + V + ")";
    } else {
      std::optional<std::string> VF = emitViewFunc(F, nullptr);
      if (!VF)
        return std::nullopt;
      Call += *VF;
      Rhs = "as_view(/* base */ " + ViewInfo->str() + ", /* output */ " + V +
            ", /* is_bw_differentiable */ true, /* is_fw_differentiable */ "
            "true, /* view_func */ std::move(func), /* rev_view_func */ "
            "rev_func, /* creation_meta */ " +
            creationMetaInMode("CreationMeta::DEFAULT") + ")";
    }
  } else {
    D.error(Loc, "Function that return multiple differentiable output when at "
                 "least one of them is view is not supported.");
    return std::nullopt;
  }
  return std::make_pair(std::move(Call), std::move(Rhs));
}

/// torchgen's emit_inplace_or_view_body.
std::optional<std::vector<std::string>>
KernelGen::emitBody(const FunctionWithDerivatives &FD) {
  const NativeFunction &F = M.Functions[FD.Func];
  std::vector<std::string> Body;
  std::string Args =
      redispatchArgs(F, "ks & c10::after_ADInplaceOrView_keyset");
  std::string Name =
      F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName();
  if (modifiesArguments(F)) {
    Body.push_back("{\n  at::AutoDispatchBelowADInplaceOrView guard;\n"
                   "  at::_ops::" +
                   Name + "::redispatch(" + Args + ");\n}\n");
    for (const std::string &R : returnNames(F))
      Body.push_back("increment_version(" + R + ");");
  } else {
    // The caller only makes kernels for views here. VIEW_REDISPATCH's
    // first placeholder starts its line, so `auto _tmp = ` loses its blank.
    Body.push_back(std::string("auto ") + TmpVar +
                   " = ([&]() {\n"
                   "  at::AutoDispatchBelowADInplaceOrView guard;\n"
                   "  return at::_ops::" +
                   Name + "::redispatch(" + Args + ");\n})();\n");
    auto CR = emitViewBody(FD, TmpVar);
    if (!CR)
      return std::nullopt;
    Body.push_back(std::move(CR->first));
    Body.push_back(assignReturnValue(tieReturnValues(F), CR->second));
  }
  if (!F.Func.Returns.empty())
    Body.push_back("return " + getReturnValue(F) + ";");
  return Body;
}

} // namespace

LogicalResult opgen::emitADInplaceOrViewType(EmitContext &EC) {
  if (EC.Options.DisableAutograd)
    return success();
  const AutogradTables *Tables = EC.Options.AutogradPolicy;
  if (!Tables || !EC.Autograd) {
    EC.Ctx.getDiags().error(
        SMLoc(), "ADInplaceOrViewType needs the autograd model and policy "
                 "tables (--autograd-dir)");
    return failure();
  }
  const Module &M = EC.M;
  const AutogradModel &AM = *EC.Autograd;
  std::vector<const FunctionWithDerivatives *> Fns;
  for (const FunctionWithDerivatives &FD : AM.Functions) {
    if (!useDerived(M, AM, *Tables, FD))
      continue;
    const NativeFunction &F = M.Functions[FD.Func];
    // No kernel for what is neither a view nor modifies and returns its
    // arguments (pytorch#53796: nothing to give autograd support to).
    if (!getViewInfo(*Tables, F) &&
        (!modifiesArguments(F) || F.Func.Returns.empty()))
      continue;
    Fns.push_back(&FD);
  }
  DiagnosticEngine &D = EC.Ctx.getDiags();
  std::vector<ShardItem> Items(Fns.size());
  std::vector<char> Failed(Fns.size(), 0);
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Fns.size(), [&](size_t I) {
        const FunctionWithDerivatives &FD = *Fns[I];
        const NativeFunction &F = M.Functions[FD.Func];
        KernelGen G{M, AM, *Tables, D};
        std::optional<std::vector<std::string>> Body = G.emitBody(FD);
        if (!Body) {
          Failed[I] = 1;
          return;
        }
        ShardItem &It = Items[I];
        It.Key = F.rootName();
        std::string Name = typeWrapperName(F);
        It.Env["ops_headers"] = std::vector<std::string>{
            "#include <ATen/ops/" + F.rootName() + "_ops.h>"};
        It.Env["inplace_or_view_method_definitions"] = std::vector<std::string>{
            methodDefinition(kernelReturnType(F), Name, genFormals(F), *Body)};
        It.Env["inplace_or_view_wrapper_registrations"] =
            std::vector<std::string>{wrapperRegistration(
                F.Func.Name.str(), "ADInplaceOrView", Name)};
      });
  D.flushDeferred();
  if (is_contained(Failed, 1))
    return failure();
  TemplateEnv Base;
  Base["generated_comment"] = "@generated from " +
                              EC.Options.AutogradTemplateDirForComments +
                              "/ADInplaceOrViewType.cpp";
  return EC.files().writeSharded(
      "ADInplaceOrViewType.cpp", "ADInplaceOrViewType.cpp", std::move(Items),
      /*NumShards=*/2, Base,
      {"ops_headers", "inplace_or_view_method_definitions",
       "inplace_or_view_wrapper_registrations"},
      EC.Options.Threads);
}
