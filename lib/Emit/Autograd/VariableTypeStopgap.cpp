//===- VariableTypeStopgap.cpp - Helpers until the shared ones land -------===//
//
// TEMPORARY: see VariableTypeStopgap.h.
//
//===----------------------------------------------------------------------===//

#include "VariableTypeStopgap.h"

#include "opgen/CppApi/CppSignature.h"

using namespace opgen;
using namespace opgen::vtstopgap;
using namespace llvm;

std::string vtstopgap::genFormals(const NativeFunction &F) {
  CppApiFlags Flags = CppApiFlags::forFunction(F);
  std::string S = "c10::DispatchKeySet ks";
  for (const Argument *A : F.Func.schemaOrderArguments()) {
    S += ", ";
    S += argumentCType(A->Ty, A->isWrite(), /*SymInt=*/true, Flags).str();
    S += " ";
    S += A->Name;
  }
  return S;
}

std::optional<std::string> vtstopgap::getViewInfo(const AutogradTables &T,
                                                  const NativeFunction &F) {
  const std::string &Base = F.Func.Name.Name.Base;
  if (const std::string *V = T.ViewFunctions.lookup(Base))
    return *V;
  if (T.ReturnsViewsOfInput.count(Base))
    return std::string("self");
  return std::nullopt;
}

bool vtstopgap::modifiesArguments(const NativeFunction &F) {
  SchemaKind K = F.Func.kind();
  return K == SchemaKind::Inplace || K == SchemaKind::Out;
}

std::vector<std::string>
vtstopgap::unpackArgs(const NativeFunction &F,
                      std::vector<UnpackedBinding> &Bindings) {
  CppApiFlags Flags = CppApiFlags::forFunction(F);
  std::vector<std::string> Body;
  size_t I = 0;
  for (const Argument *A : F.Func.schemaOrderArguments()) {
    CType T = argumentCType(A->Ty, A->isWrite(), /*SymInt=*/true, Flags);
    size_t Pos = I++;
    if (!A->Ty.isTensorLike() || A->Ty.isNullable()) {
      Bindings.push_back({A->Name, std::move(T), A});
      continue;
    }
    bool IsList = static_cast<bool>(A->Ty.getListLike());
    Body.push_back("auto" + std::string(IsList ? "" : "&") + " " + A->Name +
                   "_ = unpack(" + A->Name + ", \"" + A->Name + "\", " +
                   std::to_string(Pos) + ");");
    Bindings.push_back({unpackedName(A->Name), std::move(T), A});
  }
  return Body;
}

std::string vtstopgap::typeWrapperName(const NativeFunction &F, StringRef Key) {
  std::string Name = cppName(F, /*FaithfulOutName=*/false);
  if (!F.Func.Name.OverloadName.empty())
    Name += "_" + F.Func.Name.OverloadName;
  if (Key != "Default")
    Name += "_" + Key.str();
  return Name;
}

std::string vtstopgap::tieReturnValues(const NativeFunction &F) {
  if (F.Func.Returns.size() == 1)
    return "auto " + F.Func.Returns[0].Name.value_or("result");
  std::string S = "auto [";
  std::vector<std::string> Names = returnNames(F);
  for (size_t I = 0; I != Names.size(); ++I)
    S += (I ? ", " : "") + Names[I];
  return S + "]";
}

std::string vtstopgap::getReturnValue(const NativeFunction &F) {
  std::vector<std::string> Names = returnNames(F);
  if (F.Func.Returns.size() == 1)
    return Names[0];
  std::string S;
  bool Out = F.Func.kind() == SchemaKind::Out;
  for (size_t I = 0; I != Names.size(); ++I) {
    if (I)
      S += ", ";
    S += Out ? Names[I] : "std::move(" + Names[I] + ")";
  }
  return (Out ? "std::forward_as_tuple(" : "std::make_tuple(") + S + ")";
}
