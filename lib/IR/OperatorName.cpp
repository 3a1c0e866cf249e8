//===- OperatorName.cpp - Operator and overload names ---------------------===//

#include "opgen/IR/OperatorName.h"

#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

void BaseOperatorName::print(raw_ostream &OS) const {
  if (DunderMethod) {
    OS << "__" << (Inplace ? "i" : "") << Base << "__";
    return;
  }
  OS << Base;
  if (Inplace)
    OS << '_';
  else if (FunctionalOverload)
    OS << "_functional";
}

std::string BaseOperatorName::str() const {
  std::string S;
  raw_string_ostream OS(S);
  print(OS);
  return S;
}

void OperatorName::print(raw_ostream &OS) const {
  Name.print(OS);
  if (!OverloadName.empty())
    OS << '.' << OverloadName;
}

std::string OperatorName::str() const {
  std::string S;
  raw_string_ostream OS(S);
  print(OS);
  return S;
}

std::string OperatorName::unambiguousName() const {
  std::string S = Name.str();
  if (!OverloadName.empty())
    S += "_" + OverloadName;
  return S;
}
