//===- InternedStrings.cpp - core/aten_interned_strings.h -----------------===//
//
// The interned symbols of ATen: `aten::<name>` for every operator name
// (with and without its inplace `_`, since some operators exist only
// inplace) and `attr::<name>` for every argument name, each list sorted.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace opgen;
using namespace llvm;

/// The distinct names of \p Names, sorted, as `_(<Ns>, name)` lines
/// continued with backslashes.
static std::string symbolLines(const StringSet<> &Names, StringRef Ns) {
  std::vector<StringRef> Sorted;
  Sorted.reserve(Names.size());
  for (const auto &N : Names)
    Sorted.push_back(N.getKey());
  llvm::sort(Sorted);
  std::string S;
  for (StringRef N : Sorted) {
    if (!S.empty())
      S += " \\\n";
    S += "_(";
    S += Ns;
    S += ", ";
    S += N;
    S += ')';
  }
  return S;
}

LogicalResult opgen::emitInternedStrings(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  // C++'s alternative operator spellings cannot be symbols.
  static const StringRef Keywords[] = {"and",   "and_eq", "bitand", "bitor",
                                       "compl", "not",    "not_eq", "or",
                                       "or_eq", "xor",    "xor_eq"};
  StringSet<> Names, Attrs;
  for (const NativeFunction &F : EC.M.Functions) {
    Names.insert(F.Func.Name.Name.str());
    Names.insert(F.Func.Name.Name.Base);
    F.Func.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
      Attrs.insert(A.Name);
      return false;
    });
  }
  for (StringRef K : Keywords)
    Names.erase(K);
  return EC.files(OutputFolder::Core)
      .write("aten_interned_strings.h",
             {{"aten_symbols", symbolLines(Names, "aten")},
              {"attr_symbols", symbolLines(Attrs, "attr")}});
}
