//===- MatchDerivatives.cpp - Which info each function uses ---------------===//
//
// torchgen's match_differentiability_info, over the selected functions
// sorted by C++ name. A function uses, in this order:
//  1. the infos of its own entry;
//  2. else those of the functional function of its signature (defaults
//     stripped): `mul_` and `mul.out` use `mul`'s (not for foreach);
//  3. else, if it is generated, those of a mutable function of its
//     signature, provided they save no `self`;
//  4. else, for a `_foreach_` function, an info made from its scalar
//     counterpart's (the reference): formulas indexed by `[i]`, saved lists,
//     Node class `Foreach<Ref><Overload>`; an in-place foreach function
//     uses the reference's info as it is.
// An in-place function's forward formula is then rewritten from the one it
// uses: `result` becomes `self_p`, and a reused out-of-place formula reads
// the original self and writes the tangent in place.
//
//===----------------------------------------------------------------------===//

#include "ModelBuilder.h"

#include "opgen/CppApi/FunctionalizationApi.h"
#include "opgen/Transforms/Signature.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace opgen;
using namespace opgen::autograd_detail;
using namespace llvm;

namespace {

// torchgen's exceptions for foreach functions (torchgen/api/autograd.py,
// part of its model rather than a table its users edit).
const StringRef ForeachWithInplaceRef[] = {"_foreach_zero_"};
const StringRef ForeachWithTensorOverload[] = {
    "_foreach_add.Tensor", "_foreach_mul.Tensor", "_foreach_div.Tensor"};
const StringRef SkipArgumentLenCheck[] = {
    "_foreach_add.Scalar",     "_foreach_add_.Scalar",
    "_foreach_add.ScalarList", "_foreach_add_.ScalarList",
    "_foreach_sub.Scalar",     "_foreach_sub_.Scalar",
    "_foreach_sub.ScalarList", "_foreach_sub_.ScalarList"};

bool isForeach(const NativeFunction &F) {
  return StringRef(F.Func.Name.Name.Base).startswith("_foreach_");
}

/// An ordered dict from signatures to infos (Python's: a key set again
/// keeps its place).
struct SignatureMap {
  struct Entry {
    FunctionSchema Schema;
    size_t Infos;
  };
  std::vector<Entry> Entries;
  StringMap<size_t> Index;

  void set(std::string Key, FunctionSchema Schema, size_t Infos) {
    auto [It, Inserted] = Index.try_emplace(Key, Entries.size());
    if (Inserted)
      Entries.push_back({std::move(Schema), Infos});
    else
      Entries[It->second] = {std::move(Schema), Infos};
  }
  std::optional<size_t> lookup(StringRef Key) const {
    auto It = Index.find(Key);
    if (It == Index.end())
      return std::nullopt;
    return Entries[It->second].Infos;
  }
};

SignatureOptions stripDefault() {
  SignatureOptions O;
  O.StripDefault = true;
  return O;
}

/// torchgen's is_reference_for_foreach: whether \p S (a signature) is the
/// scalar counterpart of foreach function \p F.
bool isReferenceForForeach(const NativeFunction &F, const FunctionSchema &S) {
  StringRef Base = F.Func.Name.Name.Base;
  size_t At = Base.rfind("_foreach_");
  StringRef Stem = At == StringRef::npos ? Base : Base.drop_front(At + 9);
  if (Stem != S.Name.Name.Base)
    return false;
  std::string Name = F.Func.Name.str();
  if (S.Name.Name.Inplace && !is_contained(ForeachWithInplaceRef, Name))
    return false;
  auto FArgs = F.Func.Args.flatNonOut();
  auto SArgs = S.Args.flatNonOut();
  if (!is_contained(SkipArgumentLenCheck, Name) && FArgs.size() != SArgs.size())
    return false;
  for (size_t I = 0; I < FArgs.size() && I < SArgs.size(); ++I) {
    Type T = FArgs[I]->Ty;
    Type Ref = SArgs[I]->Ty;
    bool HasElem = T.getKind() == Type::List || T.getKind() == Type::Optional;
    if (!(Ref == T || (HasElem && Ref == T.getElementType())))
      return false;
  }
  return true;
}

/// Whether the parentheses in \p S never close the one before it (torchgen's
/// check_parens_nest_level_gt_zero).
bool staysInsideParens(StringRef S) {
  int Level = 1;
  for (char C : S) {
    if (C == ')' && --Level == 0)
      return false;
    if (C == '(')
      ++Level;
  }
  return true;
}

} // namespace

