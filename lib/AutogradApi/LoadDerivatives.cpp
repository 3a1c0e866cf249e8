//===- LoadDerivatives.cpp - derivatives.yaml's entries as infos ----------===//
//
// torchgen's load_derivatives and create_differentiability_info: each entry
// is found by its schema, attached to the canonical function of its
// signature (the in-place or functional one its base name names), and each
// of its dispatch keys' tables becomes a DifferentiabilityInfo:
//
//  - keys are read in sorted order; a key whose first name is an input is
//    a backward formula (or `non_differentiable`), any other a forward one;
//  - backward formulas are rewritten to read what the Node saves;
//  - forward formulas get the inputs whose tangents and primals they read,
//    `auto_element_wise` and `auto_linear` expanded first;
//  - a Node class is named for each table with a backward formula,
//    `<CamelName>Backward<N>` (with the key for keys other than Default).
//
// Then each view with a view_copy variant lends it its infos.
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include "opgen/AutogradApi/LoadDerivatives.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/Support/PythonText.h"
#include "opgen/Transforms/Signature.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace opgen;
using namespace opgen::autograd_detail;
using namespace llvm;

std::vector<Binding>
autograd_detail::autogradArguments(const NativeFunction &F) {
  CppSignatureGroup G = CppSignatureGroup::get(F, /*Method=*/false);
  return G.SymIntSignature ? G.SymIntSignature->arguments()
                           : G.Signature.arguments();
}

namespace {

StringRef pyStrip(StringRef S) {
  while (!S.empty() && isPythonSpace(S.front()))
    S = S.drop_front();
  while (!S.empty() && isPythonSpace(S.back()))
    S = S.drop_back();
  return S;
}

/// torchgen's split_names: `self, other` -> [self, other].
std::vector<std::string> splitNames(StringRef Raw) {
  SmallVector<StringRef, 4> Parts;
  Raw.split(Parts, ',');
  std::vector<std::string> Names;
  for (StringRef P : Parts)
    Names.push_back(pyStrip(P).str());
  return Names;
}

/// The names given in a key, each with its place (for a multi-name key).
SMLoc nameLoc(const DerivativeFormula &F, StringRef Name) {
  size_t At = StringRef(F.Names).find(Name);
  return At == StringRef::npos ? F.NamesLoc.Start : F.NamesLoc.at(At);
}

/// torchgen's dedup_vars: the first saved value of each name.
std::vector<SavedAttribute> dedupVars(std::vector<SavedAttribute> Vars) {
  std::vector<SavedAttribute> Out;
  StringSet<> Seen;
  for (SavedAttribute &V : Vars)
    if (Seen.insert(savedName(V.NCType)).second)
      Out.push_back(std::move(V));
  return Out;
}

/// The names among \p Candidates one edit or transposition away from
/// \p Name, for a "did you mean" note.
std::optional<std::string> closeName(StringRef Name,
                                     ArrayRef<std::string> Candidates) {
  for (const std::string &C : Candidates)
    if (C != Name &&
        Name.edit_distance(C, /*AllowReplacements=*/true,
                           /*MaxEditDistance=*/2) <= 2 &&
        C.size() > 2)
      return C;
  return std::nullopt;
}

} // namespace

