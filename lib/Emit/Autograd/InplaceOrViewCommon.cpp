//===- InplaceOrViewCommon.cpp - Views and in-place kernels' pieces -------===//

#include "opgen/Emit/Autograd/InplaceOrViewCommon.h"
#include "opgen/Emit/Autograd/TraceTypeCommon.h"

#include "llvm/ADT/StringExtras.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

bool opgen::isTensorType(Type T) {
  return T.isTensorLike() && !T.getListLike();
}

bool opgen::isTensorListType(Type T) {
  return T.isTensorLike() && bool(T.getListLike());
}

std::string opgen::unpackedName(StringRef ArgName) {
  return (ArgName + "_").str();
}

StringRef opgen::getBaseName(const NativeFunction &F) {
  return F.Func.Name.Name.Base;
}

std::optional<StringRef> opgen::getViewInfo(const AutogradTables &T,
                                            const NativeFunction &F) {
  StringRef Base = getBaseName(F);
  if (const std::string *Of = T.ViewFunctions.lookup(Base))
    return StringRef(*Of);
  if (T.ReturnsViewsOfInput.count(Base.str()))
    return StringRef("self");
  return std::nullopt;
}

bool opgen::modifiesArguments(const NativeFunction &F) {
  SchemaKind K = F.Func.kind();
  return K == SchemaKind::Inplace || K == SchemaKind::Out;
}

bool opgen::useDerived(const Module &M, const AutogradModel &AM,
                       const AutogradTables &T,
                       const FunctionWithDerivatives &F) {
  const NativeFunction &NF = M.Functions[F.Func];
  return !T.ManualAutograd.count(autogradCppName(NF)) &&
         getDispatchStrategy(M, AM, F) == DispatchStrategy::UseDerived;
}

std::string opgen::genFormals(const NativeFunction &F) {
  return genKernelFormals(F);
}

std::vector<ExtractedBinding> opgen::extractBindings(const NativeFunction &F) {
  CppApiFlags Flags = CppApiFlags::forFunction(F);
  std::vector<ExtractedBinding> Bs;
  std::vector<const Argument *> Args = F.Func.schemaOrderArguments();
  Bs.reserve(Args.size());
  for (const Argument *A : Args) {
    ExtractedBinding E;
    E.B.Name = A->Name;
    E.B.NCType = {A->Name,
                  argumentCType(A->Ty, A->isWrite(), /*SymInt=*/true, Flags)};
    E.Arg = A;
    Bs.push_back(std::move(E));
  }
  return Bs;
}

UnpackedArgs opgen::unpackArgs(const NativeFunction &F) {
  UnpackedArgs R;
  std::vector<ExtractedBinding> Bs = extractBindings(F);
  R.Bindings.reserve(Bs.size());
  R.Args.reserve(Bs.size());
  for (size_t I = 0; I != Bs.size(); ++I) {
    ExtractedBinding &E = Bs[I];
    Type T = E.Arg->Ty;
    bool Nullable = T.isNullable();
    R.Args.push_back(E.Arg);
    if (!T.isTensorLike() || Nullable) {
      R.Bindings.push_back(std::move(E.B));
      continue;
    }
    bool List = isTensorListType(T);
    std::string S = "auto";
    if (!List)
      S += '&';
    S += ' ';
    S += E.B.Name;
    S += "_ = unpack(";
    S += E.B.Name;
    S += ", \"";
    S += E.B.Name;
    S += "\", ";
    S += utostr(I);
    S += ");";
    R.Stmts.push_back(std::move(S));
    R.Names.push_back(unpackedName(E.B.Name));
    E.B.Name = R.Names.back();
    R.Bindings.push_back(std::move(E.B));
  }
  return R;
}

std::string opgen::assignReturnValue(StringRef ReturnValues, StringRef Rhs) {
  return (ReturnValues + " = " + Rhs + ";\n").str();
}

std::string opgen::autogradNotImplementedRegistration(StringRef OperatorName) {
  return ("m.impl(\"" + OperatorName +
          "\", torch::autograd::autogradNotImplementedFallback());\n")
      .str();
}

/// Python's str.title(): each letter after a letter lowered, every other
/// letter raised (digits and `_` start a word).
static void appendTitle(std::string &Out, StringRef Word) {
  bool PrevCased = false;
  for (char C : Word) {
    bool Cased = isAlpha(C);
    if (Cased)
      Out += PrevCased ? toLower(C) : toUpper(C);
    else
      Out += C;
    PrevCased = Cased;
  }
}

std::string opgen::viewFuncName(const NativeFunction &F, bool WithNamespace,
                                bool CamelCase) {
  std::string Name =
      F.Names ? F.Names->Unambiguous : F.Func.Name.unambiguousName();
  std::replace(Name.begin(), Name.end(), '.', '_');
  Name += "_view_func";
  std::string Out = WithNamespace ? "torch::autograd::generated::" : "";
  if (!CamelCase)
    return Out + Name;
  if (!Name.empty() && Name[0] == '_')
    Out += '_';
  SmallVector<StringRef, 8> Parts;
  StringRef(Name).split(Parts, '_');
  for (StringRef P : Parts)
    appendTitle(Out, P);
  return Out;
}
