//===- BackendOperators.cpp - A backend yaml's operators, checked ---------===//
//
// A backend yaml names operators by text; they must be native functions, and
// a function group's variants must all go to the backend key or all to its
// autograd key. These checks need the grouped module, so they run in the
// backend-index pass rather than in the yaml reader.
//
//===----------------------------------------------------------------------===//

#include "opgen/Transforms/BackendOperators.h"
#include "opgen/IR/FunctionIndex.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"

#include <map>

using namespace opgen;
using namespace llvm;

LogicalResult opgen::checkBackendOperators(Context &Ctx, const BackendConfig &B,
                                           const Module &M) {
  return checkBackendOperators(Ctx, B, M, FunctionIndex(M));
}

LogicalResult opgen::checkBackendOperators(Context &Ctx, const BackendConfig &B,
                                           const Module &M,
                                           const FunctionIndex &ById) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  // Every overload of a base name, for hints; made when first needed.
  std::map<BaseOperatorName, std::vector<FunctionId>> ByBase;
  auto Lookup = [&](const BackendOp &Op) -> std::optional<FunctionId> {
    return ById.find(Op.Name);
  };

  // The kernels of both keys must be native functions. Reported in file
  // order (torchgen stops at the first, from `supported` then
  // `full_codegen` then `autograd`).
  std::vector<const BackendOp *> Forward = B.backendOps(), Backward;
  for (const BackendOp &Op : B.Autograd)
    Backward.push_back(&Op);
  std::vector<const BackendOp *> All = Forward;
  All.insert(All.end(), Backward.begin(), Backward.end());
  llvm::stable_sort(All, [](const BackendOp *L, const BackendOp *R) {
    return L->Loc.getPointer() < R->Loc.getPointer();
  });
  for (const BackendOp *Op : All) {
    if (Lookup(*Op))
      continue;
    D.error(Op->Loc, "unknown operator " + quoted(Op->Spelling) + " in " +
                         quoted(Op->List) +
                         ": native_functions.yaml has no such function");
    if (ByBase.empty())
      for (FunctionId I = 0, E = M.Functions.size(); I != E; ++I)
        ByBase[M.Functions[I].Func.Name.Name].push_back(I);
    auto It = ByBase.find(Op->Name.Name);
    if (It == ByBase.end())
      continue;
    std::string Names;
    for (size_t I = 0; I != It->second.size() && I != 4; ++I)
      Names +=
          (I ? ", " : "") + quoted(M.Functions[It->second[I]].Func.Name.str());
    if (It->second.size() > 4)
      Names += ", ...";
    D.note(Op->Loc,
           "the overloads of " + quoted(Op->Name.Name.str()) + " are " + Names);
  }

  // `ir_gen` only filters the native functions; gen_lazy_tensor ignores the
  // others.
  for (const BackendOp &Op : B.IrGen)
    if (!Lookup(Op))
      D.warning(Op.Loc, "`ir_gen` lists " + quoted(Op.Spelling) +
                            ", which is not in native_functions.yaml; no IR "
                            "is generated for it");

  // `symint:` renames kernels, matching the other lists' entries as text.
  StringMap<const BackendOp *> Listed;
  for (const std::vector<const BackendOp *> *Ops : {&Forward, &Backward})
    for (const BackendOp *Op : *Ops)
      Listed.try_emplace(Op->Spelling, Op);
  for (const BackendSymInt &S : B.SymInt) {
    auto It = Listed.find(S.Spelling);
    if (It == Listed.end()) {
      D.warning(S.Loc, "`symint` entry " + quoted(S.Spelling) +
                           " is not listed under `supported`, "
                           "`full_codegen` or `autograd`; it has no effect");
      continue;
    }
    std::optional<FunctionId> Id = Lookup(*It->second);
    if (!Id)
      continue; // reported above
    const FunctionSchema &Func = M.Functions[*Id].Func;
    // torchgen names the kernel `_symint` all the same, then fails
    // declaring it ("attempted to define symint kernel ... without SymInt
    // in schema").
    if (!Func.Args.hasSymIntArg())
      D.error(S.Loc, "`symint` lists " + quoted(S.Spelling) +
                         ", which has no SymInt arguments, so there is no "
                         "SymInt kernel " +
                         quoted(getExternalKernelName(Func, true)) +
                         " to declare; remove it from `symint`");
  }

  // A group's variants go to the backend key or to its autograd key, not
  // both (gen_backend_stubs cannot register them otherwise).
  if (!Forward.empty() && !Backward.empty() && B.BackendKey && B.AutogradKey) {
    if (!M.Groups) {
      D.error(B.AutogradLoc,
              "the operators of a backend yaml are checked against function "
              "groups; run the `group` pass first");
      return failure();
    }
    DenseMap<FunctionId, const BackendOp *> FwdOf, BwdOf;
    for (const BackendOp *Op : Forward)
      if (std::optional<FunctionId> Id = Lookup(*Op))
        FwdOf.try_emplace(*Id, Op);
    for (const BackendOp *Op : Backward)
      if (std::optional<FunctionId> Id = Lookup(*Op))
        BwdOf.try_emplace(*Id, Op);
    for (const FunctionGroup &G : *M.Groups) {
      const BackendOp *Fwd = nullptr, *Bwd = nullptr;
      for (FunctionId Id : G.members()) {
        if (!Fwd)
          Fwd = FwdOf.lookup(Id);
        if (!Bwd)
          Bwd = BwdOf.lookup(Id);
      }
      if (!Fwd || !Bwd)
        continue;
      std::string Keys = quoted(toString(*B.BackendKey)) + " or " +
                         quoted(toString(*B.AutogradKey));
      if (Fwd->Name == Bwd->Name)
        D.error(Bwd->Loc, "operator " + quoted(Bwd->Spelling) +
                              " is listed under both " + quoted(Fwd->List) +
                              " and `autograd`; its kernel goes to either " +
                              Keys);
      else
        D.error(Bwd->Loc,
                "operator " + quoted(Bwd->Spelling) +
                    " is listed under `autograd`, but " +
                    quoted(Fwd->Spelling) + " of the same group is listed " +
                    "under " + quoted(Fwd->List) +
                    "; all variants of an operator go to either " + Keys);
      D.note(Fwd->Loc, "listed under " + quoted(Fwd->List) + " here");
    }
  }
  return success(D.getNumErrors() == Before);
}