namespace {

/// The state of one match_differentiability_info run.
class Matcher {
public:
  explicit Matcher(ModelBuilder &B) : B(B), M(B.M), AM(B.AM) {
    for (size_t I = 0; I != AM.Infos.size(); ++I) {
      const FunctionSchema &S = M.Functions[AM.Infos[I].Func].Func;
      (S.kind() == SchemaKind::Functional ? Functional : NonFunctional)
          .set(getSignatureText(S, stripDefault()),
               getSignature(S, stripDefault()), I);
    }
  }

  void match(FunctionId Id);

private:
  struct Found {
    std::optional<size_t> Infos;
    bool Exact = false;
  };
  Found findInfos(FunctionId Id);
  /// torchgen's gen_foreach_derivativeinfo: the info made (or, for an
  /// in-place function, the reference's), whether it was made, or nothing.
  std::optional<std::pair<DifferentiabilityInfo, bool>>
  foreachInfo(FunctionId Id);
  std::optional<ForwardDerivative>
  inplaceForward(const NativeFunction &F, const DifferentiabilityInfo &Info,
                 bool Exact);

  ModelBuilder &B;
  const Module &M;
  AutogradModel &AM;
  SignatureMap Functional, NonFunctional;
};

} // namespace

std::optional<std::pair<DifferentiabilityInfo, bool>>
Matcher::foreachInfo(FunctionId Id) {
  const NativeFunction &F = M.Functions[Id];
  const DifferentiabilityInfo *Ref = nullptr;
  const FunctionSchema *RefSig = nullptr;
  auto Search = [&](const SignatureMap &Map) -> bool {
    for (const SignatureMap::Entry &E : Map.Entries) {
      if (!isReferenceForForeach(F, E.Schema))
        continue;
      const InfosByKey &RefInfos = AM.Infos[E.Infos].ByKey;
      Ref = findInfo(RefInfos, "Default");
      if (!Ref) {
        // The mistake is in the counterpart's entry.
        SMLoc At =
            RefInfos.empty() ? SMLoc() : RefInfos.front().second.EntryLoc;
        B.error(At.isValid() ? At : F.FuncLoc,
                "the scalar counterpart of " + quoted(F.Func.Name.str()) +
                    " has no `Default` formulas in "
                    "derivatives.yaml, which its foreach "
                    "formulas are made from");
        return false;
      }
      RefSig = &E.Schema;
      return true;
    }
    return true;
  };
  if (!Search(Functional))
    return std::nullopt;
  if (!Ref && F.Func.kind() == SchemaKind::Inplace &&
      is_contained(ForeachWithInplaceRef, F.Func.Name.str()) &&
      !Search(NonFunctional))
    return std::nullopt;
  if (!Ref)
    return std::nullopt;
  if (F.Func.kind() == SchemaKind::Inplace)
    return std::make_pair(*Ref, false);

  CppApiFlags Flags = CppApiFlags::forFunction(F);
  auto FArgs = F.Func.Args.flatNonOut();
  auto RArgs = RefSig->Args.flatNonOut();
  StringMap<std::string> RefToForeach;
  StringMap<const Argument *> ByName;
  for (size_t I = 0; I < FArgs.size() && I < RArgs.size(); ++I) {
    RefToForeach[RArgs[I]->Name] = FArgs[I]->Name;
    ByName[FArgs[I]->Name] = FArgs[I];
  }
  // Problems of the counterpart's formulas are reported at its entry.
  SMLoc RefLoc = Ref->EntryLoc.isValid() ? Ref->EntryLoc : F.FuncLoc;
  auto Unmapped = [&](StringRef Name) {
    B.error(RefLoc, "cannot make the formulas of " + quoted(F.Func.Name.str()) +
                        " from its scalar "
                        "counterpart's: it has no argument for " +
                        quoted(Name));
  };

  DifferentiabilityInfo Info;
  Info.Name = F.Func.Name.Name.Base;
  Info.Func = Id;
  Info.Op = "Foreach" + (Ref->Op ? *Ref->Op : std::string("None")) +
            F.Func.Name.OverloadName;
  std::vector<std::string> AllVarNames;
  for (const Derivative &RD : Ref->Derivatives) {
    Derivative D;
    std::string Formula = replaceAll(replaceAll(RD.Formula, "grad", "grads[i]"),
                                     "result", "result[i]");
    for (const SavedAttribute &In : RD.SavedInputs) {
      StringRef Jit = StringRef(In.Expr).split('.').first;
      auto It = RefToForeach.find(Jit);
      if (It == RefToForeach.end()) {
        Unmapped(Jit);
        return std::nullopt;
      }
      const std::string &Mapped = It->second;
      const Argument &A = *ByName[Mapped];
      std::string MappedExpr =
          A.Ty.getKind() == Type::List ? Mapped + "[i]" : Mapped;
      Formula = replaceAll(Formula, In.NCType.Name,
                           replaceAll(In.Expr, Jit, MappedExpr));
      CType T = removeConstRef(
          argumentCType(A.Ty, A.isWrite(), /*SymInt=*/false, Flags));
      D.SavedInputs.push_back({{Mapped, T}, Mapped});
    }
    for (const SavedAttribute &Out : RD.SavedOutputs) {
      if (Out.NCType.Name != "result") {
        B.error(RefLoc, "cannot make the formulas of " +
                            quoted(F.Func.Name.str()) +
                            ": its scalar counterpart's formula saves the "
                            "output " +
                            quoted(Out.NCType.Name) +
                            ", and only `result` can be saved as a list");
        return std::nullopt;
      }
      D.SavedOutputs.push_back(
          {{"result", CType::base("at::TensorList")}, "result"});
    }
    for (const std::string &V : RD.VarNames) {
      auto It = RefToForeach.find(V);
      if (It == RefToForeach.end()) {
        Unmapped(V);
        return std::nullopt;
      }
      D.VarNames.push_back(It->second);
    }
    llvm::append_range(AllVarNames, D.VarNames);
    llvm::append_range(Info.AllSavedInputs, D.SavedInputs);
    llvm::append_range(Info.AllSavedOutputs, D.SavedOutputs);
    D.OriginalFormula = RD.Formula;
    D.Formula = std::move(Formula);
    Info.Derivatives.push_back(std::move(D));
  }
  // torchgen makes these from sets: each value once, in no set order (the
  // emitters sort them by name).
  for (auto *List : {&Info.AllSavedInputs, &Info.AllSavedOutputs}) {
    std::vector<SavedAttribute> Unique;
    for (SavedAttribute &S : *List)
      if (!is_contained(Unique, S))
        Unique.push_back(std::move(S));
    *List = std::move(Unique);
  }
  for (const Argument *A : FArgs)
    if (is_contained(AllVarNames, A->Name)) {
      Binding Bd;
      Bd.Name = A->Name;
      Bd.NCType = {A->Name,
                   argumentCType(A->Ty, A->isWrite(), /*SymInt=*/false, Flags)};
      Info.ArgsWithDerivatives.push_back(std::move(Bd));
    }

  const NativeFunction &RefFn = M.Functions[Ref->Func];
  auto RefArgs = RefFn.Func.Args.flatNonOut();
  for (const ForwardDerivative &RF : Ref->ForwardDerivatives) {
    ForwardDerivative FD;
    FD.VarNames = RF.VarNames;
    FD.VarTypes = RF.VarTypes;
    std::vector<std::string> FwGrad = RF.RequiredInputsFwGrad
                                          ? *RF.RequiredInputsFwGrad
                                          : std::vector<std::string>();
    std::vector<std::string> Primal = RF.RequiredInputsPrimal
                                          ? *RF.RequiredInputsPrimal
                                          : std::vector<std::string>();
    std::string Formula = RF.Formula;
    if (StringRef(Formula).contains("result"))
      Formula = replaceAll(RF.Formula, "result", "result[i]");
    for (size_t I = 0; I < FArgs.size() && I < RefArgs.size(); ++I) {
      const Argument &FA = *FArgs[I];
      const Argument &RA = *RefArgs[I];
      bool IsList = FA.Ty.getKind() == Type::List;
      if (IsList && !FA.Ty.isTensorLike()) {
        Formula = replaceAll(Formula, RA.Name, FA.Name + "[i]");
      } else if (FA.Ty.isTensorLike()) {
        if (!(IsList ||
              (FA.Ty.isBase(BaseTy::Tensor) &&
               is_contained(ForeachWithTensorOverload, F.Func.Name.str())))) {
          B.error(FA.Loc.isValid() ? FA.Loc : F.FuncLoc,
                  "cannot make the forward formulas of " +
                      quoted(F.Func.Name.str()) + ": its argument " +
                      quoted(FA.Name) + " is a single tensor, not a list");
          return std::nullopt;
        }
        for (StringRef Suffix : {"_p", "_t"}) {
          std::string Cur = RA.Name + Suffix.str();
          if (StringRef(Formula).contains(Cur))
            Formula = replaceAll(Formula, Cur, FA.Name + Suffix.str());
        }
      } else if (FA.Name != RA.Name) {
        Formula = replaceAll(Formula, RA.Name, FA.Name);
      }
      for (size_t V = 0; V != FD.VarNames.size(); ++V)
        if (FD.VarNames[V] == RA.Name) {
          FD.VarNames[V] = FA.Name;
          FD.VarTypes[V] = FA.Ty;
        }
      for (std::string &N : FwGrad)
        if (N == RA.Name)
          N = FA.Name;
      for (std::string &N : Primal)
        if (N == RA.Name)
          N = FA.Name;
    }
    FD.Formula = std::move(Formula);
    FD.RequiredInputsFwGrad = std::move(FwGrad);
    FD.RequiredInputsPrimal = std::move(Primal);
    FD.RequiredOriginalSelfValue = RF.RequiredOriginalSelfValue;
    FD.IsReusingOutplaceFormula = RF.IsReusingOutplaceFormula;
    Info.ForwardDerivatives.push_back(std::move(FD));
  }
  return std::make_pair(std::move(Info), true);
}

