//===- FunctionalizationKernels.cpp - The Functionalize kernels -----------===//
//
// The kernel bodies of RegisterFunctionalization.cpp, in torchgen's words
// and layout (its template strings' indentation included: the file
// manager only strips what trails a line).
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/ATen/FunctionalizationKernels.h"
#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/IR/Functionalization.h"

#include "llvm/ADT/StringExtras.h"

#include <deque>

using namespace opgen;
using namespace llvm;

/// Append \p Parts to \p S in one growth: the kernels are built from a few
/// dozen pieces each, and chains of `+` would copy the text again for each.
static void cat(std::string &S, std::initializer_list<StringRef> Parts) {
  size_t N = S.size();
  for (StringRef P : Parts)
    N += P.size();
  S.reserve(N);
  for (StringRef P : Parts)
    S.append(P.data(), P.size());
}

std::string opgen::functionalizationKernelName(const NativeFunction &F) {
  const std::string &Overload = F.Func.Name.OverloadName;
  return Overload.empty() ? F.Names->Cpp : F.Names->Cpp + "_" + Overload;
}

void opgen::appendOpHeaders(std::vector<std::string> &Out,
                            const NativeFunction &F) {
  const std::string &Root = F.Names->Root;
  Out.push_back("#include <ATen/ops/" + Root + "_native.h>");
  Out.push_back("#include <ATen/ops/" + Root + "_ops.h>");
}

namespace {

/// The kernel's own parameters (the dispatcher's), each with its schema
/// argument, and the contexts translate() calls are made in.
struct KernelArgs {
  std::vector<Binding> Params;
  std::vector<const Argument *> Args;
  /// Each tensor renamed `<name>_`, as unwrapped (unwrap_tensor_args).
  std::vector<Binding> Unwrapped;
  /// Each tensor renamed `<name>_meta` (convert_to_meta_tensors).
  std::vector<Binding> Meta;
  /// The code declaring the unwrapped and the meta tensors.
  std::string UnwrapCode, MetaCode;

  KernelArgs(const NativeFunction &F, bool IsView)
      : Params(DispatcherSignature(F).arguments()),
        Args(F.Func.Args.flatAll()) {
    Unwrapped = Meta = Params;
    for (size_t I = 0; I != Params.size(); ++I) {
      if (!Args[I]->Ty.isTensorLike())
        continue;
      StringRef Name = Params[I].Name;
      // The renamed bindings keep the parameter's (name, type) for
      // translate(): only the expression changes.
      Unwrapped[I].Name = Names.emplace_back(Name.str() + "_");
      Meta[I].Name = Names.emplace_back(Name.str() + "_meta");
      // Tensor lists unwrap into an owning vector.
      CType T = removeConstRef(Params[I].NCType.Type);
      std::string Convert = Name.str();
      if (T.kind() == CType::Base && T.name() == "at::TensorList") {
        T = CType::wrap(CType::Vector, CType::base("at::Tensor"));
        Convert += ".vec()";
      } else if (T.kind() == CType::Base && T.name() == "at::ITensorListRef") {
        T = CType::wrap(CType::Vector, CType::base("at::Tensor"));
        Convert = "{" + Convert + ".begin(), " + Convert + ".end()}";
      }
      // Views defer syncing until a non-view op uses the tensor.
      std::string &U = UnwrapCode;
      U += U.empty() ? "\n      " : "\n      \n      ";
      T.print(U);
      U.append(" ").append(Name.data(), Name.size());
      U += "_;\n      if (at::functionalization::impl::isFunctionalTensor(";
      U.append(Name.data(), Name.size());
      U += ")) {\n        ";
      if (!IsView)
        U.append("at::functionalization::impl::sync(")
            .append(Name.data(), Name.size())
            .append(");");
      U += "\n        ";
      U.append(Name.data(), Name.size());
      U += "_ = at::functionalization::impl::from_functional_tensor(";
      U.append(Name.data(), Name.size());
      U += ");\n      } else {\n        ";
      U.append(Name.data(), Name.size());
      U.append("_ = ").append(Convert).append(";\n      }");
      if (!MetaCode.empty())
        MetaCode += "\n        ";
      MetaCode.append("auto ").append(Name.data(), Name.size());
      MetaCode.append("_meta = to_meta(").append(Name.data(), Name.size());
      MetaCode += ");";
    }
  }

private:
  /// The renamed bindings' names (a deque keeps them in place).
  std::deque<std::string> Names;
};

} // namespace

