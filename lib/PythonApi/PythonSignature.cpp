//===- PythonSignature.cpp - A function as Python's arg parser sees it ----===//

#include "opgen/PythonApi/PythonSignature.h"
#include "PythonApiError.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/PythonApi/PythonTypes.h"
#include "opgen/Support/Yaml11.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

using namespace opgen;
using namespace llvm;

std::string opgen::pythonifyDefault(StringRef S) {
  if (S == "true")
    return "True";
  if (S == "false")
    return "False";
  if (std::optional<std::string> I = parsePythonInt(S))
    return *I;
  if (std::optional<double> D = parsePythonFloat(S))
    return pythonFloatRepr(*D);
  return S.str();
}

std::string PythonArgument::argumentStr(bool Method, bool SymInt) const {
  PythonTypeOptions O;
  O.SymInt = SymInt;
  // The signature is made only once every type has a spelling.
  std::string T = cantFail(pythonArgumentType(Ty, O));
  // Value types: no `const ` and no ` &`.
  for (StringRef Drop : {"const ", " &"})
    for (size_t At; (At = T.find(Drop.str())) != std::string::npos;)
      T.erase(At, Drop.size());
  // The parser names a function's self `input`.
  StringRef N = Name;
  if (N == "self" && (T == "Tensor" || T == "Number") && !Method)
    N = "input";
  std::string Out = T + " " + N.str();
  if (Default) {
    StringRef D = *Default;
    if (D == "nullptr" || D == "::std::nullopt" || D == "std::nullopt" ||
        D == "{}")
      D = "None";
    Out += "=" + D.str();
  }
  return Out;
}

std::vector<const PythonArgument *>
PythonSignature::arguments(bool SkipOutputs, bool SkipTensorOptions) const {
  std::vector<const PythonArgument *> Out;
  for (const PythonArgument &A : InputArgs)
    Out.push_back(&A);
  for (const PythonArgument &A : InputKwargs)
    Out.push_back(&A);
  if (Output && !SkipOutputs)
    Out.push_back(&*Output);
  if (!SkipTensorOptions)
    for (const PythonArgument &A : TensorOptionsArgs)
      Out.push_back(&A);
  return Out;
}

std::string PythonSignature::signatureStr(bool SkipOutputs, bool SymInt) const {
  std::vector<const PythonArgument *> Args = arguments(SkipOutputs);
  std::string Out = Name + "(";
  for (size_t I = 0; I != Args.size(); ++I) {
    if (I)
      Out += ", ";
    // Keyword-only from the first argument after the positional ones.
    if (I == InputArgs.size())
      Out += "*, ";
    Out += Args[I]->argumentStr(Method, SymInt);
  }
  Out += ")";
  if (deprecated())
    Out += "|deprecated";
  return Out;
}

static PythonArgument pythonArgument(const Argument &A) {
  PythonArgument P;
  P.Name = A.Name;
  P.Ty = A.Ty;
  if (A.Default)
    P.Default = pythonifyDefault(defaultExpr(*A.Default, A.Ty, false));
  return P;
}

Expected<PythonSignature>
opgen::pythonSignature(Context &Ctx, const NativeFunction &F, bool Method) {
  return pythonSignatureFromSchema(Ctx, F.Func, F.CategoryOverride, Method);
}