void ModelBuilder::indexFunctions(unsigned Threads) {
  // torchgen walks the functions grouped by view signature: a view group's
  // functions (view, view_inplace, view_copy) before the rest of their
  // bucket. Two functions of one signature share a bucket, so within a
  // signature that is the only reordering.
  std::vector<unsigned> ViewRank(M.Functions.size(), 3);
  if (M.ViewGroups)
    for (const ViewGroup &G : *M.ViewGroups) {
      unsigned R = 0;
      for (FunctionId Id : G.members())
        ViewRank[Id] = R++;
    }
  // Printing the schemas and signatures is most of the indexing: it is
  // done side by side, the maps filled in order.
  size_t N = M.Functions.size();
  std::vector<std::string> Schemas(N), Signatures(N);
  Ctx.getThreadPool().parallelFor(Threads, N, [&](size_t Id) {
    Schemas[Id] = M.Functions[Id].Func.str();
    Signatures[Id] = getSignatureText(M.Functions[Id].Func);
  });
  for (FunctionId Id = 0; Id != N; ++Id) {
    auto [It, Inserted] = Index.BySchema.try_emplace(Schemas[Id], Id);
    if (!Inserted)
      error(M.Functions[Id].FuncLoc,
            "duplicate function schema " + quoted(Schemas[Id]));
    Index.BySignature[Signatures[Id]].push_back(Id);
  }
  for (auto &Entry : Index.BySignature)
    std::stable_sort(Entry.second.begin(), Entry.second.end(),
                     [&](FunctionId A, FunctionId B) {
                       return ViewRank[A] != ViewRank[B]
                                  ? ViewRank[A] < ViewRank[B]
                                  : A < B;
                     });
}

void ModelBuilder::loadEntries(const DerivativesFile &File, unsigned Threads) {
  indexFunctions(Threads);
  // Reading an entry is most of loading (its formulas' rewriting); the
  // entries are read side by side and taken in order, so the Node classes
  // are numbered as in a reading from top to bottom. Their diagnostics are
  // printed in source order.
  const std::vector<DerivativeEntry> &Es = File.Entries;
  std::vector<std::optional<LoadedEntry>> Loaded(Es.size());
  D.beginDeferred();
  Ctx.getThreadPool().parallelFor(Threads, Es.size(), [&](size_t I) {
    Loaded[I] = EntryLoader(D, M, Index, Patterns).load(Es[I]);
  });
  for (size_t I = 0; I != Es.size(); ++I) {
    if (Loaded[I])
      commitEntry(Es[I], std::move(*Loaded[I]));
    else
      Failed = true;
  }
  D.flushDeferred();
  addViewCopyInfos();
}

void ModelBuilder::setInfos(FunctionId F, InfosByKey Infos) {
  auto [It, Inserted] = InfoIndex.try_emplace(F, AM.Infos.size());
  if (Inserted)
    AM.Infos.push_back({F, std::move(Infos)});
  else
    AM.Infos[It->second].ByKey = std::move(Infos);
}

std::optional<FunctionId>
EntryLoader::canonicalFunction(const DerivativeEntry &E,
                               ArrayRef<FunctionId> Fns, StringRef DefnName) {
  for (FunctionId Id : Fns) {
    const FunctionSchema &S = M.Functions[Id].Func;
    if (!S.isFunctionalFn() && !S.isOutFn() && DefnName == S.Name.Name.str())
      return Id;
  }
  // Some functions have an in-place variant only.
  const NativeFunction &First = M.Functions[Fns.front()];
  if (First.Names && DefnName.str() + "_" == First.Names->Cpp)
    return Fns.front();
  error(E.NameLoc.Start,
        quoted(E.Name) +
            " has no function to take its formulas: an entry is "
            "for a functional or in-place function, named " +
            quoted(DefnName) +
            " (an out= function takes its functional "
            "variant's formulas)");
  return std::nullopt;
}

