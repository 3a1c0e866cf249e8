//===- StructSeq.cpp - Named tuples of returns for Python -----------------===//

#include "opgen/PythonApi/StructSeq.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

Expected<std::vector<std::string>>
opgen::structseqFieldnames(const FunctionSchema &Func) {
  const auto &Rs = Func.Returns;
  auto Unnamed = [](const Return &R) { return !R.Name; };
  if (Rs.size() <= 1 || all_of(Rs, Unnamed))
    return std::vector<std::string>();
  if (any_of(Rs, Unnamed))
    return createStringError(
        inconvertibleErrorCode(),
        "`" + Func.Name.str() +
            "` names some of its returns but not all: the Python bindings "
            "return a named tuple only when every return has a name");
  std::vector<std::string> Names;
  for (const Return &R : Rs)
    Names.push_back(*R.Name);
  return Names;
}

std::string
opgen::structseqTypenameKey(const NativeFunction &F,
                            const std::vector<std::string> &Fieldnames) {
  std::string Key = cppApiName(F);
  for (const std::string &N : Fieldnames)
    Key += "_" + N;
  return Key;
}
