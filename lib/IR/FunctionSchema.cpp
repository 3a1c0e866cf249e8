//===- FunctionSchema.cpp - Operator schemas ------------------------------===//

#include "opgen/IR/FunctionSchema.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

template <typename T> static std::string toStr(const T &V) {
  std::string S;
  raw_string_ostream OS(S);
  // raw_string_ostream writes through on every call; buffering halves the
  // cost of printing schemas, which the parser does for every entry.
  OS.SetBufferSize(256);
  V.print(OS);
  OS.flush();
  return S;
}

void Annotation::print(raw_ostream &OS) const {
  OS << join(AliasSet, "|");
  if (IsWrite)
    OS << '!';
  if (!AliasSetAfter.empty())
    OS << " -> " << join(AliasSetAfter, "|");
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
  std::string TyStr = Ty.str();
  StringRef Rest = StringRef(TyStr);
  // Parsing only attaches annotations to Tensor, Tensor? and Tensor[].
  if (Rest.consume_front("Tensor")) {
    OS << "Tensor(" << Annot->str() << ")" << Rest;
    return;
  }
  OS << TyStr << "(" << Annot->str() << ")";
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

std::vector<const Argument *> Arguments::flatPositional() const {
  std::vector<const Argument *> R;
  for (const Argument &A : PreSelfPositional)
    R.push_back(&A);
  if (Self)
    R.push_back(&*Self);
  for (const Argument &A : PostSelfPositional)
    R.push_back(&A);
  return R;
}

std::vector<const Argument *> Arguments::flatKwargOnly() const {
  std::vector<const Argument *> R;
  for (const Argument &A : PreTensorOptionsKwargOnly)
    R.push_back(&A);
  if (TensorOptions)
    for (const Argument &A : *TensorOptions)
      R.push_back(&A);
  for (const Argument &A : PostTensorOptionsKwargOnly)
    R.push_back(&A);
  return R;
}

std::vector<const Argument *> Arguments::flatNonOut() const {
  std::vector<const Argument *> R = flatPositional();
  for (const Argument *A : flatKwargOnly())
    R.push_back(A);
  return R;
}

std::vector<const Argument *> Arguments::flatAll() const {
  std::vector<const Argument *> R = flatNonOut();
  for (const Argument &A : Out)
    R.push_back(&A);
  return R;
}

bool Arguments::hasTensorArg() const {
  return any_of(flatNonOut(),
                [](const Argument *A) { return A->Ty.isTensorLike(); });
}
bool Arguments::hasSymIntArg() const {
  return any_of(flatNonOut(),
                [](const Argument *A) { return A->Ty.isSymIntLike(); });
}
bool Arguments::hasGeneratorArg() const {
  return any_of(flatNonOut(),
                [](const Argument *A) { return A->Ty.isGeneratorLike(); });
}

void Arguments::print(raw_ostream &OS) const {
  ListSeparator Sep(", ");
  for (const Argument *A : flatPositional())
    OS << Sep << A->str();
  std::vector<const Argument *> Kw = flatKwargOnly();
  if (!Kw.empty() || !Out.empty())
    OS << Sep << '*';
  for (const Argument *A : Kw)
    OS << Sep << A->str();
  for (const Argument &A : Out)
    OS << Sep << A.str();
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

void FunctionSchema::print(raw_ostream &OS) const {
  OS << Name << '(';
  Args.print(OS);
  OS << ") -> ";
  if (Returns.size() == 1) {
    OS << Returns.front().str();
    return;
  }
  OS << '(';
  ListSeparator Sep(", ");
  for (const Return &R : Returns)
    OS << Sep << R.str();
  OS << ')';
}

std::string FunctionSchema::str() const { return toStr(*this); }
