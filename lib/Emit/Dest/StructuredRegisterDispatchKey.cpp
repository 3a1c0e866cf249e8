//===- StructuredRegisterDispatchKey.cpp - Structured kernels' wrappers ---===//
//
// torchgen's StructuredRegisterDispatchKey: a structured group's wrappers
// for one key. Each function gets a class deriving from the kernel's (or,
// for Meta and CompositeExplicitAutogradNonFunctional, from the meta
// function's) whose set_output_* make, resize or check the outputs, and a
// wrapper with the native signature that runs meta, then impl, on it:
//
//   struct structured_add_out_functional final : public
//   at::native::structured_add_out {
//       void set_output_strided(...) override { ... create_out(...) ... }
//       ...
//   };
//   at::Tensor wrapper_CPU_add_Tensor(const at::Tensor & self, ...) {
//   structured_add_out_functional op;
//   op.meta(self, other, alpha);
//   op.impl(self, other, alpha, op.outputs_[0]);
//   return std::move(op.outputs_[0]);
//   }
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/NativeSignature.h"
#include "opgen/CppApi/StructuredApi.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/IR/DispatchKey.h"

#include <cstring>

using namespace opgen;
using namespace llvm;

/// Python's textwrap.indent: \p Prefix before every line that is not blank.
/// A byte loop, where StringRef::trim built a character set per line (the
/// structured classes indent ~130,000 lines a run: about 25 M instructions).
static std::string indent(StringRef S, StringRef Prefix) {
  std::string Out;
  Out.reserve(S.size() + S.size() / 8 + Prefix.size());
  const char *P = S.data(), *E = P + S.size();
  while (P != E) {
    const char *NL = static_cast<const char *>(std::memchr(P, '\n', E - P));
    const char *End = NL ? NL + 1 : E;
    bool Blank = true;
    for (const char *C = P; C != End && Blank; ++C)
      Blank = *C == ' ' || (*C >= '\t' && *C <= '\r');
    if (!Blank)
      Out += Prefix;
    Out.append(P, End - P);
    P = End;
  }
  return Out;
}

/// gen_class_set_output_body.
static std::string setOutputBody(DispatchKey Key, SchemaKind K,
                                 bool MaybeCreateProxy) {
  std::string Guard;
  if (Key == DispatchKey::CUDA || Key == DispatchKey::MPS ||
      Key == DispatchKey::XPU ||
      Key == DispatchKey::CompositeExplicitAutogradNonFunctional)
    Guard = "\nauto current_device = guard_.current_device();\n"
            "if (C10_UNLIKELY(current_device.has_value())) {\n"
            "  TORCH_INTERNAL_ASSERT(*current_device == options.device(),\n"
            "    \"structured kernels don't support multi-device outputs\");\n"
            "} else {\n"
            "  guard_.reset_device(options.device());\n"
            "}\n\n";
  std::string Proxy;
  if (MaybeCreateProxy)
    Proxy = "\nauto maybe_proxy = maybe_create_proxy(out, sizes, strides, "
            "options);\nif (C10_UNLIKELY(maybe_proxy.has_value())) {\n"
            "    proxy_outputs_[output_idx] = "
            "std::move(maybe_proxy).value();\n}\n";
  if (K == SchemaKind::Functional)
    return Guard + "\noutputs_[output_idx] = create_out(sizes, strides, "
                   "options);";
  return Guard + "\nconst auto& out = outputs_[output_idx].get();\n" +
         (K == SchemaKind::Inplace ? "check_inplace(out, sizes, options);\n"
                                   : "resize_out(out, sizes, strides, "
                                     "options);\n") +
         Proxy;
}

