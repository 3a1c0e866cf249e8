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

// Names are printed for lookups all over the passes; building the string
// directly saves the stream's per-write overhead. Keep in step with print().
static void appendBaseName(const BaseOperatorName &N, std::string &S) {
  if (N.DunderMethod) {
    S += "__";
    if (N.Inplace)
      S += 'i';
    S += N.Base;
    S += "__";
    return;
  }
  S += N.Base;
  if (N.Inplace)
    S += '_';
  else if (N.FunctionalOverload)
    S += "_functional";
}

std::string BaseOperatorName::str() const {
  std::string S;
  S.reserve(Base.size() + 11);
  appendBaseName(*this, S);
  return S;
}

void OperatorName::print(raw_ostream &OS) const {
  Name.print(OS);
  if (!OverloadName.empty())
    OS << '.' << OverloadName;
}

std::string OperatorName::str() const {
  std::string S;
  S.reserve(Name.Base.size() + 12 + OverloadName.size());
  appendBaseName(Name, S);
  if (!OverloadName.empty()) {
    S += '.';
    S += OverloadName;
  }
  return S;
}

std::string OperatorName::unambiguousName() const {
  std::string S;
  S.reserve(Name.Base.size() + 12 + OverloadName.size());
  appendBaseName(Name, S);
  if (!OverloadName.empty()) {
    S += '_';
    S += OverloadName;
  }
  return S;
}
