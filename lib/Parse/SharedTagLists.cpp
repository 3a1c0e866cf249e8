//===- SharedTagLists.cpp - `tags:` lists shared through YAML aliases ----===//
//
// PyYAML builds an anchored list once, so every alias of it is the same
// Python list, and torchgen appends the tags it adds on its own
// (pt2_compliant_tag for aten operators, out, inplace) to the list each
// entry read. Entries sharing a list therefore get, besides their own, the
// tags added for the entries before them in the file: an out= operator's
// `out` reaches a functional one, an aten operator's pt2_compliant_tag one
// in another namespace. The files stay valid, so opgen reads them the same
// and warns where an entry gets a tag it would not have had.
//
//===----------------------------------------------------------------------===//

#include "NativeYamlStages.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

void nativeyaml::shareAliasedTagLists(Context &Ctx, EntrySlots &Slots) {
  // Nearly every list is used once: count first, and do nothing more
  // unless some list is shared.
  DenseMap<const char *, unsigned> Uses;
  for (size_t I = 0; I != Slots.Tags.size(); ++I)
    if (Slots.Ok[I] && Slots.Tags[I].List.isValid())
      ++Uses[Slots.Tags[I].List.getPointer()];
  if (none_of(Uses, [](const auto &U) { return U.second > 1; }))
    return;

  DiagnosticEngine &D = Ctx.getDiags();
  struct Shared {
    /// What torchgen has appended to the list so far.
    std::vector<std::string> Appended;
    /// The entry that appended each, for the warning.
    std::vector<size_t> By;
  };
  DenseMap<const char *, Shared> Lists;
  for (size_t I = 0; I != Slots.Tags.size(); ++I) {
    const TagListUse &T = Slots.Tags[I];
    if (!Slots.Ok[I] || !T.List.isValid() || Uses[T.List.getPointer()] < 2)
      continue;
    Shared &L = Lists[T.List.getPointer()];
    NativeFunction &F = Slots.Fns[I];
    std::string Gained;
    std::optional<size_t> From;
    for (size_t J = 0; J != L.Appended.size(); ++J) {
      const std::string &Tag = L.Appended[J];
      if (F.Tags.count(Tag))
        continue;
      F.Tags.insert(Tag);
      Gained += (Gained.empty() ? "`" : ", `") + Tag + "`";
      if (!From)
        From = L.By[J];
    }
    if (!Gained.empty()) {
      D.warning(T.Key, "`" + F.Func.Name.str() +
                           "` shares its `tags` list (a YAML alias) with "
                           "earlier entries, and torchgen adds to that list "
                           "the tags it gives each of them, so this entry "
                           "also gets " +
                           Gained + " (from `" +
                           Slots.Fns[*From].Func.Name.str() + "`)");
      D.note(T.List, "the shared list");
    }
    for (const std::string &Tag : T.Added) {
      L.Appended.push_back(Tag);
      L.By.push_back(I);
    }
  }
}
