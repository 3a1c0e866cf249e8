//===- TraceTypeCommon.cpp - Names shared by the autograd kernels ---------===//

#include "opgen/Emit/Autograd/TraceTypeCommon.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/CodeTemplate.h"

#include "llvm/Support/Error.h"

using namespace opgen;
using namespace llvm;

std::string opgen::autogradCppName(const NativeFunction &F) {
  return cppApiName(F);
}

std::string opgen::typeWrapperName(const NativeFunction &F, StringRef Key) {
  std::string Name = autogradCppName(F);
  if (!F.Func.Name.OverloadName.empty()) {
    Name += '_';
    Name += F.Func.Name.OverloadName;
  }
  if (Key != "Default") {
    Name += '_';
    Name += Key;
  }
  return Name;
}

std::string opgen::tieReturnValues(const NativeFunction &F) {
  const std::vector<Return> &Rs = F.Func.Returns;
  if (Rs.size() == 1)
    return "auto " + (Rs[0].Name ? *Rs[0].Name : std::string("result"));
  std::string S = "auto [";
  bool First = true;
  for (const std::string &N : returnNames(F)) {
    if (!First)
      S += ", ";
    First = false;
    S += N;
  }
  S += ']';
  return S;
}

std::string opgen::getReturnValue(const NativeFunction &F) {
  std::vector<std::string> Names = returnNames(F);
  if (F.Func.Returns.size() == 1)
    return Names[0];
  bool Out = F.Func.kind() == SchemaKind::Out;
  std::string S = Out ? "std::forward_as_tuple(" : "std::make_tuple(";
  for (size_t I = 0; I != Names.size(); ++I) {
    if (I)
      S += ", ";
    if (Out) {
      S += Names[I];
    } else {
      S += "std::move(";
      S += Names[I];
      S += ')';
    }
  }
  S += ')';
  return S;
}

std::string opgen::genKernelFormals(const NativeFunction &F) {
  CppApiFlags Flags = CppApiFlags::forFunction(F);
  std::string S = "c10::DispatchKeySet ks";
  for (const Argument *A : F.Func.schemaOrderArguments()) {
    S += ", ";
    argumentCType(A->Ty, A->isWrite(), /*SymInt=*/true, Flags).print(S);
    S += ' ';
    S += A->Name;
  }
  return S;
}

std::string opgen::kernelReturnType(const NativeFunction &F) {
  return returnsCType(F.Func.Returns, CppApiFlags::forFunction(F)).str();
}

std::string opgen::redispatchArgs(const NativeFunction &F, StringRef KeySet) {
  std::string S = KeySet.str();
  for (const Argument *A : F.Func.schemaOrderArguments()) {
    S += ", ";
    S += A->Name;
  }
  return S;
}

std::string opgen::methodDefinition(StringRef ReturnType, StringRef WrapperName,
                                    StringRef Formals,
                                    ArrayRef<std::string> Body) {
  static const CodeTemplate T("${return_type} ${type_wrapper_name}(${formals}) "
                              "{\n  ${type_definition_body}\n}\n");
  TemplateValue Ret(ReturnType), Name(WrapperName), Forms(Formals);
  std::vector<StringRef> Pieces(Body.begin(), Body.end());
  TemplateValue B = TemplateValue::borrowedList(std::move(Pieces));
  return cantFail(T.substitute({{"return_type", &Ret},
                                {"type_wrapper_name", &Name},
                                {"formals", &Forms},
                                {"type_definition_body", &B}}));
}

std::string opgen::wrapperRegistration(StringRef OperatorName,
                                       StringRef ClassType,
                                       StringRef WrapperName) {
  std::string S;
  S.reserve(40 + OperatorName.size() + ClassType.size() + WrapperName.size());
  S += "m.impl(\"";
  S += OperatorName;
  S += "\",\n       TORCH_FN(";
  S += ClassType;
  S += "::";
  S += WrapperName;
  S += ")\n);\n";
  return S;
}