std::optional<LoadedEntry> EntryLoader::load(const DerivativeEntry &E) {
  // torchgen's split_name_params.
  const PyRegex *NameRe = Patterns.get("(\\w+)(\\.\\w+)?\\((.*)\\)");
  std::optional<PyRegex::Match> NameM = NameRe->match(E.Name);
  if (!NameM) {
    error(E.NameLoc.Start,
          "expected a schema, `name(arguments) -> returns`, found " +
              quoted(E.Name));
    return std::nullopt;
  }
  std::string DefnName = NameM->group(1).str();

  // output_differentiability: booleans, or one condition.
  std::optional<std::vector<bool>> OutDiff;
  std::optional<std::vector<std::string>> Conditions;
  if (E.OutputDifferentiability) {
    const auto &Items = *E.OutputDifferentiability;
    bool AnyCondition = any_of(Items, [](const OutputDifferentiabilityItem &I) {
      return I.IsCondition;
    });
    if (AnyCondition && !Items.empty()) {
      if (Items.size() != 1) {
        error(E.OutputDifferentiabilityLoc,
              "`output_differentiability` must be a list of booleans, or a "
              "list of one condition (conditions are for functions with one "
              "output)");
        return std::nullopt;
      }
      Conditions = std::vector<std::string>{Items[0].Condition};
      OutDiff = std::vector<bool>{true};
    } else {
      OutDiff.emplace();
      for (const OutputDifferentiabilityItem &I : Items)
        OutDiff->push_back(I.Value);
    }
  }

  auto SchemaIt = Index.BySchema.find(E.Name);
  if (SchemaIt == Index.BySchema.end()) {
    error(E.NameLoc.Start, "no ATen function has the schema " + quoted(E.Name) +
                               " (it must be written as the function's "
                               "schema prints)");
    unsigned Shown = 0;
    for (const NativeFunction &F : M.Functions)
      if (F.Names && F.Names->Cpp == DefnName && Shown++ < 8)
        D.note(F.FuncLoc, "an overload of " + quoted(DefnName) + ": " +
                              quoted(F.Func.str()));
    return std::nullopt;
  }
  // Every function is indexed by its signature too.
  const std::vector<FunctionId> &Fns =
      Index.BySignature
          .find(getSignatureText(M.Functions[SchemaIt->second].Func))
          ->second;
  std::optional<FunctionId> Canonical = canonicalFunction(E, Fns, DefnName);
  if (!Canonical)
    return std::nullopt;
  const NativeFunction &F = M.Functions[*Canonical];
  for (const Binding &B : autogradArguments(F))
    if (B.Name == "grad_input_mask" || B.Name == "result") {
      error(E.NameLoc.Start,
            quoted(F.Func.Name.str()) + " has an argument named " +
                quoted(B.Name) +
                ", which the generated autograd code uses for its own value: "
                "rename it in native_functions.yaml");
      D.note(F.FuncLoc, quoted(F.Func.Name.str()) + " is declared here");
      return std::nullopt;
    }

  // torchgen checks these when it writes the function's VariableType
  // kernel (gen_differentiable_outputs); an entry's own function always
  // gets one.
  if (OutDiff && OutDiff->size() != F.Func.Returns.size()) {
    size_t N = OutDiff->size(), R = F.Func.Returns.size();
    error(E.OutputDifferentiabilityLoc,
          "`output_differentiability` has " + Twine(N) + " item" +
              (N == 1 ? "" : "s") + ", but " + quoted(F.Func.Name.str()) +
              " has " + Twine(R) + " output" + (R == 1 ? "" : "s"));
    return std::nullopt;
  }
  if (OutDiff && is_contained(*OutDiff, false) &&
      F.Func.kind() == SchemaKind::Inplace) {
    error(E.OutputDifferentiabilityLoc,
          "`output_differentiability` makes the output of " +
              quoted(F.Func.Name.str()) +
              " undifferentiable, but it is in place: its version counter "
              "would not be updated");
    return std::nullopt;
  }

  LoadedEntry L;
  L.Canonical = *Canonical;
  L.DefnName = DefnName;
  bool Ok = true;
  for (const DerivativeDispatch &T : E.Dispatch) {
    std::optional<DifferentiabilityInfo> Info =
        setUpDerivatives(E, T, *Canonical, DefnName, OutDiff);
    if (!Info) {
      Ok = false;
      continue;
    }
    Info->OutputDifferentiabilityConditions = Conditions;
    L.Infos.emplace_back(T.Key, std::move(*Info));
  }
  if (!Ok || Failed)
    return std::nullopt;
  return L;
}