/// translate()'s expressions joined, or nothing after reporting why.
static std::optional<std::string> exprs(DiagnosticEngine &D,
                                        const NativeFunction &F,
                                        const std::vector<Binding> &Ctx,
                                        const std::vector<Binding> &Goals) {
  Expected<std::vector<std::string>> E = translate(Ctx, Goals);
  if (!E) {
    D.error(F.FuncLoc, "cannot generate the functionalization kernel of `" +
                           F.Func.Name.str() + "`: " + toString(E.takeError()));
    return std::nullopt;
  }
  return join(*E, ", ");
}

/// DispatcherSignature.defn(is_redispatching_fn=True) under the kernel's
/// name, appended to \p S; \p Params are the signature's arguments.
static void appendKernelDefn(std::string &S, const NativeFunction &F,
                             const std::vector<Binding> &Params) {
  DispatcherSignature(F).returnsType().print(S);
  cat(S, {" ", functionalizationKernelName(F),
          "(c10::DispatchKeySet dispatchKeySet"});
  for (const Binding &B : Params) {
    S += ", ";
    B.appendDefn(S);
  }
  S += ")";
}

/// emit_expr_has_symbolic_values: whether \p Expr of type \p T holds a
/// symbolic SymInt; nothing for a type that cannot hold one.
static std::optional<std::string> symbolicCheck(const std::string &Expr,
                                                const CType &T) {
  if (T.kind() == CType::Base && T.name() == "c10::SymInt")
    return Expr + ".is_symbolic()";
  if (T.kind() == CType::Optional) {
    std::optional<std::string> Inner =
        symbolicCheck("(*" + Expr + ")", T.elem());
    if (!Inner)
      return std::nullopt;
    return Expr + ".has_value() ? " + *Inner + " : false";
  }
  if (T.kind() == CType::Base && T.name() == "at::OptionalSymIntArrayRef")
    return symbolicCheck(
        Expr, CType::wrap(CType::Optional, CType::base("c10::SymIntArrayRef")));
  if ((T.kind() == CType::Base && T.name() == "c10::SymIntArrayRef") ||
      T == CType::wrap(CType::Vector, CType::base("c10::SymInt")))
    return "std::any_of(" + Expr + ".begin(), " + Expr +
           ".end(), [=](auto& arg) { return arg.is_symbolic(); })";
  return std::nullopt;
}

/// emit_has_symbolic_inputs over the view_copy's arguments.
static std::optional<std::string>
hasSymbolicInputs(DiagnosticEngine &D, const NativeFunction &Copy) {
  std::string S = "\n      bool has_symbolic_inputs = false;\n      ";
  std::vector<Binding> Params = DispatcherSignature(Copy).arguments();
  std::vector<const Argument *> Args = Copy.Func.Args.flatAll();
  bool First = true;
  for (size_t I = 0; I != Params.size(); ++I) {
    if (!Args[I]->Ty.isSymIntLike())
      continue;
    std::optional<std::string> Check =
        symbolicCheck(Params[I].Name.str(), Params[I].NCType.Type);
    if (!Check) {
      D.error(Copy.FuncLoc, "cannot check argument `" + Args[I]->Name +
                                "` of `" + Copy.Func.Name.str() +
                                "` for symbolic values: its type `" +
                                Params[I].NCType.Type.str() +
                                "` is not a SymInt or a list of them");
      return std::nullopt;
    }
    if (!First)
      S += "\n      ";
    First = false;
    S += "has_symbolic_inputs = has_symbolic_inputs | (" + *Check + ");";
  }
  return S;
}

