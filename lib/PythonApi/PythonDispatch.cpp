//===- PythonDispatch.cpp - From parsed Python arguments to a C++ call ----===//

#include "opgen/PythonApi/PythonDispatch.h"
#include "PythonApiError.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/CppTypes.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <set>

using namespace opgen;
using namespace llvm;

//===----------------------------------------------------------------------===//
// Grouping and ordering
//===----------------------------------------------------------------------===//

/// Whether a parameter of type \p A makes a signature try after one of type
/// \p B (sort_overloads' is_arg_smaller): Scalar after Tensor, int[] after
/// int, Tensor[] after other lists, SymInt[] after int[], int and SymInt
/// after Tensor.
static bool isArgSmaller(Type A, Type B) {
  std::string S1 = A.str(), S2 = B.str();
  return (S1 == "Scalar" && S2 == "Tensor") ||
         (S1 == "Scalar?" && S2 == "Tensor?") ||
         (S1 == "int[]" && (S2 == "int" || S2 == "int?")) ||
         (S1 == "Tensor[]" && S2.find("[]") != std::string::npos) ||
         (S1 == "SymInt[]" && S2 == "int[]") ||
         ((S1 == "SymInt" || S1 == "int") && S2 == "Tensor");
}

static bool isSmaller(const PythonSignature &A, const PythonSignature &B) {
  std::vector<const PythonArgument *> As = A.arguments(/*SkipOutputs=*/true),
                                      Bs = B.arguments(/*SkipOutputs=*/true);
  if (As.size() != Bs.size())
    return false;
  bool Equal = true, SmallerOrEqual = true;
  for (size_t I = 0; I != As.size(); ++I) {
    Type T1 = As[I]->Ty, T2 = Bs[I]->Ty;
    Equal &= T1 == T2;
    SmallerOrEqual &= T1.str() == T2.str() || isArgSmaller(T1, T2);
  }
  return SmallerOrEqual && !Equal;
}

/// sort_overloads: by signature string, then the partial order's linear
/// extension torchgen's topological sort gives.
static std::vector<PythonSignatureGroup>
sortOverloads(std::vector<PythonSignatureGroup> Groups) {
  std::vector<std::string> Keys;
  for (const PythonSignatureGroup &G : Groups)
    Keys.push_back(G.Signature.signatureStr());
  std::vector<size_t> Order(Groups.size());
  for (size_t I = 0; I != Order.size(); ++I)
    Order[I] = I;
  llvm::stable_sort(Order,
                    [&](size_t A, size_t B) { return Keys[A] < Keys[B]; });
  std::vector<PythonSignatureGroup> Sorted;
  for (size_t I : Order)
    Sorted.push_back(std::move(Groups[I]));

  const size_t N = Sorted.size();
  std::map<size_t, std::set<size_t>> LargerThan;
  for (size_t I = 0; I != N; ++I)
    for (size_t J = 0; J != N; ++J)
      if (isSmaller(Sorted[I].Signature, Sorted[J].Signature))
        LargerThan[I].insert(J);
  if (LargerThan.empty())
    return Sorted;
  std::vector<size_t> Ids;
  for (size_t I = 0; I != N; ++I)
    if (!LargerThan.count(I))
      Ids.push_back(I);
  // A partial order has no cycle, so every index gets in.
  for (size_t Idx = 0; Idx != N && Idx < Ids.size(); ++Idx) {
    size_t I = Ids[Idx];
    std::vector<size_t> Snapshot;
    for (const auto &KV : LargerThan)
      Snapshot.push_back(KV.first);
    for (size_t J : Snapshot) {
      std::set<size_t> &Larger = LargerThan[J];
      Larger.erase(I);
      if (Larger.empty()) {
        LargerThan.erase(J);
        Ids.push_back(J);
      }
    }
  }
  std::vector<PythonSignatureGroup> Out;
  for (size_t I : Ids)
    Out.push_back(std::move(Sorted[I]));
  return Out;
}