void ModelBuilder::commitEntry(const DerivativeEntry &E, LoadedEntry L) {
  for (auto &[Key, Info] : L.Infos) {
    AM.UsedDispatchKeys.insert(Key);
    if (Info.hasDerivatives()) {
      std::string Prefix = createOpPrefix(L.DefnName);
      if (Key != "Default")
        Prefix += Key;
      unsigned &N = OpCounter[Prefix];
      Info.Op = Prefix + std::to_string(N++);
    }
  }
  auto Prev = InfoIndex.find(L.Canonical);
  if (Prev != InfoIndex.end()) {
    const InfosByKey &Old = AM.Infos[Prev->second].ByKey;
    D.warning(E.NameLoc.Start,
              "a second entry for " +
                  quoted(M.Functions[L.Canonical].Func.str()) +
                  " replaces the first, whose Node classes still take their "
                  "numbers");
    if (!Old.empty() && Old.front().second.EntryLoc.isValid())
      D.note(Old.front().second.EntryLoc, "the first entry is here");
  }
  setInfos(L.Canonical, std::move(L.Infos));
}

std::optional<DifferentiabilityInfo> EntryLoader::setUpDerivatives(
    const DerivativeEntry &E, const DerivativeDispatch &T, FunctionId FId,
    StringRef DefnName, const std::optional<std::vector<bool>> &OutDiff) {
  const NativeFunction &F = M.Functions[FId];
  const auto &Returns = F.Func.Returns;
  bool Ok = true;
  DifferentiabilityInfo Info;
  Info.Name = DefnName.str();
  Info.Func = FId;
  Info.OutputDifferentiability = OutDiff;
  Info.EntryLoc = E.NameLoc.Start;

  std::vector<Binding> Args = autogradArguments(F);
  std::vector<std::string> ArgNames;
  for (const Binding &B : Args)
    ArgNames.push_back(B.Name.str());
  auto IsArg = [&](StringRef N) { return is_contained(ArgNames, N); };

  // A return is available as a named gradient if it is named, of a tensor
  // type and not marked undifferentiable (zip stops at the shorter list).
  std::vector<bool> Differentiability =
      OutDiff && !OutDiff->empty() ? *OutDiff
                                   : std::vector<bool>(Returns.size(), true);
  for (size_t I = 0; I < Returns.size() && I < Differentiability.size(); ++I)
    if (Differentiability[I] && Returns[I].Name && Returns[I].Ty.isTensorLike())
      Info.AvailableNamedGradients.push_back("grad_" + *Returns[I].Name);

  std::vector<const DerivativeFormula *> Sorted;
  for (const DerivativeFormula &Fm : T.Formulas)
    Sorted.push_back(&Fm);
  llvm::stable_sort(Sorted,
                    [](const DerivativeFormula *A, const DerivativeFormula *B) {
                      return A->Names < B->Names;
                    });

  std::vector<const DerivativeFormula *> BackwardSources, ForwardSources;
  std::vector<std::string> WithDerivatives;
  for (const DerivativeFormula *Fm : Sorted) {
    std::vector<std::string> Names = splitNames(Fm->Names);
    for (const std::string &N : Names)
      if (IsArg(N) && any_of(Returns, [&](const Return &R) {
            return R.Name && *R.Name == N;
          })) {
        error(nameLoc(*Fm, N), quoted(N) +
                                   " is both an input and a named "
                                   "output of " +
                                   quoted(F.Func.Name.str()) +
                                   ": its formula cannot say which it is for");
        Ok = false;
      }
    FormulaSite Site{D, Fm->Formula, Fm->FormulaLoc, Failed};
    if (!IsArg(Names.front())) {
      // A forward formula: the names are outputs.
      bool NoOutput = false;
      std::optional<ForwardDerivative> FD = createForwardDerivative(
          F, Fm->Formula, Names, Site, Fm->NamesLoc.Start, NoOutput);
      if (!FD) {
        if (NoOutput) {
          std::string Msg =
              (Names.size() == 1 ? quoted(Names.front()) +
                                       " is neither an input nor an output of "
                                 : quoted(Fm->Names) + " names no output of ") +
              quoted(F.Func.Name.str()) +
              " (a forward formula's key names outputs: `result` alone, "
              "`result0`, ... or a return's name)";
          error(nameLoc(*Fm, Names.front()), Msg);
          if (std::optional<std::string> C = closeName(Names.front(), ArgNames))
            D.note(nameLoc(*Fm, Names.front()),
                   "did you mean the input " + quoted(*C) + "?");
        }
        Ok = false;
        continue;
      }
      for (const std::string &N : Names) {
        bool Output = any_of(
            Returns, [&](const Return &R) { return R.Name && *R.Name == N; });
        StringRef Digits = N;
        if (Output || N == "result" ||
            (Digits.consume_front("result") && !Digits.empty() &&
             all_of(Digits, isDigit)))
          continue;
        // torchgen ignores a name that is no output.
        D.warning(nameLoc(*Fm, N),
                  quoted(N) + " names no output of " +
                      quoted(F.Func.Name.str()) +
                      ", and is ignored in this forward formula's key");
        if (std::optional<std::string> C = closeName(N, ArgNames))
          D.note(nameLoc(*Fm, N), "did you mean the input " + quoted(*C) +
                                      "? (a backward formula's key starts "
                                      "with an input)");
      }
      Info.ForwardDerivatives.push_back(std::move(*FD));
      ForwardSources.push_back(Fm);
      continue;
    }
    for (const std::string &N : Names)
      if (!IsArg(N)) {
        // Generated code would name the input's gradient slot.
        error(nameLoc(*Fm, N), quoted(N) + " is not an input of " +
                                   quoted(F.Func.Name.str()) +
                                   " (a backward formula's key names inputs)");
        if (std::optional<std::string> C = closeName(N, ArgNames))
          D.note(nameLoc(*Fm, N), "did you mean " + quoted(*C) + "?");
        Ok = false;
      }
    std::string Lower = StringRef(Fm->Formula).lower();
    bool NonDifferentiable = pyStrip(Lower) == "non_differentiable";
    // torchgen finds these when it writes VariableType ("Missing arguments
    // for derivatives"): only tensors have gradient slots.
    if (!NonDifferentiable)
      for (const Argument *A : F.Func.Args.flatNonOut())
        if (is_contained(Names, A->Name) && !A->Ty.isTensorLike()) {
          error(nameLoc(*Fm, A->Name), quoted(A->Name) +
                                           " is not differentiable (it is " +
                                           quoted(A->Ty.str()) +
                                           "): a backward formula is for a "
                                           "tensor input");
          Ok = false;
        }
    if (NonDifferentiable) {
      for (const std::string &N : Names)
        Info.NonDifferentiableArgNames.push_back(N);
      continue;
    }
    Info.Derivatives.push_back(createDerivative(F, Args, Fm->Formula, Names,
                                                Info.AvailableNamedGradients,
                                                Patterns, Site));
    BackwardSources.push_back(Fm);
    for (const std::string &N : Names)
      if (!is_contained(WithDerivatives, N))
        WithDerivatives.push_back(N);
  }

  for (const std::string &N : Info.NonDifferentiableArgNames)
    if (is_contained(WithDerivatives, N)) {
      error(T.KeyLoc.isValid() ? T.KeyLoc : E.Loc,
            quoted(N) +
                " has a formula and is `non_differentiable` in the "
                "entry for " +
                quoted(E.Name));
      Ok = false;
    }

  for (const Binding &B : Args)
    if (is_contained(WithDerivatives, B.Name))
      Info.ArgsWithDerivatives.push_back(B);

  postprocessForwardDerivatives(F, DefnName.str(), Args, Info, ForwardSources);
  checkGradUsage(DefnName, Info, BackwardSources);

  for (const Derivative &Dv : Info.Derivatives) {
    Info.UsedNamedGradients.insert(Dv.NamedGradients.begin(),
                                   Dv.NamedGradients.end());
    llvm::append_range(Info.AllSavedInputs, Dv.SavedInputs);
    llvm::append_range(Info.AllSavedOutputs, Dv.SavedOutputs);
  }
  Info.AllSavedInputs = dedupVars(std::move(Info.AllSavedInputs));
  Info.AllSavedOutputs = dedupVars(std::move(Info.AllSavedOutputs));
  if (!Ok || Failed)
    return std::nullopt;
  return Info;
}