Expected<PythonSignature> opgen::pythonSignatureFromSchema(
    Context &Ctx, const FunctionSchema &Func,
    const std::optional<std::string> &CategoryOverride, bool Method) {
  const Arguments &As = Func.Args;
  std::vector<const Argument *> All = As.flatAll();
  for (const Argument *A : All) {
    if (A->Name == "requires_grad")
      return pythonApiError(
          "`" + Func.Name.str() +
          "` has an argument named `requires_grad`, which the "
          "Python bindings reserve for factory functions");
    if (Expected<std::string> T = pythonArgumentType(A->Ty); !T)
      return pythonApiError("argument `" + A->Name + "` of `" +
                            Func.Name.str() + "`: " + toString(T.takeError()));
  }

  PythonSignature S;
  S.Name = Func.Name.Name.str();
  S.Method = Method;
  // A method's self is the Tensor it is called on.
  for (const Argument &A : As.PreSelfPositional)
    S.InputArgs.push_back(pythonArgument(A));
  if (As.Self && !Method)
    S.InputArgs.push_back(pythonArgument(*As.Self));
  for (const Argument &A : As.PostSelfPositional)
    S.InputArgs.push_back(pythonArgument(A));
  // The TensorOptions are made anew below, by Python's rules.
  for (const Argument &A : As.PreTensorOptionsKwargOnly)
    S.InputKwargs.push_back(pythonArgument(A));
  for (const Argument &A : As.PostTensorOptionsKwargOnly)
    S.InputKwargs.push_back(pythonArgument(A));
  std::vector<PythonArgument> Outputs;
  for (const Argument &A : As.Out)
    Outputs.push_back(pythonArgument(A));
  if (Outputs.size() == 1) {
    PythonOutArgument O;
    static_cast<PythonArgument &>(O) = Outputs.front();
    O.Default = "None";
    O.DefaultInit.reset();
    O.Outputs = std::move(Outputs);
    S.Output = std::move(O);
  } else if (Outputs.size() > 1) {
    for (const PythonArgument &A : Outputs)
      if (!A.Ty.isTensorLike())
        return pythonApiError(
            "`" + Func.Name.str() + "` has several outputs, and `" + A.Name +
            "` is not a tensor: the Python bindings pack them "
            "into one `Tensor[] out`");
    PythonOutArgument O;
    O.Name = "out";
    O.Ty = Ctx.getListType(Ctx.getBaseType(BaseTy::Tensor), Outputs.size());
    O.Default = "None";
    O.Outputs = std::move(Outputs);
    S.Output = std::move(O);
  }

  // Factories, and the `new_`/`_like` functions, take the TensorOptions
  // scattered, with requires_grad besides.
  bool HasTensorInput = As.anyOf(Arguments::NonOutParts, [](const Argument &A) {
    return A.Ty.isTensorLike();
  });
  bool HasTensorReturn =
      any_of(Func.Returns, [](const Return &R) { return R.Ty.isTensorLike(); });
  // cpp.name of the schema (the kernel-naming pass's rule).
  std::string CppName = computeKernelNames(Func).Cpp;
  StringRef Category = CategoryOverride ? StringRef(*CategoryOverride) : "";
  bool Factory = Category == "factory" || (HasTensorReturn && !HasTensorInput);
  bool LikeOrNew = Category == "new" || Category == "like" ||
                   StringRef(CppName).startswith("new_") ||
                   StringRef(CppName).endswith("_like");
  if ((Factory || LikeOrNew) && Category != "dummy") {
    auto DefaultInit = [&](unsigned Index) -> std::optional<std::string> {
      if (LikeOrNew || !As.TensorOptions)
        return std::nullopt;
      const Argument &A = (*As.TensorOptions)[Index];
      if (!A.Default || *A.Default == "None")
        return std::nullopt;
      return defaultExpr(*A.Default, A.Ty, false);
    };
    auto Opt = [&](BaseTy T) {
      return Ctx.getOptionalType(Ctx.getBaseType(T));
    };
    auto Add = [&](StringRef Name, Type T, StringRef Default,
                   std::optional<std::string> Init) {
      PythonArgument A;
      A.Name = Name.str();
      A.Ty = T;
      A.Default = Default.str();
      A.DefaultInit = std::move(Init);
      S.TensorOptionsArgs.push_back(std::move(A));
    };
    Add("dtype", Opt(BaseTy::ScalarType), "None", DefaultInit(0));
    Add("layout", Opt(BaseTy::Layout), "None", DefaultInit(1));
    std::optional<std::string> Device = DefaultInit(2);
    if (!Device && !LikeOrNew)
      Device = "torch::tensors::get_default_device()";
    Add("device", Opt(BaseTy::Device), "None", std::move(Device));
    Add("pin_memory", Opt(BaseTy::Bool), "False", std::nullopt);
    Add("requires_grad", Opt(BaseTy::Bool), "False", std::nullopt);
  }
  return S;
}

