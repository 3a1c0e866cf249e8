//===- CrossEntryChecks.cpp - Checks across native function entries -------===//
//
// What torchgen's error_check_native_functions checks once every entry is
// read (structured delegates exist and are structured, inplace_view
// operators have an out-of-place view), plus duplicate operators, which
// torchgen only notices when two entries share a dispatch key.
//
//===----------------------------------------------------------------------===//

#include "NativeYamlStages.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

void nativeyaml::checkAcrossEntries(Context &Ctx,
                                    const std::vector<NativeFunction> &Fns,
                                    const std::set<OperatorName> &FailedNames) {
  DiagnosticEngine &D = Ctx.getDiags();
  // Names print canonically (they parse back to themselves), so their text
  // identifies them; hashing text is cheaper than ordering structs.
  // Names are printed into a stack buffer and kept, once, in an arena
  // rather than in a node each.
  auto Print = [](const OperatorName &N, SmallString<128> &Buf) {
    Buf.clear();
    raw_svector_ostream OS(Buf);
    N.print(OS);
    return StringRef(Buf);
  };
  BumpPtrAllocator NameArena;
  using NameMap = DenseMap<StringRef, const NativeFunction *>;
  // The entry for \p Key, added (and \p Key saved) if new.
  auto Insert = [&](NameMap &Map, StringRef Key, const NativeFunction *F) {
    auto It = Map.find(Key);
    if (It != Map.end())
      return std::make_pair(It, false);
    return Map.try_emplace(Key.copy(NameArena), F);
  };
  SmallString<128> NameBuf;
  std::vector<StringRef> Names;
  Names.reserve(Fns.size());
  NameMap ByName, ByQualifiedName;
  ByName.reserve(Fns.size());
  ByQualifiedName.reserve(Fns.size());
  for (const NativeFunction &F : Fns) {
    Names.push_back(
        Insert(ByName, Print(F.Func.Name, NameBuf), &F).first->first);
    // Operators are registered per namespace, so `aten::f` and `custom::f`
    // are two operators (torchgen objects only when they share a dispatch
    // key, which the backend-index pass checks).
    NameBuf.clear();
    raw_svector_ostream(NameBuf) << F.Namespace << "::" << Names.back();
    auto [It, New] = Insert(ByQualifiedName, NameBuf, &F);
    if (!New) {
      D.error(F.FuncLoc,
              "duplicate operator `" +
                  (F.Namespace == "aten" ? Names.back() : It->first) + "`");
      D.note(It->second->FuncLoc, "previously declared here");
    }
  }
  // Base names are needed only for inplace_view operators, which are few.
  StringSet<> BaseNames;
  auto HasBaseName = [&](const BaseOperatorName &B) {
    if (BaseNames.empty()) {
      for (const NativeFunction &F : Fns)
        BaseNames.insert(F.Func.Name.Name.str());
      for (const OperatorName &N : FailedNames)
        BaseNames.insert(N.Name.str());
    }
    return BaseNames.count(B.str()) != 0;
  };
  for (size_t I = 0; I < Fns.size(); ++I) {
    const NativeFunction &F = Fns[I];
    StringRef Name = Names[I];
    if (F.StructuredDelegate) {
      auto It = ByName.find(Print(*F.StructuredDelegate, NameBuf));
      if (It == ByName.end()) {
        if (!FailedNames.count(*F.StructuredDelegate))
          D.error(F.FuncLoc, "`" + Name + "` has structured_delegate `" +
                                 F.StructuredDelegate->str() +
                                 "`, but no such operator exists");
      } else if (!It->second->Structured) {
        D.error(F.FuncLoc, "`" + Name + "` has structured_delegate `" +
                               F.StructuredDelegate->str() +
                               "`, which is not marked `structured: True`");
        D.note(It->second->FuncLoc, "delegate declared here");
      }
    }
    if (F.Tags.count("inplace_view") && Name != "resize_" &&
        Name != "resize_as_" && F.Func.Name.Name.str() != "set_") {
      const BaseOperatorName &B = F.Func.Name.Name;
      if (!B.Inplace) {
        D.error(F.FuncLoc, "`" + Name +
                               "` has the inplace_view tag, but its name "
                               "does not end in `_` as inplace operators' do");
      } else {
        BaseOperatorName OutOfPlace{B.Base, false, B.DunderMethod, false};
        if (!HasBaseName(OutOfPlace))
          D.error(F.FuncLoc, "`" + Name +
                                 "` has the inplace_view tag, but there is no "
                                 "out-of-place view operator `" +
                                 OutOfPlace.str() + "`");
      }
    }
  }
}