Expected<std::vector<PythonSignatureGroup>>
opgen::groupOverloads(ArrayRef<const PythonSignatureFunctionPair *> Overloads) {
  // By signature without outputs, in order of first appearance.
  std::vector<std::string> BaseSigs, OutSigs;
  StringMap<const PythonSignatureFunctionPair *> Bases, Outplaces;
  for (const PythonSignatureFunctionPair *P : Overloads) {
    std::string Sig = P->Signature.signatureStr(/*SkipOutputs=*/true);
    bool Out = P->Function->Func.isOutFn();
    auto &Map = Out ? Outplaces : Bases;
    auto [It, New] = Map.try_emplace(Sig, P);
    if (!New)
      return pythonApiError("found duplicated function definition:\n- " +
                            P->Function->Func.str() +
                            ".\nExisting definition:\n- " +
                            It->second->Function->Func.str() + ".");
    (Out ? OutSigs : BaseSigs).push_back(Sig);
  }
  for (const std::string &Sig : OutSigs) {
    if (Bases.count(Sig))
      continue;
    const PythonSignatureFunctionPair *Out = Outplaces[Sig];
    std::string Name = Out->Function->Func.Name.Name.str();
    std::string Msg = "the out= overload `" + Out->Signature.signatureStr() +
                      "` has no variant without outputs of the same "
                      "signature; expected:\n- " +
                      Sig + "\ncandidates:";
    for (const PythonSignatureFunctionPair *P : Overloads)
      if (P->Function->Func.Name.Name.str() == Name &&
          !P->Function->Func.isOutFn() && !P->Signature.deprecated())
        Msg += "\n- " + P->Signature.signatureStr(/*SkipOutputs=*/true);
    return pythonApiError(Msg);
  }
  std::vector<PythonSignatureGroup> Groups;
  for (const std::string &Sig : BaseSigs) {
    const PythonSignatureFunctionPair *Base = Bases[Sig];
    PythonSignatureGroup G;
    G.Base = Base->Function;
    auto It = Outplaces.find(Sig);
    if (It == Outplaces.end()) {
      G.Signature = Base->Signature;
    } else {
      // The out= signature parses both; the out variant has no
      // TensorOptions, so they are the function's.
      G.Signature = It->second->Signature;
      G.Signature.TensorOptionsArgs = Base->Signature.TensorOptionsArgs;
      G.Outplace = It->second->Function;
    }
    Groups.push_back(std::move(G));
  }
  return sortOverloads(std::move(Groups));
}

//===----------------------------------------------------------------------===//
// The dispatch lambda
//===----------------------------------------------------------------------===//

std::vector<DispatchLambdaArgument>
opgen::dispatchLambdaArgs(const PythonSignature &PS, const NativeFunction &F) {
  // The C++ API's arguments of the schema the signature stands for, with
  // F's other properties.
  NativeFunction Deprecated;
  const NativeFunction *Of = &F;
  if (PS.deprecated()) {
    Deprecated = F;
    Deprecated.Func = *PS.DeprecatedSchema;
    Of = &Deprecated;
  }
  StringSet<> OutNames;
  for (const Argument &A : Of->Func.Args.Out)
    OutNames.insert(A.Name);
  std::vector<DispatchLambdaArgument> Out;
  for (const Binding &B :
       cppArguments(*Of, /*Faithful=*/false, /*SymInt=*/true, false)) {
    DispatchLambdaArgument A;
    A.Name = B.Name.str();
    A.Type = B.type();
    A.IsOutArg = OutNames.count(A.Name);
    if (PS.Method && A.Name == "self") {
      // The method's self is the Tensor it is called on.
      A.Type = "const at::Tensor &";
    } else if ((OutNames.size() <= 1 || !A.IsOutArg) &&
               A.Type == "at::Tensor &") {
      // By value: the lambda is called with the parser's temporaries (a
      // single output too); unpacked outputs are locals.
      A.Type = "at::Tensor";
    }
    Out.push_back(std::move(A));
  }
  return Out;
}