std::optional<std::string>
opgen::emitViewFunctionalizationKernel(const Module &M, DiagnosticEngine &D,
                                       const ViewGroup &VG, bool Inplace) {
  const NativeFunction &F = M.Functions[Inplace ? *VG.ViewInplace : VG.View];
  const NativeFunction &Copy = M.Functions[*VG.ViewCopy];

  // assert_view_op_properties: the first argument is the aliased tensor,
  // and no other argument aliases.
  std::vector<const Argument *> NonOut = F.Func.Args.flatNonOut();
  if (NonOut.empty() || !NonOut[0]->Ty.isBase(BaseTy::Tensor) ||
      !NonOut[0]->Annot ||
      std::any_of(NonOut.begin() + 1, NonOut.end(),
                  [](const Argument *A) { return A->Annot.has_value(); })) {
    D.error(F.FuncLoc, "view op `" + F.Func.Name.str() +
                           "` must alias its output to its first argument, "
                           "a Tensor, and to no other argument");
    return std::nullopt;
  }

  KernelArgs K(F, /*IsView=*/true);
  std::vector<Binding> CopyParams = DispatcherSignature(Copy).arguments();
  std::optional<std::string> Redispatch = exprs(D, F, K.Unwrapped, CopyParams);
  std::optional<std::string> MetaArgs = exprs(D, F, K.Meta, CopyParams);
  std::optional<std::string> Symbolic = hasSymbolicInputs(D, Copy);
  if (!Redispatch || !MetaArgs || !Symbolic)
    return std::nullopt;

  const std::string &T = K.Params[0].Name.str();
  std::string Ret = removeConstRef(DispatcherSignature(F).returnsType()).str();
  const std::string &Noop = F.Names->Unambiguous;
  std::string NoopCall = "at::_ops::" + Noop + "::call(";
  std::string ViewMeta = "auto view_meta = " + viewMetaNew(F, "0") + ";";
  const char *ReapplyViews =
      "\n      auto reapply_views = "
      "at::functionalization::impl::getFunctionalizationReapplyViewsTLS();\n"
      "      auto inverse_return_mode = (\n          reapply_views ? "
      "at::functionalization::InverseReturnMode::ViewOrScatterInverse\n"
      "            : at::functionalization::InverseReturnMode::NeverView\n"
      "      );";
  std::string ReferenceMeta =
      "      auto compute_reference_meta =\n        " + T +
      ".key_set().has_backend(c10::BackendComponent::XLABit) ||\n        " + T +
      ".key_set().has_backend(c10::BackendComponent::LazyBit);\n      " + Ret +
      " reference_tensor_output;\n      if (compute_reference_meta && "
      "!disable_meta_reference()) {\n        " +
      K.MetaCode +
      "\n        at::AutoDispatchSkipFunctionalize func_guard;\n        "
      "c10::impl::ExcludeDispatchKeyGuard "
      "guard(exclude_keys_for_meta_dispatch);\n        "
      "reference_tensor_output = " +
      NoopCall + *MetaArgs + ");\n      }\n";
  const char *Reentrant = "        // functionalization is re-entrant, but "
                          "will no-op if it wasn't passed a "
                          "FunctionalTensorWrapper.\n";

  std::string S;
  S.reserve(4096);
  S += "\n    ";
  appendKernelDefn(S, F, K.Params);
  S += " {\n";
  if (F.Tags.count("inplace_view")) {
    // Note [Functionalization Pass - Inplace View Ops]: the view meta is
    // added to the tensor itself.
    S += "      if (!at::functionalization::impl::isFunctionalTensor(" + T +
         ")) {\n" + Reentrant + "        " + K.UnwrapCode +
         "\n        at::AutoDispatchSkipFunctionalize guard;\n        return " +
         NoopCall + *Redispatch + ");\n      }" + ReapplyViews + "\n      " +
         *Symbolic + "\n      " + ViewMeta + "\n" + ReferenceMeta +
         "      // This function adds the above view meta to the current "
         "tensor and replays them off the base,\n      // mutating the "
         "size/stride info of the current FunctionalTensorWrapper.\n      "
         "// Because of this, we need to make sure to run the reference "
         "shape function above,\n      // BEFORE doing this (otherwise we'll "
         "end up running the reference function using the wrong "
         "sizes/strides)\n      "
         "at::functionalization::impl::mutate_view_meta(" +
         T +
         ", view_meta);\n      // See  Note [Propagating strides in the "
         "functionalization pass]\n      // XLA/LTC don't implement the "
         "logic to propagate strides correctly, so we need to rely\n      "
         "// on a reference implementation here (instead of relying on the "
         "output from the forward lambda\n      // having the correct stride "
         "info)\n      if (compute_reference_meta && "
         "!disable_meta_reference()) {\n        "
         "at::functionalization::impl::set_sizes_strides_offset(" +
         T + ", reference_tensor_output);\n      }\n      return " + T +
         ";\n    }\n";
    return S;
  }
  S += "      " + K.UnwrapCode +
       "\n      if (!at::functionalization::impl::isFunctionalTensor(" + T +
       ")) {\n" + Reentrant +
       "        at::AutoDispatchSkipFunctionalize guard;\n        return " +
       NoopCall + *Redispatch + ");\n      }" + ReapplyViews + "\n" +
       ReferenceMeta + "      " + Ret +
       " tmp_output;\n      {\n        at::AutoDispatchSkipFunctionalize "
       "guard;\n        if (reapply_views) {\n          tmp_output = " +
       NoopCall + *Redispatch +
       ");\n        } else {\n          tmp_output = at::_ops::" +
       Copy.Names->Unambiguous + "::call(" + *Redispatch +
       ");\n        }\n      }\n      " + *Symbolic + "\n      " + ViewMeta +
       "\n      auto out = "
       "at::functionalization::impl::create_functional_tensor_with_view_meta("
       "tmp_output, " +
       T +
       ", view_meta);\n      // See  Note [Propagating strides in the "
       "functionalization pass]\n      if (compute_reference_meta && "
       "!disable_meta_reference()) {\n        "
       "at::functionalization::impl::set_sizes_strides_offset(out, "
       "reference_tensor_output);\n      }\n      return out;\n    }\n";
  return S;
}