Matcher::Found Matcher::findInfos(FunctionId Id) {
  const NativeFunction &F = M.Functions[Id];
  SchemaKind Kind = F.Func.kind();
  if (F.isGenerated() && Kind == SchemaKind::Out)
    return {};
  auto Own = B.InfoIndex.find(Id);
  if (Own != B.InfoIndex.end())
    return {Own->second, true};
  std::string Sig = getSignatureText(F.Func, stripDefault());
  if (!isForeach(F))
    if (std::optional<size_t> I = Functional.lookup(Sig))
      return {*I, false};
  if (F.isGenerated())
    if (std::optional<size_t> I = NonFunctional.lookup(Sig)) {
      for (const auto &[Key, Info] : AM.Infos[*I].ByKey)
        for (const SavedAttribute &S : Info.AllSavedInputs)
          if (StringRef(savedName(S.NCType)).contains("self")) {
            B.error(Info.EntryLoc,
                    "the formulas for " + quoted(Info.Name) +
                        " save `self`, so the generated functional variant " +
                        quoted(F.Func.str()) +
                        " cannot reuse them (they would read the mutated "
                        "input)");
            return {};
          }
      return {*I, false};
    }
  if (!isForeach(F))
    return {};
  std::optional<std::pair<DifferentiabilityInfo, bool>> Made = foreachInfo(Id);
  if (!Made)
    return {};
  InfosByKey Table;
  Table.emplace_back("Default", std::move(Made->first));
  size_t Index = AM.Infos.size();
  if (Made->second) {
    B.InfoIndex[Id] = Index;
    AM.Infos.push_back(
        {Id, std::move(Table), /*Listed=*/true, /*MadeByMatching=*/true});
    Functional.set(F.Func.str(), F.Func, Index);
    return {Index, true};
  }
  AM.Infos.push_back(
      {Id, std::move(Table), /*Listed=*/false, /*MadeByMatching=*/true});
  return {Index, false};
}