/// gen_class's set_output_strided and set_output_raw_strided, indented for
/// the class; they call \p Parent's set_output_raw_strided unless it is
/// empty.
static std::string setOutputsText(DispatchKey Key, SchemaKind K,
                                  StringRef Parent) {
  std::string Super =
      Parent.empty() ? ""
                     : Parent.str() + "::set_output_raw_strided(output_idx, "
                                      "sizes, strides, options);";
  auto SetOutput = [&](StringRef Name, bool Proxy) {
    return "\nvoid set_output_" + Name.str() +
           "(\n    int64_t output_idx, IntArrayRef sizes, IntArrayRef "
           "strides,\n    TensorOptions options\n) override {\n" +
           indent(setOutputBody(Key, K, Proxy), "    ") +
           "\n    // super must happen after, so that downstream can use "
           "maybe_get_output\n    // to retrieve the output\n" +
           indent(Super, "    ") + "\n}\n";
  };
  return indent("\n" + SetOutput("strided", true) + "\n" +
                    SetOutput("raw_strided", false) + "\n",
                "    ");
}

void RegisterDispatchKeyEmitter::initStructuredTexts() {
  for (SchemaKind K :
       {SchemaKind::Functional, SchemaKind::Inplace, SchemaKind::Out})
    PlainSetOutputs[static_cast<unsigned>(K)] =
        setOutputsText(Index.Key, K, "");
}

/// gen_class: the class whose set_output_* the meta function calls.
/// \p PlainSetOutputs is setOutputsText(Key, K, "") (the same for every
/// class of a key and kind but those that call their parent's).
static std::string structuredClass(DispatchKey Key, const NativeFunction &F,
                                   SchemaKind K, const std::string &Class,
                                   const std::string &Parent,
                                   bool GenerateSuper,
                                   const std::string *PlainSetOutputs) {
  size_t NumReturns = F.Func.Returns.size();
  std::string N = std::to_string(NumReturns);
  std::string OutputType, OutputValue, ProxyField, Ctor;
  if (K == SchemaKind::Functional) {
    OutputType = "Tensor";
    OutputValue = "outputs_[output_idx]";
  } else {
    OutputType = "std::reference_wrapper<Tensor>";
    OutputValue = "proxy_outputs_[output_idx].has_value() ? "
                  "*proxy_outputs_[output_idx] : outputs_[output_idx].get()";
    ProxyField =
        "std::array<::std::optional<Tensor>, " + N + "> proxy_outputs_;";
  }
  if (K == SchemaKind::Inplace) {
    Ctor = Class + "(Tensor& self) : outputs_{std::ref(self)} {}";
  } else if (K == SchemaKind::Out) {
    std::string Args, Refs;
    for (size_t I = 0; I != NumReturns; ++I) {
      std::string S = std::to_string(I);
      Args += (I ? ", Tensor& out" : "Tensor& out") + S;
      Refs += (I ? ", std::ref(out" : "std::ref(out") + S + ")";
    }
    Ctor = Class + "(" + Args + ") : outputs_{ " + Refs + " } {}";
  }
  std::string GuardField;
  if (Key == DispatchKey::CUDA)
    GuardField = "c10::cuda::OptionalCUDAGuard guard_;";
  else if (Key == DispatchKey::CompositeExplicitAutogradNonFunctional ||
           Key == DispatchKey::MPS || Key == DispatchKey::XPU ||
           Key == DispatchKey::MTIA)
    GuardField = "c10::OptionalDeviceGuard guard_;";

  std::string OwnSetOutputs;
  const std::string *SetOutputs = PlainSetOutputs;
  if (GenerateSuper) {
    OwnSetOutputs = setOutputsText(Key, K, Parent);
    SetOutputs = &OwnSetOutputs;
  }
  std::string Lines[] = {
      "struct " + Class + " final : public " + Parent + " {",
      indent(Ctor, "    "),
      *SetOutputs,
      "    const Tensor& maybe_get_output(int64_t output_idx) override {",
      "      return " + OutputValue + ";\n",
      "    }",
      "    std::array<" + OutputType + ", " + N + "> outputs_;",
      indent(ProxyField, "    "),
      indent(GuardField, "    "),
      "};"};
  std::string Out;
  for (const std::string &L : Lines) {
    if (L.empty())
      continue;
    if (!Out.empty())
      Out += '\n';
    Out += L;
  }
  return Out;
}