Expected<std::string> opgen::dispatchLambdaReturn(const NativeFunction &F) {
  // The types torch/csrc/autograd/utils/wrap_outputs.h can wrap.
  static const StringSet<> Supported = {
      "at::Tensor",
      "::std::tuple<at::Tensor,at::Tensor>",
      "::std::tuple<at::Tensor,at::Tensor,at::Tensor>",
      "::std::tuple<at::Tensor,at::Tensor,at::Tensor,at::Tensor>",
      "::std::tuple<at::Tensor,at::Tensor,at::Tensor,at::Tensor,at::Tensor>",
      "::std::tuple<at::Tensor,at::Tensor,at::Tensor,at::Tensor,at::Tensor,"
      "at::Tensor>",
      "::std::tuple<at::Tensor,at::Tensor,at::Tensor,int64_t>",
      "::std::tuple<at::Tensor,at::Tensor,double,int64_t>",
      "::std::tuple<at::Tensor,at::Tensor,at::Tensor,at::Tensor,int64_t>",
      "::std::tuple<at::Tensor,at::Tensor,double,at::Tensor,int64_t>",
      "::std::tuple<double,int64_t>",
      "::std::tuple<at::Tensor,::std::vector<at::Tensor>>",
      "::std::vector<at::Tensor>",
      "::std::tuple<at::Tensor,at::Tensor,at::Tensor,at::Tensor,c10::SymInt,"
      "c10::SymInt,at::Tensor,at::Tensor,at::Tensor>",
      "at::Scalar",
      "bool",
      "int64_t",
      "void*",
      "void",
      "at::QScheme",
      "double",
      "at::IntArrayRef",
      "at::ScalarType",
      "at::Stream",
  };
  // By value: a reference to the lambda's by-value argument would dangle.
  std::vector<Return> Rs = F.Func.Returns;
  for (Return &R : Rs)
    R.Annot.reset();
  std::string T = returnsCType(Rs, CppApiFlags()).str();
  if (!Supported.count(T))
    return pythonApiError("`" + F.Func.Name.str() + "` returns `" + T +
                          "`, which the Python bindings cannot wrap");
  return T;
}

Expected<std::string> opgen::cppDispatchTarget(const NativeFunction &F) {
  std::string Name =
      cppName(F, /*FaithfulOutName=*/false, F.Func.Args.hasSymIntArg());
  if (F.VariantMethod)
    return "self." + Name;
  if (F.VariantFunction)
    return (hasTensorOptions(F) ||
                    StringRef(F.Func.Name.Name.Base).endswith("_like")
                ? "torch::"
                : "at::") +
           Name;
  return pythonApiError(
      "`" + F.Func.str() +
      "` is neither a function nor a method: the Python binding "
      "cannot call it");
}

std::vector<std::string> opgen::cppDispatchExprs(const NativeFunction &F,
                                                 const PythonSignature &PS) {
  std::vector<std::string> Exprs;
  if (!PS.deprecated()) {
    for (const Binding &B :
         CppSignatureGroup::get(F, /*Method=*/false).Signature.arguments())
      Exprs.push_back(B.Name.str());
  } else {
    // The deprecated call's own expressions, `out` only for an out= call.
    for (const std::string &E : PS.DeprecatedArgsExprs)
      if (E != "out" || F.Func.isOutFn())
        Exprs.push_back(E);
  }
  if (F.VariantMethod)
    llvm::erase_value(Exprs, "self");
  return Exprs;
}

//===----------------------------------------------------------------------===//
// Unpacking the parser's outputs
//===----------------------------------------------------------------------===//

