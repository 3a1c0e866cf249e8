//===- PythonBindings.cpp - Which functions Python sees -------------------===//

#include "opgen/PythonApi/PythonBindings.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <map>

using namespace opgen;
using namespace llvm;

std::optional<PythonBindingFilter>
PythonBindingFilter::make(Context &Ctx, const PythonBindingTables &Tables) {
  PythonBindingFilter Filter;
  bool Ok = true;
  for (size_t I = 0; I != Tables.SkipPythonBindings.size(); ++I) {
    StringRef P = Tables.SkipPythonBindings[I];
    auto IsName = [](StringRef S) {
      return !S.empty() &&
             llvm::all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
    };
    if (IsName(P)) {
      Filter.SkipNames.insert(P);
      continue;
    }
    if (P.endswith(".*") && IsName(P.drop_back(2))) {
      Filter.SkipPrefixes.push_back(P.drop_back(2).str());
      continue;
    }
    if (P.startswith(".*") && IsName(P.drop_front(2))) {
      Filter.SkipSuffixes.push_back(P.drop_front(2).str());
      continue;
    }
    // SKIP_PYTHON_BINDINGS anchors each pattern at both ends and
    // re.match()es it.
    Expected<PyRegex> R =
        PyRegex::compile("^" + Tables.SkipPythonBindings[I] + "$");
    if (!R) {
      SMLoc Loc = I < Tables.SkipPythonBindingsLocs.size()
                      ? Tables.SkipPythonBindingsLocs[I]
                      : SMLoc();
      Ctx.getDiags().error(Loc, "`_SKIP_PYTHON_BINDINGS` pattern " +
                                    Twine("'") + Tables.SkipPythonBindings[I] +
                                    "': " + toString(R.takeError()));
      Ok = false;
      continue;
    }
    Filter.Skip.push_back(std::move(*R));
  }
  for (const std::string &S : Tables.SkipPythonBindingsSignatures)
    Filter.SkipSignatures.insert(S);
  if (!Ok)
    return std::nullopt;
  return Filter;
}

bool PythonBindingFilter::shouldGenerate(const NativeFunction &F) const {
  // Generated functions are not bound (their kernels are slow), but for the
  // view_copy ones Python already had.
  if (F.isGenerated() && !F.Tags.count("view_copy"))
    return false;
  std::string Name = cppApiName(F);
  if (SkipNames.count(Name))
    return false;
  StringRef N = Name;
  for (const std::string &P : SkipPrefixes)
    if (N.startswith(P))
      return false;
  for (const std::string &S : SkipSuffixes)
    if (N.endswith(S))
      return false;
  for (const PyRegex &R : Skip)
    if (R.match(Name))
      return false;
  return !SkipSignatures.count(F.Func.str());
}

std::vector<std::vector<size_t>>
opgen::groupByBaseName(size_t N,
                       function_ref<const BaseOperatorName &(size_t)> NameOf,
                       bool SortByName) {
  std::map<BaseOperatorName, size_t> GroupOf;
  std::vector<std::vector<size_t>> Groups;
  for (size_t I = 0; I != N; ++I) {
    auto [It, New] = GroupOf.try_emplace(NameOf(I), Groups.size());
    if (New)
      Groups.emplace_back();
    Groups[It->second].push_back(I);
  }
  if (SortByName) {
    std::vector<std::string> Keys;
    for (const std::vector<size_t> &G : Groups)
      Keys.push_back(NameOf(G.front()).str());
    std::vector<size_t> Order(Groups.size());
    for (size_t I = 0; I != Order.size(); ++I)
      Order[I] = I;
    llvm::stable_sort(Order,
                      [&](size_t A, size_t B) { return Keys[A] < Keys[B]; });
    std::vector<std::vector<size_t>> Sorted;
    for (size_t I : Order)
      Sorted.push_back(std::move(Groups[I]));
    Groups = std::move(Sorted);
  }
  return Groups;
}