std::optional<ForwardDerivative>
Matcher::inplaceForward(const NativeFunction &F,
                        const DifferentiabilityInfo &Info, bool Exact) {
  FormulaPatterns &P = B.Patterns;
  if (Info.ForwardDerivatives.size() != 1) {
    B.error(Info.EntryLoc,
            "the in-place function " + quoted(F.Func.Name.str()) +
                " has one output, but its formulas give " +
                Twine(Info.ForwardDerivatives.size()) + " forward formulas");
    return std::nullopt;
  }
  const ForwardDerivative &FW = Info.ForwardDerivatives[0];
  std::string Formula = FW.Formula;
  if (hasIdent(Formula, "self_p")) {
    if (Exact) {
      B.error(Info.EntryLoc,
              "the forward formula for " + quoted(F.Func.Name.str()) +
                  " reads `self_p`, the value of self that the function "
                  "overwrites, which gives wrong forward gradients: use "
                  "`result`");
      return std::nullopt;
    }
    // A reused out-of-place formula reads a clone of the original self.
    Formula = replaceIdent(P, Formula, "self_p", "original_self_p");
    Formula = replaceIdent(P, Formula, "self_t", "original_self_t");
  }
  // In place, the result is self.
  Formula = replaceIdent(P, Formula, "result", "self_p");
  std::optional<std::vector<std::string>> Primals = FW.RequiredInputsPrimal;
  if (hasIdent(Formula, "self_p")) {
    if (Primals && !Primals->empty())
      Primals->push_back("self");
    else
      Primals = std::vector<std::string>{"self"};
  }
  if (!Exact) {
    // Write the tangent in place: `self_t.op(args)` for the function's own
    // op becomes `self_t_raw.op_(args)`, anything else a copy_.
    bool DirectlyInplace = false;
    std::string OpName, Args;
    if (const PyRegex *R = P.get("self_t.([\\w]*)\\((.*)\\)"))
      if (std::optional<PyRegex::Match> Mt = R->fullmatch(Formula)) {
        OpName = Mt->group(1).str();
        Args = Mt->group(2).str();
        DirectlyInplace = staysInsideParens(Args) && OpName == Info.Name;
      }
    if (DirectlyInplace)
      Formula = "self_t_raw.defined() ? self_t_raw." + OpName + "_(" + Args +
                ") : " + Formula;
    else
      Formula = "self_t_raw.defined() ? self_t_raw.copy_(" + Formula +
                ") : " + Formula;
  }
  ForwardDerivative Out;
  Out.RequiredOriginalSelfValue = hasIdent(Formula, "original_self_p") ||
                                  hasIdent(Formula, "original_self_t");
  Out.Formula = std::move(Formula);
  Out.VarNames = {"self"};
  Out.VarTypes = FW.VarTypes;
  Out.RequiredInputsFwGrad = FW.RequiredInputsFwGrad;
  Out.RequiredInputsPrimal = std::move(Primals);
  Out.IsReusingOutplaceFormula = !Exact;
  return Out;
}