namespace {

/// is_schema_compatible: whether deprecated signature \p D can call \p F.
bool canCall(Context &Ctx, const DeprecatedSignature &D,
             const FunctionSchema &F) {
  std::vector<const Argument *> Args;
  if (D.IsOut) {
    // An out= call passes the outputs first.
    for (const Argument &A : F.Args.Out)
      Args.push_back(&A);
    for (const Argument *A : F.Args.flatNonOut())
      Args.push_back(A);
  } else {
    Args = F.Args.flatAll();
  }
  std::vector<const Argument *> Own = D.Schema.Args.flatAll();
  static const std::optional<Annotation> NoAnnotation;
  for (size_t I = 0; I != Args.size(); ++I) {
    const Argument &A = *Args[I];
    if (I >= D.CallArgs.size()) {
      if (!A.Default)
        return false;
      continue;
    }
    const DeprecatedCallArg &C = D.CallArgs[I];
    // The constant `1` is passed as a Scalar.
    Type T = Ctx.getBaseType(BaseTy::Scalar);
    const std::optional<Annotation> *Annot = &NoAnnotation;
    if (!C.isConstant()) {
      // The reader made sure the call names the signature's arguments.
      auto It = llvm::find_if(
          Own, [&](const Argument *O) { return O->Name == C.Name; });
      if (It == Own.end())
        return false;
      T = (*It)->Ty;
      Annot = &(*It)->Annot;
    }
    if (T != A.Ty || !sameAnnotation(*Annot, A.Annot))
      return false;
  }
  return D.Schema.Returns == F.Returns;
}

} // namespace

std::optional<std::vector<PythonSignatureFunctionPair>>
opgen::loadPythonSignatures(Context &Ctx, ArrayRef<const NativeFunction *> Fns,
                            const DeprecatedFile *Deprecated, bool Method) {
  DiagnosticEngine &Diags = Ctx.getDiags();
  std::vector<PythonSignatureFunctionPair> Pairs;
  bool Ok = true;
  for (const NativeFunction *F : Fns) {
    Expected<PythonSignature> S = pythonSignature(Ctx, *F, Method);
    if (!S) {
      Diags.error(F->FuncLoc, toString(S.takeError()));
      Ok = false;
      continue;
    }
    Pairs.push_back({std::move(*S), F});
  }
  if (!Ok)
    return std::nullopt;
  if (!Deprecated)
    return Pairs;
  // The functions by their Python name, in order.
  StringMap<std::vector<size_t>> ByName;
  for (size_t I = 0; I != Pairs.size(); ++I)
    ByName[Pairs[I].Signature.Name].push_back(I);
  for (const DeprecatedSignature &D : Deprecated->Signatures) {
    bool Found = false;
    auto It = ByName.find(D.AtenName);
    if (It != ByName.end())
      for (size_t I : It->second) {
        const NativeFunction *F = Pairs[I].Function;
        if (!canCall(Ctx, D, F->Func))
          continue;
        Found = true;
        Expected<PythonSignature> S = pythonSignatureFromSchema(
            Ctx, D.Schema, F->CategoryOverride, Method);
        if (!S) {
          Diags.error(D.SchemaLoc, toString(S.takeError()));
          Ok = false;
          break;
        }
        S->DeprecatedSchema = &D.Schema;
        for (const DeprecatedCallArg &C : D.CallArgs)
          S->DeprecatedArgsExprs.push_back(C.Name);
        Pairs.push_back({std::move(*S), F});
      }
    if (Found)
      continue;
    Ok = false;
    std::string Msg = "no function named `" + D.AtenName +
                      "` that Python binds matches the deprecated signature `" +
                      D.Schema.str() + "`";
    if (It == ByName.end()) {
      Msg += " (there is none of that name)";
    } else {
      Msg += "; it was compared with:";
      for (size_t I : It->second)
        Msg += "\n  " + Pairs[I].Function->Func.str();
    }
    Diags.error(D.AtenLoc.isValid() ? D.AtenLoc : D.Loc, Msg);
  }
  if (!Ok)
    return std::nullopt;
  return Pairs;
}
