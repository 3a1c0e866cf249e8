//===- RegisterFunctionalization.cpp - RegisterFunctionalization_N.cpp ----===//
//
// The Functionalize key's kernels and registrations, sharded over four
// files and RegisterFunctionalizationEverything.cpp by root name (torchgen's
// gen_functionalization_definition and gen_functionalization_registration).
// The units are those of getFunctionalizationUnits: function groups get a
// kernel for each mutating member, view groups one for the view and its
// inplace view, and the functions in neither only their
// CompositeImplicitAutograd kernels registered (so they decompose before
// functionalization) or nothing. Every unit's headers are listed; a
// selective build that does not include every operator gets no kernels.
//
//   m.impl("abs_", TORCH_FN(functionalization::abs_));
//   m.impl("reshape", static_cast<at::Tensor (*)(...)>(at::native::reshape));
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/NativeSignature.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/ATen/FunctionalizationKernels.h"
#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/IR/FunctionIndex.h"
#include "opgen/IR/Functionalization.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

/// What one unit adds to the shards.
struct UnitText {
  std::vector<std::string> Headers, Definitions, Registrations;
};

class FunctionalizationWriter {
public:
  FunctionalizationWriter(const Module &M, DiagnosticEngine &D,
                          std::vector<const BackendMetadata *> Composite)
      : M(M), D(D), Composite(std::move(Composite)),
        AllOperators(!M.Selection || M.Selection->IncludeAllOperators) {}

  /// The unit's texts; false after an error (reported).
  bool write(const FunctionalizationUnit &U, UnitText &Out) const;

private:
  const Module &M;
  DiagnosticEngine &D;
  /// The CompositeImplicitAutograd kernels, by FunctionId.
  std::vector<const BackendMetadata *> Composite;
  bool AllOperators;

  const NativeFunction &fn(FunctionId Id) const { return M.Functions[Id]; }
  void addHeaders(UnitText &Out, FunctionId Id) const {
    appendOpHeaders(Out.Headers, fn(Id));
  }
  std::optional<std::string> registration(FunctionId Id) const;
  bool writeView(const ViewGroup &VG, UnitText &Out) const;
  bool writeGroup(const FunctionGroup &G, UnitText &Out) const;
  bool writeFunction(FunctionId Id, UnitText &Out) const;
};

} // namespace

std::optional<std::string>
FunctionalizationWriter::registration(FunctionId Id) const {
  const NativeFunction &F = fn(Id);
  std::string S = "m.impl(\"" + F.Func.Name.str() + "\", ";
  if (!F.HasCompositeImplicitAutogradKernel)
    return S + "TORCH_FN(functionalization::" + functionalizationKernelName(F) +
           "));";
  // Note [Composite view ops in the functionalization pass]: registered
  // as they are, to decompose into the ops they call.
  const BackendMetadata *Meta = Composite[Id];
  if (!Meta) {
    D.error(F.FuncLoc, "`" + F.Func.Name.str() +
                           "` has a CompositeImplicitAutograd kernel but "
                           "no entry in that key's index");
    return std::nullopt;
  }
  NativeSignature Sig{&F, StringRef(Meta->Kernel).contains("_symint"), ""};
  S += "static_cast<" + Sig.returnsType().str() + " (*)(";
  appendBindings(S, Sig.arguments(), /*Defn=*/true);
  return S + ")>(at::native::" + Meta->Kernel + "));";
}

bool FunctionalizationWriter::writeView(const ViewGroup &VG,
                                        UnitText &Out) const {
  for (std::optional<FunctionId> Id :
       {std::optional<FunctionId>(VG.View), VG.ViewCopy})
    if (Id)
      addHeaders(Out, *Id);
  if (!AllOperators)
    return true;
  const NativeFunction &View = fn(VG.View);
  if (!View.HasCompositeImplicitAutogradKernel) {
    // Invariant: a non-composite view has a view_copy to replay with.
    if (!VG.ViewCopy) {
      D.error(View.FuncLoc, "view op `" + View.Func.Name.str() +
                                "` needs a `_copy` variant for "
                                "functionalization to replay it");
      return false;
    }
    for (bool Inplace : {false, true}) {
      if (Inplace && !VG.ViewInplace)
        continue;
      std::optional<std::string> K =
          emitViewFunctionalizationKernel(M, D, VG, Inplace);
      if (!K)
        return false;
      Out.Definitions.push_back(std::move(*K));
    }
  }
  // Note [Functionalization <> torch.Tensor constructor]: lift_fresh is
  // handled by hand.
  if (View.Func.Name.str() == "lift_fresh")
    return true;
  for (std::optional<FunctionId> Id :
       {std::optional<FunctionId>(VG.View), VG.ViewInplace}) {
    if (!Id)
      continue;
    if (Id == VG.ViewInplace && !fn(*Id).isViewOp()) {
      D.error(fn(*Id).FuncLoc, "`" + fn(*Id).Func.Name.str() +
                                   "`, the inplace variant of a view, must "
                                   "be a view op too");
      return false;
    }
    std::optional<std::string> R = registration(*Id);
    if (!R)
      return false;
    Out.Registrations.push_back(std::move(*R));
  }
  return true;
}