/// arg_parser_unpack_method: the PythonArgParser accessor of a type.
static Expected<std::string>
unpackMethod(Type T, const std::optional<std::string> &Default,
             const std::optional<std::string> &DefaultInit) {
  bool HasInit = DefaultInit.has_value();
  std::string S = T.str();
  if (HasInit && S != "ScalarType?" && S != "ScalarType" && S != "Device" &&
      S != "Device?" && S != "Layout" && S != "Layout?" && S != "bool" &&
      S != "bool?")
    return pythonApiError("type `" + S + "` cannot be unpacked with a default");
  auto Unsupported = [&] {
    return pythonApiError("type `" + S +
                          "` is not supported by PythonArgParser");
  };
  switch (T.getKind()) {
  case Type::Base:
    switch (T.getBaseTy()) {
    case BaseTy::Tensor:
      return std::string("tensor");
    case BaseTy::Stream:
      return std::string("stream");
    case BaseTy::Storage:
      return std::string("storage");
    case BaseTy::Scalar:
      return std::string("scalar");
    case BaseTy::ScalarType:
      return std::string(HasInit ? "scalartypeWithDefault" : "scalartype");
    case BaseTy::Device:
      return std::string(HasInit ? "deviceWithDefault" : "device");
    case BaseTy::DeviceIndex:
    case BaseTy::Int:
      return std::string("toInt64");
    case BaseTy::SymInt:
      return std::string("toSymInt");
    case BaseTy::Bool:
      return std::string(HasInit ? "toBoolWithDefault" : "toBool");
    case BaseTy::Float:
      return std::string("toDouble");
    case BaseTy::Str:
      return std::string("stringView");
    case BaseTy::Layout:
      return std::string(HasInit ? "layoutWithDefault" : "layout");
    case BaseTy::MemoryFormat:
      return std::string("memoryformat");
    default:
      return Unsupported();
    }
  case Type::Optional: {
    Type E = T.getElementType();
    if (E.isBase(BaseTy::Tensor))
      return std::string("optionalTensor");
    if (E.isBase(BaseTy::Generator))
      return std::string("generator");
    if (!HasInit &&
        (!Default || *Default == "None" || *Default == "::std::nullopt" ||
         *Default == "std::nullopt")) {
      // A None default: the element's accessor, Optional.
      Expected<std::string> M = unpackMethod(E, std::nullopt, std::nullopt);
      if (!M)
        return M.takeError();
      return *M + "Optional";
    }
    return unpackMethod(E, Default, DefaultInit);
  }
  case Type::List: {
    Type E = T.getElementType();
    if (E.isBase(BaseTy::Tensor))
      return T.getSize() ? "tensorlist_n<" + std::to_string(*T.getSize()) + ">"
                         : std::string("tensorlist");
    if (E.getKind() == Type::Optional &&
        E.getElementType().isBase(BaseTy::Tensor))
      return std::string("list_of_optional_tensors");
    if (E.isBase(BaseTy::Int))
      return std::string("intlist");
    if (E.isBase(BaseTy::Float))
      return std::string("doublelist");
    if (E.isBase(BaseTy::SymInt))
      return std::string("symintlist");
    if (E.isBase(BaseTy::Scalar))
      return std::string("scalarlist");
    return Unsupported();
  }
  case Type::CustomClass:
    return Unsupported();
  }
  return Unsupported();
}

Expected<std::vector<ArgParserOutput>>
opgen::argParserOutputs(const PythonSignature &PS) {
  std::vector<ArgParserOutput> Out;
  std::vector<const PythonArgument *> Args = PS.arguments();
  for (size_t I = 0; I != Args.size(); ++I) {
    const PythonArgument &A = *Args[I];
    Expected<std::string> M = unpackMethod(A.Ty, A.Default, A.DefaultInit);
    if (!M)
      return pythonApiError("argument `" + A.Name +
                            "`: " + toString(M.takeError()));
    ArgParserOutput O;
    O.Name = A.Name;
    O.Index = I;
    O.Expr = "_r." + *M + "(" + std::to_string(I) +
             (A.DefaultInit ? ", " + *A.DefaultInit : "") + ")";
    Out.push_back(std::move(O));
  }
  return Out;
}

