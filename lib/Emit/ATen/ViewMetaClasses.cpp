//===- ViewMetaClasses.cpp - ViewMetaClasses.h and .cpp -------------------===//
//
// Functionalization records each view it sees as a ViewMeta, which replays
// the view off a new base (forward) and undoes it to write a mutated view
// back into its base (reverse). Every view op that is not
// CompositeImplicitAutograd (those decompose into views that are) gets a
// specialization for itself and for its inplace variant, declared in
// ViewMetaClasses.h and defined in ViewMetaClasses.cpp (torchgen's
// ViewMetaSpecialization). A selective build that does not include every
// operator leaves both files without them, as torchgen does for mobile.
//
//   struct TORCH_API transpose_int_ViewMeta : public ViewMeta { ... };
//   at::Tensor transpose_int_ViewMeta::forward(const at::Tensor& base) {
//     if (reapply_views) { return at::_ops::transpose_int::call(...); } ...
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/FunctionalizationKernels.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

/// One ViewMeta specialization: of the view \p F (the group's view or its
/// inplace view), which replays through the group's view and view_copy.
class Specialization {
public:
  Specialization(const Module &M, const ViewGroup &VG, const NativeFunction &F)
      : M(M), VG(VG), F(F), Class(viewMetaClassName(F, false)),
        MultiOutput(isMultiOutputView(F.Func)),
        BaseCtor(viewMetaBaseCtorArguments(F)),
        Attrs(viewMetaAttributes(F, /*Owning=*/true)),
        ExtraCtor(viewMetaAttributes(F, /*Owning=*/false)) {}

  /// The struct's declaration; nothing after an error (reported).
  std::optional<std::string> decl(DiagnosticEngine &D) const;
  /// forward, reverse and (multi-output) to_out_index, one text each.
  std::optional<std::vector<std::string>> impl(DiagnosticEngine &D) const;

private:
  const Module &M;
  const ViewGroup &VG;
  const NativeFunction &F;
  std::string Class;
  bool MultiOutput;
  std::vector<Binding> BaseCtor, Attrs, ExtraCtor;

  std::optional<std::string> opCall(DiagnosticEngine &D, bool Reverse,
                                    bool ReapplyViews) const;
  std::nullopt_t fail(DiagnosticEngine &D, const Twine &Why) const {
    D.error(F.FuncLoc, "cannot generate the ViewMeta of `" + F.Func.Name.str() +
                           "`: " + Why);
    return std::nullopt;
  }
};

} // namespace

static void appendNames(std::string &Out, ArrayRef<Binding> Bs, bool &First) {
  for (const Binding &B : Bs) {
    if (!First)
      Out += ", ";
    First = false;
    Out += B.Name;
  }
}

std::optional<std::string> Specialization::decl(DiagnosticEngine &D) const {
  // The owning fields from the non-owning constructor arguments; copying a
  // list into a vector is what they are for, hence the expensive
  // conversions.
  std::vector<Expr> Ctx;
  for (const Binding &B : ExtraCtor)
    Ctx.push_back({B.Name.str(), B.NCType});
  std::vector<NamedCType> Goals;
  for (const Binding &B : Attrs)
    Goals.push_back(B.NCType);
  Expected<std::vector<std::string>> Inits =
      translate(Ctx, Goals, /*Method=*/false,
                /*AllowExpensiveConversions=*/true);
  if (!Inits)
    return fail(D, toString(Inits.takeError()));

  std::string S;
  S.reserve(2048);
  S += "\nstruct TORCH_API " + Class + " : public ViewMeta {\n";
  S += "  FUNCTIONALIZATION_VIEWMETA_NAME(" + Class + ")\n";
  S += "  FUNCTIONALIZATION_VIEWMETA_SERIALIZABLE_TUPLE(\n";
  bool First = true;
  for (ArrayRef<Binding> Bs : {ArrayRef<Binding>(BaseCtor), ArrayRef(Attrs)})
    for (const Binding &B : Bs) {
      S += First ? "      " : ",\n      ";
      First = false;
      B.NCType.Type.print(S);
      S += " /* ";
      S += B.Name;
      S += " */";
    }
  S += ");\n\n  " + Class + "(const SerializableTuple& tpl)\n      : " + Class +
       "(";
  for (size_t I = 0, E = BaseCtor.size() + ExtraCtor.size(); I != E; ++I)
    S += (I ? ", std::get<" : "std::get<") + std::to_string(I) + ">(tpl)";
  S += ") {}\n\n  " + Class + "(";
  appendBindings(S, BaseCtor);
  if (!ExtraCtor.empty()) {
    S += ", ";
    appendBindings(S, ExtraCtor);
  }
  S += ")\n      : at::functionalization::ViewMeta(has_symbolic_inputs, "
       "/*is_multi_output=*/";
  S += MultiOutput ? "true" : "false";
  S += ", /*is_as_strided=*/";
  S += F.Func.Name.str() == "as_strided" ? "true" : "false";
  S += ", /*out_index=*/";
  S += MultiOutput ? "out_index" : "0";
  S += "),\n";
  for (size_t I = 0; I != Inits->size(); ++I) {
    S += I ? ",\n        " : "        ";
    S += Goals[I].Name + "(" + (*Inits)[I] + ")";
  }
  S += " {}\n\n  Tensor forward(const Tensor& base) override;\n  Tensor "
       "reverse(const Tensor& base, const Tensor& mutated_view) override;\n";
  if (MultiOutput)
    S += "  std::shared_ptr<ViewMeta> to_out_index(int64_t out_idx) "
         "override;";
  S += "\n\n  SerializableTuple to_serializable_tuple() {\n    return "
       "std::make_tuple(";
  First = true;
  appendNames(S, BaseCtor, First);
  appendNames(S, Attrs, First);
  S += ");\n  }\n\n";
  for (const Binding &B : Attrs) {
    S += "  ";
    B.appendDecl(S);
    S += ";\n";
  }
  S += "};\n";
  return S;
}