void Matcher::match(FunctionId Id) {
  const NativeFunction &F = M.Functions[Id];
  Found Fd = findInfos(Id);
  FunctionWithDerivatives R;
  R.Func = Id;
  bool Inplace = F.Func.kind() == SchemaKind::Inplace;
  if (Fd.Infos && Inplace)
    for (const auto &[Key, Info] : AM.Infos[*Fd.Infos].ByKey)
      for (const Derivative &D : Info.Derivatives)
        if (is_contained(D.VarNames, "self"))
          for (const SavedAttribute &S : D.SavedInputs)
            if (StringRef(S.Expr).contains("strides_or_error")) {
              B.error(Info.EntryLoc,
                      "`.sym_strides()` cannot be saved by the formula for "
                      "`self` of " +
                          quoted(F.Func.Name.str()) +
                          ", an in-place function (the strides change)");
              break;
            }
  if (!Fd.Infos || AM.Infos[*Fd.Infos].ByKey.empty()) {
    AM.Functions.push_back(std::move(R));
    return;
  }
  R.Infos = Fd.Infos;
  R.FwDerivatives.emplace();
  for (const auto &[Key, Info] : AM.Infos[*Fd.Infos].ByKey) {
    if (Info.ForwardDerivatives.empty() || !Inplace) {
      R.FwDerivatives->emplace_back(Key, Info.ForwardDerivatives);
      continue;
    }
    std::optional<ForwardDerivative> FW = inplaceForward(F, Info, Fd.Exact);
    std::vector<ForwardDerivative> List;
    if (FW)
      List.push_back(std::move(*FW));
    R.FwDerivatives->emplace_back(Key, std::move(List));
  }
  AM.Functions.push_back(std::move(R));
}

void ModelBuilder::matchFunctions() {
  std::vector<FunctionId> Fns;
  for (FunctionId Id = 0; Id != M.Functions.size(); ++Id) {
    const NativeFunction &F = M.Functions[Id];
    if (!M.Selection || M.Selection->isNativeFunctionSelectedForTraining(F))
      Fns.push_back(Id);
  }
  llvm::stable_sort(Fns, [&](FunctionId A, FunctionId B) {
    return M.Functions[A].Names->Cpp < M.Functions[B].Names->Cpp;
  });
  Matcher Mt(*this);
  for (FunctionId Id : Fns)
    Mt.match(Id);
}