Expected<DispatchLambdaExprs>
opgen::dispatchLambdaExprs(const PythonSignature &PS, const NativeFunction &F,
                           ArrayRef<ArgParserOutput> Outputs) {
  // By name, the last of a name winning (torchgen's dict).
  StringMap<const ArgParserOutput *> ByName;
  for (const ArgParserOutput &O : Outputs)
    ByName[O.Name] = &O;
  auto Expr = [&](StringRef Name) -> std::string {
    auto It = ByName.find(Name);
    return It == ByName.end() ? std::string() : It->second->Expr;
  };
  std::string Schema = F.Func.str();
  DispatchLambdaExprs R;
  StringMap<std::string> LambdaExprs;
  bool HasOptions = hasTensorOptions(F);

  // 1. What each lambda argument is bound to, with the locals it needs.
  for (const PythonArgument *A :
       PS.arguments(false, /*SkipTensorOptions=*/true)) {
    std::string E = Expr(A->Name);
    const PythonOutArgument *Out =
        PS.Output && A == &*PS.Output ? &*PS.Output : nullptr;
    if (HasOptions && A->Name == "self") {
      R.Inits.push_back("auto self = " + E + ";");
      LambdaExprs[A->Name] = A->Name;
    } else if (Out && Out->Outputs.size() > 1 && F.Func.isOutFn()) {
      R.Inits.push_back("auto out = " + E + ";");
      for (size_t I = 0; I != Out->Outputs.size(); ++I)
        LambdaExprs[Out->Outputs[I].Name] = "out[" + std::to_string(I) + "]";
    } else {
      LambdaExprs[A->Name] = E;
    }
  }
  // A method's self is the binding's own.
  if (PS.Method)
    LambdaExprs["self"] = "self";

  // 2. The scattered TensorOptions packed for a function that takes them.
  static const std::pair<StringRef, StringRef> Fields[] = {
      {"dtype", "ScalarType?"},
      {"device", "Device?"},
      {"layout", "Layout?"},
      {"pin_memory", "bool?"},
      {"requires_grad", "bool?"}};
  StringSet<> OptionNames;
  for (const PythonArgument &A : PS.TensorOptionsArgs)
    OptionNames.insert(A.Name);
  if (HasOptions) {
    if (F.Func.isOutFn())
      return pythonApiError(Schema + ": tensor options with output arg");
    for (const PythonArgument &A : PS.TensorOptionsArgs) {
      const auto *Field = llvm::find_if(
          Fields, [&](const auto &P) { return P.first == A.Name; });
      if (Field == std::end(Fields))
        return pythonApiError(Schema + ": unrecognized tensor options field '" +
                              A.Name + "' in python binding arguments");
      if (A.Ty.str() != Field->second)
        return pythonApiError(Schema + ": unrecognized type '" + A.Ty.str() +
                              "' for tensor options field '" + A.Name + "'");
    }
    for (const auto &P : Fields)
      if (!OptionNames.count(P.first))
        return pythonApiError(Schema + ": incomplete tensor options args");
    std::string MaybeInit =
        PS.Method ? "if (!at::impl::tensor_has_dispatch(self)) {\n"
                    "  torch::utils::maybe_initialize_device(options);\n"
                    "}\n"
                  : "torch::utils::maybe_initialize_device(options);\n";
    R.Inits.push_back("const auto options = TensorOptions()\n"
                      "    .dtype(" +
                      Expr("dtype") +
                      ")\n"
                      "    .device(" +
                      Expr("device") +
                      ")\n"
                      "    .layout(" +
                      Expr("layout") +
                      ")\n"
                      "    .requires_grad(" +
                      Expr("requires_grad") +
                      ")\n"
                      "    .pinned_memory(" +
                      Expr("pin_memory") + ");\n" + MaybeInit);
    LambdaExprs["options"] = "options";
  }

  // 3. An out= variant of a factory checks its output against them.
  if (!HasOptions && !OptionNames.empty()) {
    if (OptionNames.count("dtype")) {
      if (!F.Func.isOutFn())
        return pythonApiError(
            Schema + ": dtype in tensor_options_args without output arg");
      if (!OptionNames.count("layout") || !OptionNames.count("device"))
        return pythonApiError(Schema +
                              ": incomplete tensor options for output check");
      auto NoneExpr = [&](StringRef Name) {
        return ByName.lookup(Name)->isNoneExpr();
      };
      R.Inits.push_back("check_out_type_matches(" + Expr("out") + ", " +
                        Expr("dtype") +
                        ",\n"
                        "                       " +
                        NoneExpr("dtype") + ", " + Expr("layout") +
                        ",\n"
                        "                       " +
                        Expr("device") + ", " + NoneExpr("device") + ");\n");
    }
    if (!OptionNames.count("requires_grad"))
      return pythonApiError(Schema + ": expected \"requires_grad\" in "
                                     "tensor_options_args absent");
  }

  for (const DispatchLambdaArgument &A : dispatchLambdaArgs(PS, F)) {
    auto It = LambdaExprs.find(A.Name);
    if (It == LambdaExprs.end())
      return pythonApiError(Schema +
                            ": no Python argument binds the C++ argument `" +
                            A.Name + "`");
    R.Exprs.push_back(It->second);
  }
  return R;
}