/// get_mutable_redispatch_return_names: the arguments \p F's returns alias,
/// and the parts of \p Inner for the others; nothing after reporting a
/// return that aliases several arguments.
static bool splitReturns(DiagnosticEngine &D, const NativeFunction &F,
                         StringRef Inner, std::vector<std::string> &Aliased,
                         std::vector<std::string> &Fresh) {
  const Return *Ambiguous = nullptr;
  std::vector<const Argument *> Args =
      F.Func.aliasedReturnArguments(&Ambiguous);
  if (Ambiguous) {
    D.error(F.FuncLoc, "cannot functionalize `" + F.Func.Name.str() +
                           "`: a return aliases several arguments");
    return false;
  }
  for (size_t I = 0; I != Args.size(); ++I) {
    if (Args[I])
      Aliased.push_back(Args[I]->Name);
    else
      Fresh.push_back(F.Func.Returns.size() == 1
                          ? Inner.str()
                          : "std::get<" + std::to_string(I) + ">(" +
                                Inner.str() + ")");
  }
  return true;
}

/// torchgen's `" && ".join(["true"] + [f"f({a})" for a in names])` and
/// the like, appended to \p S.
static void appendChecks(std::string &S, StringRef First, StringRef Sep,
                         ArrayRef<std::string> Names, StringRef Prefix,
                         StringRef Suffix) {
  cat(S, {First});
  for (const std::string &N : Names)
    cat(S, {Sep, Prefix, N, Suffix});
}

