//===- Formula.cpp - Identifiers in derivative formulas -------------------===//

#include "opgen/AutogradApi/Formula.h"

#include "llvm/Support/Error.h"

using namespace opgen;
using namespace llvm;

static bool isWordChar(char C) {
  return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
         (C >= '0' && C <= '9') || C == '_';
}

std::optional<size_t> opgen::findIdent(StringRef Text, StringRef Name) {
  // A search cannot be hurt by consumed separators: the first occurrence
  // with a non-word character (or an end) on each side is a match.
  if (Name.empty())
    return std::nullopt;
  for (size_t At = Text.find(Name); At != StringRef::npos;
       At = Text.find(Name, At + 1)) {
    size_t End = At + Name.size();
    if ((At == 0 || !isWordChar(Text[At - 1])) &&
        (End == Text.size() || !isWordChar(Text[End])))
      return At;
  }
  return std::nullopt;
}

const PyRegex *FormulaPatterns::get(StringRef Pattern) {
  // A compiled pattern stays where it is made (the map holds pointers), so
  // it is used after the lock is let go.
  std::lock_guard<std::mutex> Lock(Mutex);
  auto [It, Inserted] = Compiled.try_emplace(Pattern);
  if (Inserted) {
    Expected<PyRegex> R = PyRegex::compile(Pattern);
    if (R)
      It->second = std::make_unique<PyRegex>(std::move(*R));
    else
      consumeError(R.takeError());
  }
  return It->second.get();
}

const PyRegex *FormulaPatterns::ident(StringRef Name) {
  return get(("(^|\\W)" + Name + "($|\\W)").str());
}

size_t opgen::countIdent(FormulaPatterns &P, StringRef Text, StringRef Name) {
  // Cheap exit: no occurrence at all (most formulas, most names).
  if (!findIdent(Text, Name))
    return 0;
  const PyRegex *R = P.ident(Name);
  return R ? R->findAll(Text).size() : 0;
}

std::string opgen::replaceIdent(FormulaPatterns &P, StringRef Text,
                                StringRef Name, StringRef Replacement) {
  if (!findIdent(Text, Name))
    return Text.str();
  const PyRegex *R = P.ident(Name);
  if (!R)
    return Text.str();
  return R->sub(Text, [&](const PyRegex::Match &M) {
    return (M.group(1) + Replacement + M.group(2)).str();
  });
}

std::string opgen::replaceAll(StringRef Text, StringRef Old, StringRef New) {
  if (Old.empty())
    return Text.str(); // Not used with an empty pattern.
  std::string Out;
  size_t Pos = 0;
  for (size_t At = Text.find(Old); At != StringRef::npos;
       At = Text.find(Old, Pos)) {
    Out.append(Text.data() + Pos, At - Pos);
    Out += New;
    Pos = At + Old.size();
  }
  Out.append(Text.data() + Pos, Text.size() - Pos);
  return Out;
}