void EntryLoader::checkGradUsage(
    StringRef DefnName, const DifferentiabilityInfo &Info,
    const std::vector<const DerivativeFormula *> &Sources) {
  bool UsesGrad = false, UsesNamedGrads = false;
  size_t NumGradsUses = 0;
  std::vector<uint64_t> Indices;
  SMLoc GradLoc, GradsLoc, NamedLoc;
  for (size_t I = 0; I != Info.Derivatives.size(); ++I) {
    const Derivative &Dv = Info.Derivatives[I];
    const DerivativeFormula &Src = *Sources[I];
    FormulaSite Site{D, Src.Formula, Src.FormulaLoc, Failed};
    if (hasIdent(Dv.Formula, "grad")) {
      UsesGrad = true;
      if (!GradLoc.isValid())
        GradLoc = Site.at("grad");
    }
    size_t N = countIdent(Patterns, Dv.Formula, "grads");
    if (N && !GradsLoc.isValid())
      GradsLoc = Site.at("grads");
    NumGradsUses += N;
    if (!Dv.NamedGradients.empty()) {
      UsesNamedGrads = true;
      if (!NamedLoc.isValid())
        NamedLoc = Site.at(*Dv.NamedGradients.begin());
    }
    llvm::append_range(Indices, usedGradientIndices(Patterns, Dv.Formula));
  }
  if (NumGradsUses < Indices.size()) {
    // torchgen asserts this cannot happen.
    error(GradsLoc, "the formulas for " + quoted(DefnName) +
                        " index `grads` more often than they use it");
    return;
  }
  bool OnlyIndexed = NumGradsUses == Indices.size();
  if (UsesGrad && NumGradsUses > 0) {
    error(GradsLoc, "the formulas for " + quoted(DefnName) +
                        " mix `grad` and `grads`: write `grads[0]` for "
                        "`grad`");
    D.note(GradLoc, "`grad` is used here");
  }
  if (NumGradsUses && OnlyIndexed &&
      all_of(Indices, [](uint64_t I) { return I == 0; })) {
    error(GradsLoc, "the formulas for " + quoted(DefnName) +
                        " use only `grads[0]`: if the first output is the "
                        "only differentiable one, write `grad`; otherwise "
                        "the entry is likely wrong");
  }
  if (UsesNamedGrads && (UsesGrad || NumGradsUses > 0))
    error(NamedLoc, "the formulas for " + quoted(DefnName) +
                        " mix `grad_<output>` with `grad` or `grads[i]`: "
                        "use one way of naming gradients");
}

