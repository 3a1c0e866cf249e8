//===- Namespaces.cpp - Opening and closing C++ namespaces ----------------===//

#include "opgen/Emit/Dest/Namespaces.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/Twine.h"

using namespace opgen;
using namespace llvm;

std::pair<std::string, std::string>
opgen::getNamespaceLines(StringRef CppNamespace) {
  SmallVector<StringRef, 3> Parts;
  CppNamespace.split(Parts, "::");
  std::string Prologue, Epilogue;
  for (StringRef P : Parts)
    Prologue +=
        (Prologue.empty() ? "" : "\n") + ("namespace " + P + " {").str();
  for (StringRef P : reverse(Parts))
    Epilogue += (Epilogue.empty() ? "" : "\n") + ("} // namespace " + P).str();
  return {Prologue, Epilogue};
}