std::optional<std::string>
opgen::emitMutationFunctionalizationKernel(const Module &M, DiagnosticEngine &D,
                                           const NativeFunction &F,
                                           const FunctionGroup &G) {
  const NativeFunction &Fn = M.Functions[G.Functional];
  std::vector<const Argument *> Mutable = getMutableArguments(F.Func);
  if (Mutable.empty()) {
    D.error(F.FuncLoc, "`" + F.Func.Name.str() +
                           "` mutates none of its arguments, but is the " +
                           toString(F.Func.kind()) + " op of its group");
    return std::nullopt;
  }

  KernelArgs K(F, /*IsView=*/false);
  std::vector<std::string> MutatedNames, OtherNames, OtherTensorNames;
  for (const Argument *A : K.Args) {
    if (!A->Ty.isTensorLike())
      continue;
    (A->Annot ? MutatedNames : OtherNames).push_back(A->Name);
    if (!A->Annot && A->Ty.isBase(BaseTy::Tensor))
      OtherTensorNames.push_back(A->Name);
  }

  std::vector<Binding> FnParams = DispatcherSignature(Fn).arguments();
  std::optional<std::string> InplaceExprs = exprs(D, F, K.Unwrapped, K.Params);
  Expected<std::vector<std::string>> FnExprs = translate(K.Unwrapped, FnParams);
  if (!InplaceExprs)
    return std::nullopt;
  if (!FnExprs) {
    D.error(F.FuncLoc, "cannot generate the functionalization kernel of `" +
                           F.Func.Name.str() +
                           "`: " + toString(FnExprs.takeError()));
    return std::nullopt;
  }
  // cumsum.out and cumprod.out compute in the out= tensor's dtype when no
  // dtype is given, so their functional call must be told it.
  std::string Name = F.Func.Name.str();
  if (F.Func.kind() == SchemaKind::Out &&
      (Name == "cumsum.out" || Name == "cumprod.out")) {
    size_t Dtype = 0;
    while (Dtype != FnParams.size() && FnParams[Dtype].Name != "dtype")
      ++Dtype;
    if (F.Func.Args.Out.size() != 1 || Dtype == FnParams.size()) {
      D.error(F.FuncLoc, "`" + Name +
                             "` must have one out= argument, and its "
                             "functional op a `dtype` argument");
      return std::nullopt;
    }
    std::string &E = (*FnExprs)[Dtype];
    E = E + ".has_value() ? " + E + " : std::optional<at::ScalarType>(" +
        F.Func.Args.Out[0].Name + "_.scalar_type())";
  }

  // What the kernel returns: no-op'ing, the inputs its returns alias and
  // the redispatch's results; functionalizing, the mutated arguments and
  // the functional op's other results, wrapped.
  std::vector<std::string> Aliased, Fresh, FnAliased, FnFresh;
  if (!splitReturns(D, F, "tmp_output", Aliased, Fresh) ||
      !splitReturns(D, Fn, "tmp_output", FnAliased, FnFresh))
    return std::nullopt;
  if (Mutable.size() + Fresh.size() != FnFresh.size()) {
    D.error(F.FuncLoc, "cannot functionalize `" + Name + "`: it mutates " +
                           Twine(Mutable.size()) + " arguments and returns " +
                           Twine(Fresh.size()) +
                           " new values, but its functional op `" +
                           Fn.Func.Name.str() + "` returns " +
                           Twine(FnFresh.size()) + " new values");
    return std::nullopt;
  }
  std::vector<std::string> NoopRets = Aliased;
  append_range(NoopRets, Fresh);
  std::string Updates;
  std::vector<std::string> Rets = Aliased;
  for (size_t I = 0; I != Fresh.size(); ++I) {
    std::string Out = "output_" + std::to_string(I);
    Updates += (Updates.empty() ? "  auto " : "\n  auto ") + Out +
               " = at::functionalization::impl::to_functional_tensor(" +
               FnFresh[I] + ");";
    Rets.push_back(std::move(Out));
  }
  for (size_t I = 0; I != Mutable.size(); ++I) {
    const std::string &A = Mutable[I]->Name;
    const std::string &R = FnFresh[Fresh.size() + I];
    if (!Updates.empty())
      Updates += "\n";
    Updates +=
        "  auto " + A +
        "_inner = " + "at::functionalization::impl::from_functional_tensor(" +
        A + ");\n  at::functionalization::impl::replace_(" + A + ", " + R +
        ");\n  at::functionalization::impl::commit_update(" + A +
        ");\n  at::functionalization::impl::sync(" + A + ");\n  auto " + A +
        "_inner_updated = " +
        "at::functionalization::impl::from_functional_tensor(" + A +
        ");\n  at::functionalization::impl::propagate_xla_data_direct(" + A +
        "_inner, " + A + "_inner_updated);";
  }

  // Meta tensors go through inplace ops first, to catch shape errors the
  // functional op would not; not for ops taking a Storage (set_), which
  // would need a meta storage.
  bool HasStorage = any_of(
      K.Args, [](const Argument *A) { return A->Ty.isBase(BaseTy::Storage); });
  bool RunMeta = !HasStorage && F.Func.kind() == SchemaKind::Inplace;
  std::string MetaNames;
  for (const Binding &B : K.Meta)
    MetaNames += (MetaNames.empty() ? "" : ", ") + B.Name.str();
  std::string Ret = removeConstRef(DispatcherSignature(Fn).returnsType()).str();
  std::string Output =
      F.Func.Returns.empty()
          ? std::string()
          : removeConstRef(DispatcherSignature(F).returnsType()).str() +
                " tmp_output = ";
  const std::string &Op = F.Names->Unambiguous;

  std::string S;
  S.reserve(4096);
  S += "\n    ";
  appendKernelDefn(S, F, K.Params);
  cat(S, {" {\n      if (", RunMeta ? "true" : "false",
          " && !disable_meta_reference()) {\n        // Before converting the "
          "mutable op to its functional variant, run meta tensors through "
          "the original op.\n        // This will help us catch shape errors "
          "that apply to inplace ops that wouldn't apply to their functional "
          "variants.\n        // (We can only do this for inplace ops today "
          "though, because they technically all support meta tensors).\n   "
          "     ",
          K.MetaCode,
          "\n        at::AutoDispatchSkipFunctionalize func_guard;\n        "
          "c10::impl::ExcludeDispatchKeyGuard "
          "guard(exclude_keys_for_meta_dispatch);\n        at::_ops::",
          Op, "::call(", MetaNames, ");\n      }\n      ", K.UnwrapCode,
          "\n      if (!("});
  appendChecks(S, "true", " && ", MutatedNames,
               "at::functionalization::impl::isFunctionalTensor(", ")");
  S += ")) {\n        // We want to disable this check if there are any XLA "
       "tensors.\n        // cpu_tensor.copy_(xla_tensor) is valid code.\n  "
       "      if (!(";
  appendChecks(S, "false", " || ", OtherTensorNames, "",
               ".device().type() == c10::DeviceType::XLA");
  S += ") && (";
  appendChecks(S, "false", " || ", OtherNames,
               "at::functionalization::impl::isFunctionalTensor(", ")");
  cat(S, {")) {\n         // case 1: trying to mutate a non functional tensor "
          "with a functional tensor is an error\n         "
          "TORCH_INTERNAL_ASSERT(false,\n           \"mutating a "
          "non-functional tensor with a functional tensor is not "
          "allowed.\",\n           \" Please ensure that all of your inputs "
          "are wrapped inside of a functionalize() call.\");\n        } else "
          "{\n         // case 2: arguments are not functional tensors, so we "
          "no-op and redispatch.\n         at::AutoDispatchSkipFunctionalize "
          "guard;\n         ",
          Output, "at::_ops::", Op, "::call(", *InplaceExprs, ");\n         ",
          returnStatement(F, NoopRets), "\n        }\n      } else {\n        ",
          Ret,
          " tmp_output;\n        {\n          "
          "at::AutoDispatchSkipFunctionalize guard;\n          tmp_output = "
          "at::_ops::",
          Fn.Names->Unambiguous, "::call("});
  for (size_t I = 0; I != FnExprs->size(); ++I)
    cat(S, {I ? ", " : "", (*FnExprs)[I]});
  cat(S, {");\n        }\n        ", Updates, "\n    ",
          returnStatement(F, Rets), "\n      }\n    }"});
  return S;
}