void EntryLoader::postprocessForwardDerivatives(
    const NativeFunction &F, std::string DefnName,
    const std::vector<Binding> &Args, DifferentiabilityInfo &Info,
    const std::vector<const DerivativeFormula *> &Sources) {
  bool IsForeach = StringRef(F.Func.Name.Name.Base).startswith("_foreach_");
  const auto &WithDerivs = Info.ArgsWithDerivatives;
  std::vector<std::string> AllArgNames;
  for (const Binding &B : Args)
    AllArgNames.push_back(B.Name.str());

  // torchgen's find_required_inputs: the inputs whose `<name><postfix>`
  // the formula reads; a bare input name is an error.
  auto RequiredInputs = [&](StringRef Formula, StringRef Postfix,
                            const FormulaSite &Site, bool Exact) {
    std::vector<std::string> Required;
    for (const Binding &B : WithDerivs) {
      std::string Type = B.type();
      if ((Type == "at::TensorList" || Type == "const at::ITensorListRef &") &&
          !IsForeach)
        continue; // Functions taking lists handle their tangents themselves.
      if (std::optional<size_t> At = findIdent(Formula, B.Name)) {
        // The match may start with the separator before the name.
        size_t Off = *At;
        Site.error(Exact ? Site.Loc.at(Off) : Site.Loc.Start,
                   "the forward formula for " + quoted(DefnName) +
                       " uses the input " + quoted(B.Name) +
                       " by its bare name, which is ambiguous: write `" +
                       B.Name + "_p` for its value, `" + B.Name +
                       "_t` for its tangent");
        continue;
      }
      if (hasIdent(Formula, (B.Name + Postfix).str()))
        Required.push_back(B.Name.str());
    }
    return Required;
  };

  for (size_t I = 0; I != Info.ForwardDerivatives.size(); ++I) {
    ForwardDerivative &FD = Info.ForwardDerivatives[I];
    const DerivativeFormula &Src = *Sources[I];
    // The formula's own flag, not the engine's error count: other threads
    // report errors meanwhile (speculative ones included).
    bool FormulaFailed = false;
    FormulaSite Site{D, Src.Formula, Src.FormulaLoc, FormulaFailed};
    auto Fold = make_scope_exit([&] { Failed |= FormulaFailed; });
    std::string Formula = FD.Formula;
    std::vector<std::string> Tangents =
        RequiredInputs(Formula, "_t", Site, /*Exact=*/true);
    // torchgen stops at the first bare name: the formula is reported once.
    if (FormulaFailed)
      continue;
    bool Rewritten = false;
    if (Formula == "auto_element_wise") {
      if (F.Func.kind() == SchemaKind::Inplace) {
        Site.error(Src.FormulaLoc.Start,
                   "`auto_element_wise` cannot be used for " +
                       quoted(F.Func.Name.str()) +
                       ", an in-place function (give the formula for its "
                       "out-of-place variant)");
        continue;
      }
      if (WithDerivs.size() != 1 || Info.ForwardDerivatives.size() > 1 ||
          Info.ForwardDerivatives[0].VarNames.size() > 1) {
        Site.error(Src.FormulaLoc.Start,
                   "`auto_element_wise` in the entry for " + quoted(DefnName) +
                       " needs a single differentiable input and a single "
                       "differentiable output");
        continue;
      }
      if (Info.Derivatives.size() != 1) {
        Site.error(Src.FormulaLoc.Start,
                   "`auto_element_wise` in the entry for " + quoted(DefnName) +
                       " is made from the input's backward formula, which "
                       "the entry does not give");
        continue;
      }
      // For an element-wise function the Jacobian is diagonal: the forward
      // formula is the backward one applied to the conjugated tangent, on
      // the primal values, conjugated.
      std::string InputName = WithDerivs[0].Name.str();
      std::string Fw =
          replaceIdent(Patterns, Info.Derivatives[0].OriginalFormula, "grad",
                       InputName + "_t.conj()");
      for (const Binding &B : WithDerivs)
        Fw = replaceIdent(Patterns, Fw, B.Name, (B.Name + "_p").str());
      Formula = "(" + Fw + ").conj()";
      Tangents = AllArgNames;
      Rewritten = true;
    } else if (Formula == "auto_linear") {
      if (Info.ForwardDerivatives.size() > 1 ||
          Info.ForwardDerivatives[0].VarNames.size() > 1) {
        Site.error(Src.FormulaLoc.Start,
                   "`auto_linear` in the entry for " + quoted(DefnName) +
                       " needs a single differentiable output");
        continue;
      }
      if (WithDerivs.empty()) {
        Site.error(Src.FormulaLoc.Start,
                   "`auto_linear` in the entry for " + quoted(DefnName) +
                       " needs an input with a backward formula");
        continue;
      }
      // A linear function's Jacobian is the function: call it again on the
      // tangents.
      std::vector<std::string> NewArgs;
      for (const std::string &A : AllArgNames)
        NewArgs.push_back(
            any_of(WithDerivs, [&](const Binding &B) { return B.Name == A; })
                ? A + "_t"
                : A);
      if (F.Func.Args.hasSymIntArg())
        DefnName += "_symint";
      if (F.VariantFunction) {
        Formula = "at::" + DefnName + "(" + join(NewArgs, ", ") + ")";
      } else if (F.VariantMethod) {
        Formula = NewArgs.front() + "." + DefnName + "(" +
                  join(ArrayRef<std::string>(NewArgs).drop_front(), ", ") + ")";
      } else {
        Site.error(Src.FormulaLoc.Start,
                   "`auto_linear` calls " + quoted(F.Func.Name.str()) +
                       " again, which needs a function or method variant");
        continue;
      }
      Tangents.clear();
      for (const Binding &B : WithDerivs)
        Tangents.push_back(B.Name.str());
      Rewritten = true;
    }
    FD.Formula = Formula;
    FD.RequiredInputsFwGrad = std::move(Tangents);
    FD.RequiredInputsPrimal = RequiredInputs(Formula, "_p", Site, !Rewritten);
  }
}

