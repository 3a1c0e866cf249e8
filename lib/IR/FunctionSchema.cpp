//===- FunctionSchema.cpp - Operator schemas ------------------------------===//

#include "opgen/IR/FunctionSchema.h"
#include "opgen/Support/StringStream.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

template <typename T> static std::string toStr(const T &V) {
  std::string S;
  BufferedStringStream OS(S);
  V.print(OS);
  return std::move(OS.str());
}

static void printAliasSet(raw_ostream &OS,
                          const std::vector<std::string> &Set) {
  ListSeparator Sep("|");
  for (const std::string &A : Set)
    OS << Sep << A;
}

void Annotation::print(raw_ostream &OS) const {
  printAliasSet(OS, AliasSet);
  if (IsWrite)
    OS << '!';
  if (!AliasSetAfter.empty()) {
    OS << " -> ";
    printAliasSet(OS, AliasSetAfter);
  }
}
std::string Annotation::str() const { return toStr(*this); }

/// Print a type with its alias annotation. The annotation binds to the Tensor
/// inside the type: `Tensor(a!)?`, `Tensor(a)[]`.
static void printAnnotatedType(raw_ostream &OS, Type Ty,
                               const std::optional<Annotation> &Annot) {
  if (!Annot) {
    OS << Ty;
    return;
  }
  SmallString<32> TyStr;
  raw_svector_ostream TyOS(TyStr);
  TyOS << Ty;
  StringRef Rest = TyStr;
  // Parsing only attaches annotations to Tensor, Tensor? and Tensor[].
  if (Rest.consume_front("Tensor")) {
    OS << "Tensor(";
    Annot->print(OS);
    OS << ")" << Rest;
    return;
  }
  OS << TyStr << "(";
  Annot->print(OS);
  OS << ")";
}

void Argument::print(raw_ostream &OS) const {
  printAnnotatedType(OS, Ty, Annot);
  OS << ' ' << Name;
  if (Default && !Default->empty())
    OS << '=' << *Default;
}
std::string Argument::str() const { return toStr(*this); }

void Return::print(raw_ostream &OS) const {
  printAnnotatedType(OS, Ty, Annot);
  if (Name)
    OS << ' ' << *Name;
}
std::string Return::str() const { return toStr(*this); }

bool Arguments::anyOf(unsigned Parts,
                      function_ref<bool(const Argument &)> F) const {
  if (Parts & PositionalPart) {
    for (const Argument &A : PreSelfPositional)
      if (F(A))
        return true;
    if (Self && F(*Self))
      return true;
    for (const Argument &A : PostSelfPositional)
      if (F(A))
        return true;
  }
  if (Parts & KwargOnlyPart) {
    for (const Argument &A : PreTensorOptionsKwargOnly)
      if (F(A))
        return true;
    if (TensorOptions)
      for (const Argument &A : *TensorOptions)
        if (F(A))
          return true;
    for (const Argument &A : PostTensorOptionsKwargOnly)
      if (F(A))
        return true;
  }
  if (Parts & OutPart)
    for (const Argument &A : Out)
      if (F(A))
        return true;
  return false;
}

static std::vector<const Argument *> collect(const Arguments &Args,
                                             unsigned Parts) {
  std::vector<const Argument *> R;
  R.reserve(8);
  Args.anyOf(Parts, [&](const Argument &A) {
    R.push_back(&A);
    return false;
  });
  return R;
}

std::vector<const Argument *> Arguments::flatPositional() const {
  return collect(*this, PositionalPart);
}
std::vector<const Argument *> Arguments::flatKwargOnly() const {
  return collect(*this, KwargOnlyPart);
}
std::vector<const Argument *> Arguments::flatNonOut() const {
  return collect(*this, NonOutParts);
}
std::vector<const Argument *> Arguments::flatAll() const {
  return collect(*this, AllParts);
}

bool Arguments::hasTensorArg() const {
  return anyOf(NonOutParts,
               [](const Argument &A) { return A.Ty.isTensorLike(); });
}
bool Arguments::hasSymIntArg() const {
  return anyOf(NonOutParts,
               [](const Argument &A) { return A.Ty.isSymIntLike(); });
}
bool Arguments::hasGeneratorArg() const {
  return anyOf(NonOutParts,
               [](const Argument &A) { return A.Ty.isGeneratorLike(); });
}

void Arguments::print(raw_ostream &OS) const {
  bool First = true;
  auto Sep = [&] {
    if (!First)
      OS << ", ";
    First = false;
  };
  anyOf(PositionalPart, [&](const Argument &A) {
    Sep();
    A.print(OS);
    return false;
  });
  bool HasKwargs = anyOf(KwargOnlyPart, [](const Argument &) { return true; });
  if (HasKwargs || !Out.empty()) {
    Sep();
    OS << '*';
  }
  anyOf(KwargOnlyPart | OutPart, [&](const Argument &A) {
    Sep();
    A.print(OS);
    return false;
  });
}

bool Arguments::operator==(const Arguments &O) const {
  return PreSelfPositional == O.PreSelfPositional && Self == O.Self &&
         PostSelfPositional == O.PostSelfPositional &&
         PreTensorOptionsKwargOnly == O.PreTensorOptionsKwargOnly &&
         TensorOptions == O.TensorOptions &&
         PostTensorOptionsKwargOnly == O.PostTensorOptionsKwargOnly &&
         Out == O.Out;
}

StringRef opgen::toString(SchemaKind K) {
  switch (K) {
  case SchemaKind::Functional:
    return "functional";
  case SchemaKind::Inplace:
    return "inplace";
  case SchemaKind::Out:
    return "out";
  case SchemaKind::Mutable:
    return "mutable";
  case SchemaKind::Scratch:
    return "scratch";
  }
  return "functional";
}

SchemaKind FunctionSchema::kind() const {
  // Inplace wins over out=; the schema verifier rejects schemas that are both.
  if (Name.Name.Inplace)
    return SchemaKind::Inplace;
  if (any_of(Args.Out, [](const Argument &A) {
        return StringRef(A.Name).startswith("_scratch_");
      }))
    return SchemaKind::Scratch;
  if (!Args.Out.empty())
    return SchemaKind::Out;
  if (any_of(Args.PostSelfPositional,
             [](const Argument &A) { return A.isWrite(); }))
    return SchemaKind::Mutable;
  return SchemaKind::Functional;
}

std::vector<const Argument *>
FunctionSchema::aliasedReturnArguments(const Return **Ambiguous) const {
  if (Ambiguous)
    *Ambiguous = nullptr;
  std::vector<const Argument *> Out;
  Out.reserve(Returns.size());
  for (const Return &R : Returns) {
    const Argument *Found = nullptr;
    if (R.Annot)
      Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
        if (!A.Annot || *A.Annot != *R.Annot)
          return false;
        if (Found && Ambiguous && !*Ambiguous)
          *Ambiguous = &R;
        if (!Found)
          Found = &A;
        return false;
      });
    Out.push_back(Found);
  }
  return Out;
}

void FunctionSchema::print(raw_ostream &OS) const {
  OS << Name << '(';
  Args.print(OS);
  OS << ") -> ";
  if (Returns.size() == 1) {
    Returns.front().print(OS);
    return;
  }
  OS << '(';
  ListSeparator Sep(", ");
  for (const Return &R : Returns) {
    OS << Sep;
    R.print(OS);
  }
  OS << ')';
}

std::string FunctionSchema::str() const { return toStr(*this); }