std::optional<std::string> RegisterDispatchKeyEmitter::emitStructuredFunction(
    const FunctionGroup &G, const NativeFunction &F, RegisterTarget T,
    bool &Failed) const {
  auto Fail = [&](const Twine &Msg) -> std::optional<std::string> {
    error(F, Msg);
    Failed = true;
    return std::nullopt;
  };
  std::string Key = toString(Index.Key).str();
  const BackendMetadata *Kern = getKernel(F);
  NativeSignature Sig{&F, Kern && StringRef(Kern->Kernel).contains("_symint"),
                      "wrapper_" + Key + "_"};
  std::string Name = Sig.name();
  if (T == RegisterTarget::Registration) {
    if (!M.isSelected(F))
      return std::nullopt;
    return "m.impl(\"" + F.Func.Name.str() + "\", TORCH_FN(" + Name + "));";
  }
  std::vector<Binding> Args = Sig.arguments();
  if (T == RegisterTarget::NamespacedDefinition)
    return getNamespacedDefinition(F, Name, Args, /*DispatcherArgs=*/false,
                                   Failed);

  SchemaKind K = F.Func.kind();
  assert((K == SchemaKind::Functional || K == SchemaKind::Inplace ||
          K == SchemaKind::Out) &&
         "verifyStructuredGroups rejects other members of structured groups");
  std::string KName = toString(K).str();
  if (K == SchemaKind::Functional &&
      !(Index.Key == DispatchKey::Meta || Index.Key == DispatchKey::CPU ||
        Index.Key == DispatchKey::CUDA || Index.Key == DispatchKey::MPS ||
        Index.Key == DispatchKey::XPU || Index.Key == DispatchKey::MTIA ||
        Index.Key == DispatchKey::CompositeExplicitAutogradNonFunctional))
    return Fail("dispatch key `" + Key +
                "` cannot have a structured functional kernel");
  std::string Class, Parent;
  std::string MetaName = metaName(M, G);
  if (Index.Key == DispatchKey::Meta ||
      Index.Key == DispatchKey::CompositeExplicitAutogradNonFunctional) {
    Class = "structured_" + MetaName +
            (Index.Key == DispatchKey::Meta ? "_meta_" : "_default_backend_") +
            KName;
    Parent = "at::meta::structured_" + MetaName;
  } else {
    const BackendMetadata *Meta =
        getKernel(M.Functions[Index.UseOutAsPrimary ? G.Out : G.Functional]);
    if (!Meta)
      return Fail("no `" + Key + "` kernel for the structured group");
    Class = "structured_" + Meta->Kernel + "_" + KName;
    Parent = Meta->CppNamespace + "::structured_" + Meta->Kernel;
  }

  // What is in scope: the wrapper's arguments, then what meta and the class
  // give.
  std::vector<Expr> Context;
  for (const Binding &B : Args)
    Context.push_back({B.Name.str(), B.NCType});
  auto Goals = [](const std::vector<Binding> &Bs) {
    std::vector<NamedCType> Out;
    for (const Binding &B : Bs)
      Out.push_back(B.NCType);
    return Out;
  };
  auto Call =
      [&](const std::vector<Binding> &Callee) -> std::optional<std::string> {
    Expected<std::vector<std::string>> Exprs =
        translate(Context, Goals(Callee));
    if (!Exprs) {
      error(F, toString(Exprs.takeError()));
      Failed = true;
      return std::nullopt;
    }
    std::string S;
    for (size_t I = 0; I != Exprs->size(); ++I)
      S += (I ? ", " : "") + (*Exprs)[I];
    return S;
  };

  std::vector<std::string> Body;
  if (Index.DeviceGuard)
    Body.push_back(deviceCheck(F, Name));
  const Arguments &FA = F.Func.Args;
  if (K == SchemaKind::Functional) {
    Body.push_back(Class + " op;");
  } else if (K == SchemaKind::Inplace) {
    Body.push_back(Class + " op(self);");
  } else {
    std::string Outs;
    for (size_t I = 0; I != FA.Out.size(); ++I)
      Outs += (I ? ", " : "") + FA.Out[I].Name;
    Body.push_back(Class + " op(" + Outs + ");");
  }
  std::optional<std::string> MetaArgs = Call(metaArguments(M, G));
  if (!MetaArgs)
    return std::nullopt;
  const NativeFunction &Out = M.Functions[G.Out];
  if (Out.Precomputed) {
    Body.push_back("auto precompute = op.meta(" + *MetaArgs + ");");
    auto AddAll = [&](const std::vector<Argument> &As) {
      for (const Argument &A : As)
        Context.push_back(
            {"precompute." + A.Name, structuredArgument(A).NCType});
    };
    for (const auto &[Replaced, With] : Out.Precomputed->Replace)
      AddAll(With);
    AddAll(Out.Precomputed->Add);
    Body.push_back("(void)precompute;");
  } else {
    Body.push_back("op.meta(" + *MetaArgs + ");");
  }
  CType ConstTensor = CType::wrap(CType::ConstRef, CType::base("at::Tensor"));
  CType MutTensor = CType::wrap(CType::MutRef, CType::base("at::Tensor"));
  std::vector<Binding> OutArgs = outArguments(M, G);
  for (size_t I = 0; I != OutArgs.size(); ++I) {
    if (OutArgs[I].NCType.Type != ConstTensor)
      return Fail("a structured kernel's out arguments must be tensors");
    std::string S = std::to_string(I);
    Context.push_back({K == SchemaKind::Out ? "op.maybe_get_output(" + S + ")"
                                            : "op.outputs_[" + S + "]",
                       {OutArgs[I].NCType.Name, MutTensor}});
  }
  if (Index.Key == DispatchKey::CompositeExplicitAutogradNonFunctional) {
    // The out= function's C++ API, called through the dispatcher.
    CppSignatureGroup OutSigs = CppSignatureGroup::get(
        Out, /*Method=*/false, /*FallbackBinding=*/F.ManualCppBinding);
    const CppSignature &OutSig = OutSigs.FaithfulSignature
                                     ? *OutSigs.FaithfulSignature
                                     : OutSigs.Signature;
    std::optional<std::string> OutExprs = Call(OutSig.arguments());
    if (!OutExprs)
      return std::nullopt;
    Body.push_back("at::" + OutSig.name() + "(" + *OutExprs + ");");
  } else if (Index.Key != DispatchKey::Meta) {
    std::optional<std::string> ImplArgs = Call(implArguments(M, G));
    if (!ImplArgs)
      return std::nullopt;
    Body.push_back("op.impl(" + *ImplArgs + ");");
  }
  size_t NumReturns = F.Func.Returns.size();
  if (K != SchemaKind::Functional)
    for (size_t I = 0; I != NumReturns; ++I) {
      std::string S = std::to_string(I);
      Body.push_back("if (op.proxy_outputs_[" + S +
                     "].has_value()) op.outputs_[" + S +
                     "].get().copy_(*op.proxy_outputs_[" + S + "]);");
    }
  std::string Ret;
  if (K == SchemaKind::Functional) {
    if (NumReturns == 1) {
      Ret = "std::move(op.outputs_[0])";
    } else {
      Ret = "std::make_tuple(";
      for (size_t I = 0; I != NumReturns; ++I)
        Ret += (I ? ", std::move(op.outputs_[" : "std::move(op.outputs_[") +
               std::to_string(I) + "])";
      Ret += ")";
    }
  } else if (K == SchemaKind::Inplace) {
    Ret = "self";
  } else if (NumReturns == 1) {
    Ret = FA.Out[0].Name;
  } else {
    Ret = "std::forward_as_tuple(";
    for (size_t I = 0; I != FA.Out.size(); ++I)
      Ret += (I ? ", " : "") + FA.Out[I].Name;
    Ret += ")";
  }
  Body.push_back("return " + Ret + ";");

  std::string Text = structuredClass(
      Index.Key, F, K, Class, Parent, Out.StructuredInherits.has_value(),
      &PlainSetOutputs[static_cast<unsigned>(K)]);
  Text += "\n\n" + Sig.defn() + " {\n";
  for (size_t I = 0; I != Body.size(); ++I)
    Text += (I ? "\n" : "") + Body[I];
  Text += "\n}\n";
  return Text;
}