void ModelBuilder::addViewCopyInfos() {
  if (!M.ViewGroups)
    return;
  DenseMap<FunctionId, const ViewGroup *> ByView;
  for (const ViewGroup &G : *M.ViewGroups)
    ByView[G.View] = &G;
  std::vector<std::pair<FunctionId, InfosByKey>> Added;
  for (const FunctionInfos &FI : AM.Infos) {
    InfosByKey Copies;
    std::optional<FunctionId> CopyFn;
    for (const auto &[Key, Info] : FI.ByKey) {
      auto It = ByView.find(Info.Func);
      if (It == ByView.end() || !It->second->ViewCopy)
        break;
      DifferentiabilityInfo C = Info;
      // `view.overload` -> `view_copy.overload`; torchgen's names have no
      // overload, so this is `view_copy.`.
      SmallVector<StringRef, 3> Parts;
      StringRef(Info.Name).split(Parts, '.', /*MaxSplit=*/2);
      C.Name = (Parts[0] + "_copy.").str() +
               join(ArrayRef<StringRef>(Parts).drop_front(), ".");
      C.Func = *It->second->ViewCopy;
      if (C.Op)
        *C.Op += "_copy";
      CopyFn = C.Func;
      Copies.emplace_back(Key, std::move(C));
    }
    // Formulas written for the view_copy itself win.
    if (!Copies.empty() && !InfoIndex.count(*CopyFn))
      Added.emplace_back(*CopyFn, std::move(Copies));
  }
  for (auto &[F, Infos] : Added)
    setInfos(F, std::move(Infos));
}

std::optional<AutogradModel> opgen::loadDerivatives(Context &Ctx,
                                                    const Module &M,
                                                    const DerivativesFile &File,
                                                    unsigned Threads) {
  if (!M.Groups || !M.ViewGroups) {
    Ctx.getDiags().error(SMLoc(), "the autograd model needs the grouped "
                                  "module (run the default pipeline)");
    return std::nullopt;
  }
  ModelBuilder B(Ctx, M);
  B.loadEntries(File, Threads);
  if (B.failed())
    return std::nullopt;
  B.matchFunctions();
  if (B.failed())
    return std::nullopt;
  return B.take();
}