std::optional<std::string> Specialization::opCall(DiagnosticEngine &D,
                                                  bool Reverse,
                                                  bool ReapplyViews) const {
  const NativeFunction &View = M.Functions[VG.View];
  const NativeFunction &Copy = M.Functions[*VG.ViewCopy];
  // Forward replays the view (or its copy); reverse calls the hand-written
  // inverse of the group's view, for the inplace view too.
  std::string Name = Reverse ? viewInverseName(View, /*WithNamespace=*/true)
                             : "at::_ops::" +
                                   (ReapplyViews ? View.Names->Unambiguous
                                                 : Copy.Names->Unambiguous) +
                                   "::call";
  // In scope: the lambda's base, the constructor's values and the fields.
  std::vector<Binding> Ctx = viewOpArguments(Copy, Reverse);
  Ctx.resize(Reverse ? 2 : 1);
  std::vector<Binding> Goals = viewOpArguments(Copy, Reverse);
  std::vector<Binding> Scope{Ctx[0]};
  append_range(Scope, BaseCtor);
  append_range(Scope, Attrs);
  if (Reverse)
    Scope.push_back(Ctx[1]);
  Expected<std::vector<std::string>> Exprs = translate(Scope, Goals);
  if (!Exprs)
    return fail(D, toString(Exprs.takeError()));
  std::string S = Name + "(" + join(*Exprs, ", ") + ")";
  if (!Reverse && MultiOutput)
    S += "[out_index]";
  return S;
}

std::optional<std::vector<std::string>>
Specialization::impl(DiagnosticEngine &D) const {
  std::optional<std::string> Fwd = opCall(D, false, true),
                             FwdCopy = opCall(D, false, false),
                             Rev = opCall(D, true, true);
  if (!Fwd || !FwdCopy || !Rev)
    return std::nullopt;
  std::vector<std::string> Out;
  Out.push_back("\nat::Tensor " + Class +
                "::forward(const at::Tensor& base) {\n  if (reapply_views) "
                "{\n    return " +
                *Fwd + ";\n  } else {\n    return " + *FwdCopy + ";\n  }\n}");
  Out.push_back("\nat::Tensor " + Class +
                "::reverse(const at::Tensor& base, const Tensor& "
                "mutated_view) {\n  return " +
                *Rev + ";\n}");
  if (MultiOutput)
    Out.push_back("\nstd::shared_ptr<at::functionalization::ViewMeta> " +
                  Class + "::to_out_index(int64_t out_index) {\n  return " +
                  viewMetaNew(F, "out_index") + ";\n}\n");
  return Out;
}

LogicalResult opgen::emitViewMetaClasses(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!M.ViewGroups || any_of(M.Functions, [](const NativeFunction &F) {
        return !F.Names.has_value();
      })) {
    D.error(SMLoc(), "ViewMetaClasses.h needs the view groups and kernel "
                     "names of the default pipeline; run it with "
                     "-passes=default");
    return failure();
  }
  bool AllOperators = !M.Selection || M.Selection->IncludeAllOperators;

  std::vector<std::string> Decls, Impls, Headers;
  bool Ok = true;
  for (const ViewGroup &VG : *M.ViewGroups) {
    for (std::optional<FunctionId> Id :
         {std::optional<FunctionId>(VG.View), VG.ViewCopy})
      if (Id)
        appendOpHeaders(Headers, M.Functions[*Id]);
    const NativeFunction &View = M.Functions[VG.View];
    if (!AllOperators || View.HasCompositeImplicitAutogradKernel)
      continue;
    if (!VG.ViewCopy) {
      D.error(View.FuncLoc, "view op `" + View.Func.Name.str() +
                                "` needs a `_copy` variant for "
                                "functionalization to replay it");
      Ok = false;
      continue;
    }
    for (std::optional<FunctionId> Id :
         {std::optional<FunctionId>(VG.View), VG.ViewInplace}) {
      if (!Id)
        continue;
      Specialization S(M, VG, M.Functions[*Id]);
      std::optional<std::string> Decl = S.decl(D);
      std::optional<std::vector<std::string>> Impl = S.impl(D);
      if (!Decl || !Impl) {
        Ok = false;
        continue;
      }
      Decls.push_back(std::move(*Decl));
      for (std::string &T : *Impl)
        Impls.push_back(std::move(T));
    }
  }
  if (!Ok)
    return failure();

  FileManager &FM = EC.files();
  if (failed(FM.write("ViewMetaClasses.h",
                      {{"view_meta_declarations", std::move(Decls)}})))
    return failure();
  return FM.write("ViewMetaClasses.cpp",
                  {{"view_meta_implementations", std::move(Impls)},
                   {"op_headers", std::move(Headers)}});
}
