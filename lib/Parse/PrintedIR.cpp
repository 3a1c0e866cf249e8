//===- PrintedIR.cpp - Read back what printed IR adds to entries ----------===//
//
// `opgen-opt --emit=yaml` records what the passes computed on each entry:
// `__names__` (kernel-naming), `__group__` and `__view_group__` (the group
// pass). Reading them back, and rebuilding the module's groups from them,
// makes printed IR read back to the IR it was printed from. The keys are
// spelled once, in opgen/IR/PrintedIRKeys.h, for the emitter and the reader.
//
//===----------------------------------------------------------------------===//

#include "NativeYamlStages.h"

#include "opgen/IR/PrintedIRKeys.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

/// Printed IR's `__group__` / `__view_group__` (\p Key), whose value is \p V.
static std::optional<GroupRef> readGroupRef(Context &Ctx, const YamlValue *V,
                                            StringRef Key,
                                            ArrayRef<StringLiteral> Roles,
                                            bool &Ok) {
  if (!V)
    return std::nullopt;
  GroupRef R;
  R.Loc = V->Loc;
  StringRef Index, Role;
  std::tie(Index, Role) = StringRef(V->str()).split(' ');
  if (V->Kind != YamlKind::Str || Index.getAsInteger(10, R.Index) ||
      !is_contained(Roles, Role)) {
    Ctx.getDiags().error(V->Loc, "`" + Key +
                                     "` must be `<index> <role>`, "
                                     "with role one of " +
                                     join(Roles, ", "));
    Ok = false;
    return std::nullopt;
  }
  R.Role = Role.str();
  return R;
}

void nativeyaml::readPrintedExtensions(Context &Ctx, const EntryReader &Reader,
                                       NativeFunction &F,
                                       PrintedResults &Printed, bool &Ok) {
  using namespace printedir;
  Printed.Group = readGroupRef(Ctx, Reader.field(EntryKey::PrintedGroup),
                               GroupKey, GroupRoles, Ok);
  Printed.ViewGroup =
      readGroupRef(Ctx, Reader.field(EntryKey::PrintedViewGroup), ViewGroupKey,
                   ViewGroupRoles, Ok);
  const YamlValue *N = Reader.field(EntryKey::PrintedNames);
  if (!N)
    return;
  const YamlValue *Cpp = N->lookup(NamesCpp),
                  *Disp = N->lookup(NamesDispatcher),
                  *Unamb = N->lookup(NamesUnambiguous),
                  *Root = N->lookup(NamesRoot);
  if (N->Kind != YamlKind::Mapping || !Cpp || !Disp || !Unamb || !Root) {
    Ctx.getDiags().error(N->Loc, "`" + NamesKey + "` must map " + NamesCpp +
                                     ", " + NamesDispatcher + ", " +
                                     NamesUnambiguous + " and " + NamesRoot +
                                     " to names");
    Ok = false;
  } else if (Ok) {
    F.Names = KernelNames{Cpp->str(), Disp->str(), Unamb->str(), Root->str()};
  }
}

/// Every entry carries `__group__` or none does.
LogicalResult
nativeyaml::rebuildGroups(Context &Ctx, Module &M,
                          const std::vector<PrintedResults> &Printed) {
  using namespace printedir;
  DiagnosticEngine &D = Ctx.getDiags();
  size_t WithGroup = count_if(
      Printed, [](const PrintedResults &P) { return P.Group.has_value(); });
  if (WithGroup == 0) {
    for (const PrintedResults &P : Printed)
      if (P.ViewGroup) {
        D.error(P.ViewGroup->Loc,
                "`" + ViewGroupKey + "` without `" + GroupKey + "`");
        return failure();
      }
    return success();
  }
  bool Ok = true;
  std::vector<FunctionGroup> Groups;
  std::vector<std::vector<FunctionId>> Members;
  std::vector<ViewGroup> Views;
  std::vector<bool> HasView;
  for (FunctionId I = 0; I < Printed.size(); ++I) {
    const PrintedResults &P = Printed[I];
    if (!P.Group) {
      D.error(M.Functions[I].FuncLoc, "printed IR has `" + GroupKey +
                                          "` on some entries but not this "
                                          "one");
      Ok = false;
      continue;
    }
    const GroupRef &G = *P.Group;
    if (G.Index >= Printed.size()) {
      D.error(G.Loc, "group index " + Twine(G.Index) + " is out of range");
      Ok = false;
      continue;
    }
    if (Groups.size() <= G.Index) {
      Groups.resize(G.Index + 1);
      Members.resize(G.Index + 1);
    }
    FunctionGroup &FG = Groups[G.Index];
    Members[G.Index].push_back(I);
    if (G.Role == RoleSingle) {
      FG.Function = I;
    } else {
      FG.IsGroup = true;
      if (G.Role == RoleFunctional)
        FG.Functional = I;
      else if (G.Role == RoleOut)
        FG.Out = I;
      else if (G.Role == RoleInplace)
        FG.Inplace = I;
      else
        FG.Mutable = I;
    }
    if (P.ViewGroup) {
      const GroupRef &V = *P.ViewGroup;
      if (V.Index >= Printed.size()) {
        D.error(V.Loc,
                "view group index " + Twine(V.Index) + " is out of range");
        Ok = false;
        continue;
      }
      if (Views.size() <= V.Index) {
        Views.resize(V.Index + 1);
        HasView.resize(V.Index + 1);
      }
      ViewGroup &VG = Views[V.Index];
      if (V.Role == RoleView) {
        VG.View = I;
        HasView[V.Index] = true;
      } else if (V.Role == RoleViewCopy) {
        VG.ViewCopy = I;
      } else {
        VG.ViewInplace = I;
      }
    }
  }
  for (size_t G = 0; G < Groups.size() && Ok; ++G) {
    bool Single = !Groups[G].IsGroup;
    if (Members[G].empty() || (Single && Members[G].size() != 1) ||
        (!Single && Members[G].size() < 2)) {
      D.error(Members[G].empty() ? SMLoc()
                                 : M.Functions[Members[G].front()].FuncLoc,
              "printed IR's group " + Twine(G) + " is malformed");
      Ok = false;
    } else if (!Single) {
      Groups[G].Structured = M.Functions[Groups[G].Out].Structured;
    }
  }
  for (size_t V = 0; V < Views.size() && Ok; ++V)
    if (!HasView[V]) {
      D.error(SMLoc(), "printed IR's view group " + Twine(V) + " has no view");
      Ok = false;
    }
  if (!Ok)
    return failure();
  M.Groups = std::move(Groups);
  M.ViewGroups = std::move(Views);
  return success();
}