bool FunctionalizationWriter::writeGroup(const FunctionGroup &G,
                                         UnitText &Out) const {
  for (FunctionId Id : G.members())
    addHeaders(Out, Id);
  if (!AllOperators)
    return true;
  for (std::optional<FunctionId> Id :
       {std::optional<FunctionId>(G.Out), G.Inplace, G.Mutable}) {
    if (!Id)
      continue;
    std::optional<std::string> K =
        emitMutationFunctionalizationKernel(M, D, fn(*Id), G);
    if (!K)
      return false;
    Out.Definitions.push_back(std::move(*K));
  }
  // set_.source_Tensor's group has a hand-written kernel.
  if (G.Inplace && fn(*G.Inplace).Func.Name.str() == "set_.source_Tensor")
    return true;
  std::vector<std::string> Regs;
  for (FunctionId Id : G.members()) {
    const NativeFunction &F = fn(Id);
    if (F.HasCompositeImplicitAutogradKernel)
      continue;
    std::string Name = F.Func.Name.str();
    // Note [Functionalization <> torch.Tensor constructor] and Note
    // [resize_ in Functionalization]: the group registers nothing.
    if (Name == "lift" || Name == "resize_")
      return true;
    if (F.Func.Name.Name.str() != "set_" && F.isViewOp()) {
      D.error(F.FuncLoc, "`" + Name +
                             "` is a view op in a group of mutations; "
                             "functionalization cannot handle both");
      return false;
    }
    if (getMutableArguments(F.Func).empty())
      continue;
    std::optional<std::string> R = registration(Id);
    if (!R)
      return false;
    Regs.push_back(std::move(*R));
  }
  append_range(Out.Registrations, Regs);
  return true;
}

bool FunctionalizationWriter::writeFunction(FunctionId Id,
                                            UnitText &Out) const {
  addHeaders(Out, Id);
  if (!AllOperators)
    return true;
  const NativeFunction &F = fn(Id);
  std::string Name = F.Func.Name.str();
  if (isMutableOpNotUsingFunctionalization(Name))
    return true;
  bool Mutates = !getMutableArguments(F.Func).empty();
  // Invariant: a mutable op functionalization handles is in a group.
  if (Mutates && !F.HasCompositeImplicitAutogradKernel &&
      !isMutableOpNotUsingFunctionalization(F.Func.Name.Name.str())) {
    D.error(F.FuncLoc, "mutable op `" + Name +
                           "` is in no group, so functionalization has no "
                           "functional op to replace it with; give it a "
                           "functional variant or a "
                           "CompositeImplicitAutograd kernel");
    return false;
  }
  if (F.HasCompositeImplicitAutogradKernel || Name == "lift" ||
      Name == "resize_")
    return true;
  if (F.Func.Name.Name.str() != "set_" && F.isViewOp()) {
    D.error(F.FuncLoc, "view op `" + Name +
                           "` is in no view group, so functionalization "
                           "cannot replay it");
    return false;
  }
  if (!Mutates)
    return true;
  std::optional<std::string> R = registration(Id);
  if (!R)
    return false;
  Out.Registrations.push_back(std::move(*R));
  return true;
}

bool FunctionalizationWriter::write(const FunctionalizationUnit &U,
                                    UnitText &Out) const {
  switch (U.K) {
  case FunctionalizationUnit::Group:
    return writeGroup((*M.Groups)[U.Index], Out);
  case FunctionalizationUnit::View:
    return writeView((*M.ViewGroups)[U.Index], Out);
  case FunctionalizationUnit::Function:
    return writeFunction(U.Index, Out);
  }
  return false;
}

LogicalResult opgen::emitRegisterFunctionalization(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  const Module &M = EC.M;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  const BackendIndex *CIA =
      M.getBackendIndex(DispatchKey::CompositeImplicitAutograd);
  if (!M.Groups || !M.ViewGroups || !M.BackendIndices ||
      any_of(M.Functions,
             [](const NativeFunction &F) { return !F.Names.has_value(); })) {
    D.error(SMLoc(), "RegisterFunctionalization.cpp needs the groups, view "
                     "groups, kernel names and backend indices of the "
                     "default pipeline; run it with -passes=default");
    return failure();
  }
  std::vector<const BackendMetadata *> Composite(M.Functions.size(), nullptr);
  if (CIA)
    Composite = getKernelsByFunction(M, *CIA, FunctionIndex(M));

  std::vector<FunctionalizationUnit> Units = getFunctionalizationUnits(M);
  FunctionalizationWriter W(M, D, std::move(Composite));
  std::vector<UnitText> Texts(Units.size());
  std::vector<char> Ok(Units.size(), 0);
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(
      EC.Options.Threads, Units.size(),
      [&](size_t I) { Ok[I] = W.write(Units[I], Texts[I]); });
  D.flushDeferred();
  if (is_contained(Ok, 0))
    return failure();

  std::vector<ShardItem> Items(Units.size());
  for (size_t I = 0; I != Units.size(); ++I) {
    const FunctionalizationUnit &U = Units[I];
    FunctionId Root =
        U.K == FunctionalizationUnit::Group  ? (*M.Groups)[U.Index].Functional
        : U.K == FunctionalizationUnit::View ? (*M.ViewGroups)[U.Index].View
                                             : U.Index;
    Items[I].Key = M.Functions[Root].Names->Root;
    Items[I].Env["ops_headers"] = std::move(Texts[I].Headers);
    Items[I].Env["func_definitions"] = std::move(Texts[I].Definitions);
    Items[I].Env["func_registrations"] = std::move(Texts[I].Registrations);
  }
  return EC.files().writeSharded(
      "RegisterFunctionalization.cpp", "RegisterFunctionalization.cpp",
      std::move(Items), 4, TemplateEnv(),
      {"ops_headers", "func_definitions", "func_registrations"},
      EC.Options.Threads);
}
