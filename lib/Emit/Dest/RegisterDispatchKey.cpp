//===- RegisterDispatchKey.cpp - Register<Key>.cpp pieces -----------------===//

#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/NativeSignature.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/IR/DispatchKey.h"

#include "llvm/ADT/STLExtras.h"

#include <cassert>
#include <functional>

using namespace opgen;
using namespace llvm;

std::vector<const BackendMetadata *>
opgen::getKernelsByFunction(const Module &M, const BackendIndex &Index,
                            const FunctionIndex &Functions) {
  std::vector<const BackendMetadata *> Kernels(M.Functions.size(), nullptr);
  for (const auto &[Name, Meta] : Index.Index)
    for (FunctionId Id : Functions.findAll(Name))
      Kernels[Id] = &Meta;
  return Kernels;
}

RegisterDispatchKeyEmitter::RegisterDispatchKeyEmitter(
    Context &Ctx, const Module &M, const BackendIndex &Index,
    std::optional<std::string> ClassMethodName, const FunctionIndex *Functions)
    : Ctx(Ctx), M(M), Index(Index),
      ClassMethodName(std::move(ClassMethodName)) {
  if (Functions) {
    Kernels = getKernelsByFunction(M, Index, *Functions);
  } else {
    FunctionIndex Own(M);
    Kernels = getKernelsByFunction(M, Index, Own);
  }
  CudaKey = getFlags(Index.Key) & DK_Cuda;
  initStructuredTexts();
}

const BackendMetadata *
RegisterDispatchKeyEmitter::getKernel(const NativeFunction &F) const {
  // Functions are looked up by their place in the module; one from
  // elsewhere (a copy) has no kernel here.
  const NativeFunction *Begin = M.Functions.data(),
                       *End = Begin + M.Functions.size();
  if (std::less<>()(&F, Begin) || !std::less<>()(&F, End))
    return nullptr;
  return Kernels[&F - Begin];
}

void RegisterDispatchKeyEmitter::error(const NativeFunction &F,
                                       const Twine &Msg) const {
  Ctx.getDiags().error(F.FuncLoc, Msg);
}

std::string
RegisterDispatchKeyEmitter::wrapperPrefix(const NativeFunction &F) const {
  // The prefix only makes names unique: dispatcher names are overloaded.
  return "wrapper_" + toString(Index.Key).str() + "_" +
         F.Func.Name.OverloadName + "_";
}

RegisterDispatchKeyEmitter::RegisterDispatchKeyEmitter(
    Context &Ctx, const Module &M, const BackendIndex &Index,
    std::vector<const BackendMetadata *> Kernels)
    : Ctx(Ctx), M(M), Index(Index), Kernels(std::move(Kernels)) {
  assert(this->Kernels.size() == M.Functions.size() &&
         "a kernel slot per function");
  CudaKey = getFlags(Index.Key) & DK_Cuda;
  initStructuredTexts();
}

RegisterDispatchKeyEmitter::WrapperKind
RegisterDispatchKeyEmitter::getWrapperKind(const NativeFunction &F,
                                           const FunctionGroup *G) const {
  if (getKernel(F))
    return WrapperKind::Kernel;
  if (Index.Key == DispatchKey::Meta && F.Func.kind() == SchemaKind::Inplace &&
      !F.HasCompositeImplicitAutogradKernel &&
      !F.HasCompositeExplicitAutogradKernel &&
      !F.HasCompositeExplicitAutogradNonFunctionalKernel &&
      F.Func.Returns.size() == 1)
    // Defer to composites for meta implementation.
    return WrapperKind::InplaceMeta;
  if (!Index.UseOutAsPrimary && G && F.Func.kind() != SchemaKind::Functional &&
      getKernel(M.Functions[G->Functional]))
    // An out= or inplace function without a kernel of its own calls the
    // functional kernel and copies the result.
    return WrapperKind::OutInplace;
  return WrapperKind::None;
}

bool RegisterDispatchKeyEmitter::isStructuredHere(const FunctionGroup &G,
                                                  bool &Failed) const {
  if (!G.IsGroup || !G.Structured)
    return false;
  // Meta and CompositeExplicitAutogradNonFunctional kernels of structured
  // groups are always generated, from the meta function and the out kernel.
  if (Index.Key == DispatchKey::Meta ||
      Index.Key == DispatchKey::CompositeExplicitAutogradNonFunctional) {
    if (getKernel(M.Functions[G.Out])) {
      error(M.Functions[G.Out], "a structured function takes no explicit `" +
                                    toString(Index.Key) +
                                    "` kernel: it is generated");
      Failed = true;
    }
    return true;
  }
  // Otherwise the group goes the unstructured way when the key's kernel for
  // it is not structured, which is always so for external backends.
  const BackendMetadata *Meta =
      getKernel(M.Functions[Index.UseOutAsPrimary ? G.Out : G.Functional]);
  return Meta && Meta->Structured;
}

LogicalResult RegisterDispatchKeyEmitter::getGeneratedFunctions(
    const FunctionGroup &G, SmallVectorImpl<FunctionId> &Out) const {
  bool Failed = false;
  SmallVector<FunctionId, 4> Ids = G.members();
  if (isStructuredHere(G, Failed)) {
    for (FunctionId Id : Ids) {
      const NativeFunction &F = M.Functions[Id];
      if (F.ManualKernelRegistration) {
        error(F, "a structured function cannot have "
                 "`manual_kernel_registration`");
        Failed = true;
        continue;
      }
      // An out= kernel is what a backend implementer must write.
      if (Index.Key == DispatchKey::CompositeExplicitAutogradNonFunctional &&
          F.Func.kind() == SchemaKind::Out)
        continue;
      Out.push_back(Id);
    }
    return failure(Failed);
  }
  const FunctionGroup *Group = G.IsGroup ? &G : nullptr;
  for (FunctionId Id : Ids) {
    const NativeFunction &F = M.Functions[Id];
    if (getWrapperKind(F, Group) != WrapperKind::None &&
        !F.ManualKernelRegistration)
      Out.push_back(Id);
  }
  return success();
}

std::optional<std::string>
RegisterDispatchKeyEmitter::getKernelNamespace(const FunctionGroup &G) const {
  const NativeFunction &F = M.Functions[!G.IsGroup              ? G.Function
                                        : Index.UseOutAsPrimary ? G.Out
                                                                : G.Functional];
  const BackendMetadata *Meta = getKernel(F);
  if (!Meta)
    return std::string("at::native");
  if (!StringRef(Meta->CppNamespace).contains("::native")) {
    error(
        F,
        "the `" + toString(Index.Key) + "` kernel of `" +
            M.Functions[G.IsGroup ? G.Functional : G.Function].Func.Name.str() +
            "` has the namespace `" + Meta->CppNamespace +
            "`, which does not end with `::native`");
    return std::nullopt;
  }
  return Meta->CppNamespace;
}

std::string opgen::getNamespacedDeclaration(const NativeFunction &F,
                                            const CppWrappers *Wrappers) {
  if (Wrappers) {
    std::string Out;
    for (const CppWrapper &W : *Wrappers) {
      Out += "TORCH_API ";
      // The wrappers carry manual_cpp_binding's fallback names; the
      // declarations have none.
      if (W.Sig.FallbackBinding) {
        CppSignature Plain = W.Sig;
        Plain.FallbackBinding = false;
        W.appendSignature(Out, Plain.name(), /*Defn=*/false);
      } else {
        W.appendSignature(Out, W.Sig.name(), /*Defn=*/false);
      }
      Out += ";\n";
    }
    return Out;
  }
  CppSignatureGroup G =
      CppSignatureGroup::get(F, /*Method=*/false, /*FallbackBinding=*/false);
  std::string Out;
  auto Add = [&](const CppSignature &Sig) {
    Out += "TORCH_API ";
    Out += Sig.decl();
    Out += ";\n";
  };
  Add(G.Signature);
  for (const std::optional<CppSignature> *S :
       {&G.FaithfulSignature, &G.SymIntSignature, &G.SymIntFaithfulSignature})
    if (*S)
      Add(**S);
  return Out;
}

LogicalResult
RegisterDispatchKeyEmitter::emit(const FunctionGroup &G, RegisterTarget T,
                                 std::vector<std::string> &Out) const {
  if (T == RegisterTarget::NamespacedDeclaration) {
    SmallVector<FunctionId, 4> Ids;
    if (failed(getGeneratedFunctions(G, Ids)))
      return failure();
    for (FunctionId Id : Ids)
      Out.push_back(getNamespacedDeclaration(M.Functions[Id]));
    return success();
  }
  bool Failed = false;
  SmallVector<FunctionId, 4> Ids = G.members();
  // Most groups have no kernel for a given key.
  if (llvm::none_of(Ids,
                    [&](FunctionId Id) {
                      return Kernels[Id] != nullptr ||
                             (Index.Key == DispatchKey::Meta &&
                              M.Functions[Id].Func.kind() ==
                                  SchemaKind::Inplace);
                    }) &&
      !(G.IsGroup && G.Structured))
    return success();
  if (isStructuredHere(G, Failed)) {
    SmallVector<FunctionId, 4> Generated;
    if (Failed || failed(getGeneratedFunctions(G, Generated)))
      return failure();
    for (FunctionId Id : Generated)
      if (std::optional<std::string> S =
              emitStructuredFunction(G, M.Functions[Id], T, Failed))
        Out.push_back(std::move(*S));
    return failure(Failed);
  }
  for (FunctionId Id : Ids) {
    if (std::optional<std::string> S = emitUnstructured(
            M.Functions[Id], G.IsGroup ? &G : nullptr, T, Failed))
      Out.push_back(std::move(*S));
  }
  return failure(Failed);
}

std::optional<std::string> RegisterDispatchKeyEmitter::getNamespacedDefinition(
    const NativeFunction &F, const std::string &WrapperName,
    const std::vector<Binding> &WrapperArgs, bool DispatcherArgs,
    bool &Failed) const {
  // One definition per C++ signature (no method, no fallback binding), each
  // calling the wrapper.
  if (Wrappers && DispatcherArgs && !F.ManualCppBinding) {
    const CppWrappers *Ws = Wrappers->get(*WrapperEC, F, /*Method=*/false);
    if (!Ws) {
      Failed = true;
      return std::nullopt;
    }
    std::string Out;
    for (const CppWrapper &W : *Ws) {
      Out += '\n';
      W.appendSignature(Out, W.name(), /*Defn=*/true);
      Out += " {\nreturn ";
      Out += WrapperName;
      Out += '(';
      Out += W.callArgs();
      Out += ");\n}\n";
    }
    return Out;
  }
  CppSignatureGroup G =
      CppSignatureGroup::get(F, /*Method=*/false, /*FallbackBinding=*/false);
  std::string Out;
  auto Add = [&](const CppSignature &Sig) {
    Expected<std::vector<std::string>> Exprs =
        translate(Sig.arguments(), WrapperArgs);
    if (!Exprs) {
      error(F, toString(Exprs.takeError()));
      Failed = true;
      return;
    }
    Out += "\n";
    Out += Sig.defn();
    Out += " {\nreturn ";
    Out += WrapperName;
    Out += '(';
    for (size_t I = 0; I != Exprs->size(); ++I) {
      if (I)
        Out += ", ";
      Out += (*Exprs)[I];
    }
    Out += ");\n}\n";
  };
  Add(G.Signature);
  for (const std::optional<CppSignature> *S :
       {&G.FaithfulSignature, &G.SymIntSignature, &G.SymIntFaithfulSignature})
    if (*S)
      Add(**S);
  if (Failed)
    return std::nullopt;
  return Out;
}

std::string
RegisterDispatchKeyEmitter::deviceCheck(const NativeFunction &F,
                                        const std::string &MethodName) {
  if (F.DeviceCheck == DeviceCheckType::NoCheck)
    return "  // No device check\n";
  std::string S = "std::optional<Device> common_device = std::nullopt;\n"
                  "(void)common_device; // Suppress unused variable warning\n";
  auto Check = [&](const Argument &A) {
    if (A.Ty.isTensorLike())
      S += "\n  c10::impl::check_and_update_common_device(common_device, " +
           A.Name + ", \"" + MethodName + "\", \"" + A.Name + "\");";
    return false;
  };
  F.Func.Args.anyOf(Arguments::OutPart, Check);
  F.Func.Args.anyOf(Arguments::PositionalPart, Check);
  return S;
}

std::optional<std::string> RegisterDispatchKeyEmitter::emitUnstructured(
    const NativeFunction &F, const FunctionGroup *G, RegisterTarget T,
    bool &Failed) const {
  WrapperKind Kind = getWrapperKind(F, G);
  if (Kind == WrapperKind::None || F.ManualKernelRegistration)
    return std::nullopt;
  bool InplaceMeta = Kind == WrapperKind::InplaceMeta;
  bool OutInplaceWrapper = Kind == WrapperKind::OutInplace;
  const BackendMetadata *Meta = getKernel(F);

  DispatcherSignature Sig(F, wrapperPrefix(F), /*SymInt=*/true);
  std::string Name = Sig.name();

  if (T == RegisterTarget::Registration) {
    // In-tree registrations follow the selective build; an external
    // backend's do not (gen_backend_stubs selects everything).
    if (!Index.External && !M.isSelected(F))
      return std::nullopt;
    return "m.impl(\"" + F.Func.Name.str() + "\",\nTORCH_FN(" + Name + "));\n";
  }

  // The wrapper takes the dispatcher's arguments: from the wrapper cache,
  // where every key finds them spelt (about 20 M instructions a run).
  const FunctionTexts *Texts = Wrappers ? &Wrappers->texts(F) : nullptr;
  std::vector<Binding> OwnArgs;
  if (!Texts)
    OwnArgs = Sig.arguments();
  const std::vector<Binding> &Args = Texts ? Texts->DispatcherArgs : OwnArgs;
  if (T == RegisterTarget::NamespacedDefinition)
    return getNamespacedDefinition(F, Name, Args, /*DispatcherArgs=*/true,
                                   Failed);

  std::string ReturnsType =
      Texts ? Texts->returns().str() : Sig.returnsType().str();
  std::string ArgsStr;
  if (Texts) {
    ArgsStr = Texts->params().str();
  } else {
    for (size_t I = 0; I != Args.size(); ++I) {
      if (I)
        ArgsStr += ", ";
      ArgsStr += Args[I].defn();
    }
  }

  if (InplaceMeta) {
    if (!F.Func.Args.Self) {
      error(F, "an inplace function without `self` has no meta wrapper");
      Failed = true;
      return std::nullopt;
    }
    const std::string &Self = F.Func.Args.Self->Name;
    return "\n" + ReturnsType + " " + Name + "(" + ArgsStr +
           ") {\n  TORCH_CHECK_NOT_IMPLEMENTED(" + Self +
           ".is_meta(),\n    \"Cannot inplace into non-meta tensor with meta "
           "tensor argument\");\n  return " +
           Self + ";\n}\n";
  }
  if (OutInplaceWrapper)
    return emitOutInplaceWrapper(F, *G, Failed);

  std::string ImplName = Meta->CppNamespace + "::";
  if (ClassMethodName)
    ImplName += *ClassMethodName + "::";
  ImplName += Meta->Kernel;

  // torchgen's kernel_signature: external kernels follow the dispatcher
  // API, in-tree ones the native API; either with SymInt only when the
  // kernel's name asks for it.
  bool KernelSymInt = StringRef(Meta->Kernel).contains("_symint");
  if (KernelSymInt && !F.Func.Args.hasSymIntArg()) {
    error(F, "backend `" + toString(Index.Key) + "` has the SymInt kernel `" +
                 Meta->Kernel + "` for an operator without SymInt arguments");
    Failed = true;
    return std::nullopt;
  }
  std::vector<Binding> KernelArgs =
      Index.External
          ? DispatcherSignature(F, "", KernelSymInt).arguments()
          : NativeSignature{&F, KernelSymInt, std::string()}.arguments();
  Expected<std::vector<std::string>> Exprs = translate(Args, KernelArgs);
  if (!Exprs) {
    error(F, toString(Exprs.takeError()));
    Failed = true;
    return std::nullopt;
  }

  std::string DeviceCheck = "  // No device check\n";
  // Backends that want device guards presumably want device checks too.
  if (Index.DeviceGuard)
    DeviceCheck = deviceCheck(F, Name);

  std::string DeviceGuard = "// DeviceGuard omitted";
  if (F.DeviceGuard && Index.DeviceGuard) {
    if (F.Func.Args.TensorOptions) {
      // A factory function: guard the device it creates the tensor on.
      DeviceGuard =
          "\n  const DeviceGuard device_guard(device_or_default(device));";
      if (CudaKey)
        DeviceGuard =
            "globalContext().lazyInitDevice(c10::DeviceType::CUDA);\n" +
            DeviceGuard;
    } else {
      // Otherwise the device of the first tensor: self, then the outs,
      // then the positional arguments.
      std::optional<std::string> Of;
      auto Pick = [&](const Argument &A) {
        if (!A.Ty.isTensorLike())
          return false;
        Of = A.Name;
        return true;
      };
      if (!(F.Func.Args.Self && Pick(*F.Func.Args.Self)) &&
          !F.Func.Args.anyOf(Arguments::OutPart, Pick))
        F.Func.Args.anyOf(Arguments::PositionalPart, Pick);
      if (Of)
        DeviceGuard =
            "const OptionalDeviceGuard device_guard(device_of(" + *Of + "));";
    }
  }

  std::string Call;
  for (size_t I = 0; I != Exprs->size(); ++I) {
    if (I)
      Call += ", ";
    Call += (*Exprs)[I];
  }
  return "namespace {\n\n" + ReturnsType + " " + Name + "(" + ArgsStr +
         ") {\n  " + DeviceCheck + "\n\n  " + DeviceGuard + "\n  return " +
         ImplName + "(" + Call + ");\n}\n\n} // anonymous namespace\n";
}

std::optional<std::string> RegisterDispatchKeyEmitter::emitOutInplaceWrapper(
    const NativeFunction &F, const FunctionGroup &G, bool &Failed) const {
  SchemaKind K = F.Func.kind();
  const char *CopyOp;
  if (K == SchemaKind::Inplace)
    CopyOp = "at::_copy_from";
  else if (K == SchemaKind::Out)
    CopyOp = "at::_copy_from_and_resize";
  else {
    error(F, "a functional fallback wrapper is only made for inplace and out= "
             "functions");
    Failed = true;
    return std::nullopt;
  }
  DispatcherSignature Sig(F, wrapperPrefix(F), /*SymInt=*/true);
  std::string Name = Sig.name();
  std::string Res = Name + "_tmp";
  std::vector<std::string> RetNames = returnNames(F);
  std::string Updates, Returns;
  if (RetNames.size() > 1) {
    for (size_t I = 0; I != RetNames.size(); ++I) {
      if (I)
        Updates += "\n  ";
      Updates += std::string(CopyOp) + "(std::get<" + std::to_string(I) + ">(" +
                 Res + "), " + RetNames[I] + ");";
    }
    Returns = Sig.returnsType().str() + "(";
    for (size_t I = 0; I != RetNames.size(); ++I) {
      if (I)
        Returns += ", ";
      Returns += RetNames[I];
    }
    Returns += ")";
  } else if (RetNames.size() == 1) {
    Updates = std::string(CopyOp) + "(" + Res + ", " + RetNames[0] + ");";
    Returns = RetNames[0];
  } else {
    if (F.Func.Args.Out.size() != 1) {
      // Reported where the backend names the functional kernel, if known.
      const NativeFunction &Fn = M.Functions[G.Functional];
      SMLoc At = OpLoc ? OpLoc(Fn.Func.Name) : SMLoc();
      Ctx.getDiags().error(
          At.isValid() ? At : F.FuncLoc,
          "`" + F.Func.Name.str() +
              "` has no kernel, and torchgen cannot make "
              "its fallback from the kernel of `" +
              Fn.Func.Name.str() +
              "`: it returns nothing and has no single out argument; list `" +
              F.Func.Name.str() + "` as well");
      if (At.isValid())
        Ctx.getDiags().note(F.FuncLoc,
                            "`" + F.Func.Name.str() + "` is declared here");
      Failed = true;
      return std::nullopt;
    }
    const Argument &Out = F.Func.Args.Out[0];
    if (Out.Ty.getListLike())
      Updates = "    for (int64_t i = 0; i < " + Res +
                ".size(); ++i) {\n        " + CopyOp + "(" + Res + "[i], " +
                Out.Name + "[i]);\n    }";
    else
      Updates = std::string(CopyOp) + "(" + Res + ", " + Out.Name + ");";
  }

  const NativeFunction &Functional = M.Functions[G.Functional];
  DispatcherSignature FunctionalSig(Functional, wrapperPrefix(Functional),
                                    /*SymInt=*/true);
  Expected<std::vector<std::string>> Exprs =
      translate(Sig.arguments(), FunctionalSig.arguments());
  if (!Exprs) {
    error(F, toString(Exprs.takeError()));
    Failed = true;
    return std::nullopt;
  }
  std::string Call;
  for (size_t I = 0; I != Exprs->size(); ++I) {
    if (I)
      Call += ", ";
    Call += (*Exprs)[I];
  }
  return Sig.defn(&Name) + " {\n  auto " + Res + " = " + FunctionalSig.name() +
         "(" + Call + ");\n  " + Updates + "\n  return " + Returns + ";\n}\n";
}

std::vector<std::string> opgen::getRegistrationHeaders(const BackendIndex &I,
                                                       bool PerOperatorHeaders,
                                                       bool Rocm) {
  std::vector<std::string> H;
  H.push_back(PerOperatorHeaders ? "#include <ATen/ops/as_strided_native.h>"
                                 : "#include <ATen/NativeFunctions.h>");
  std::string K = toString(I.Key).str();
  if (K == "CPU" || K == "Meta")
    H.push_back("#include <ATen/EmptyTensor.h>");
  else if (K == "CUDA")
    H.push_back(Rocm ? "#include <ATen/hip/EmptyTensor.h>"
                     : "#include <ATen/cuda/EmptyTensor.h>");
  else if (K == "MPS")
    H.push_back("#include <ATen/mps/EmptyTensor.h>");
  else if (K == "XPU")
    H.push_back("#include <ATen/xpu/EmptyTensor.h>");
  else if (K == "MTIA")
    H.push_back("#include <ATen/native/mtia/EmptyTensor.h>");
  else if (PerOperatorHeaders)
    H.insert(H.end(), {"#include <ATen/ops/empty.h>",
                       "#include <ATen/ops/empty_strided.h>",
                       "#include <ATen/ops/_copy_from_and_resize.h>",
                       "#include <ATen/ops/_copy_from.h>"});
  else
    H.push_back("#include <ATen/Functions.h>");
  H.push_back("#include <c10/macros/Macros.h>");
  return H;
}

/// The functions creating empty tensors on the key's device, if any.
static std::optional<std::pair<std::string, std::string>>
emptyImplNames(const std::string &K) {
  if (K == "Meta" || K == "CPU" || K == "CUDA" || K == "MPS" || K == "XPU" ||
      K == "MTIA") {
    std::string D = StringRef(K).lower();
    return std::make_pair("at::detail::empty_" + D,
                          "at::detail::empty_strided_" + D);
  }
  if (K == "CompositeExplicitAutogradNonFunctional" || K == "QuantizedCPU" ||
      K == "QuantizedCUDA")
    return std::make_pair(std::string("at::empty"),
                          std::string("at::empty_strided"));
  return std::nullopt;
}

std::vector<std::string> opgen::getRegistrationHelpers(const BackendIndex &I) {
  std::vector<std::string> H;
  H.push_back(
      "C10_DIAGNOSTIC_PUSH_AND_IGNORED_IF_DEFINED(\"-Wunused-function\")");
  auto Empty = emptyImplNames(toString(I.Key).str());
  if (Empty) {
    std::string Options =
        I.Key == DispatchKey::Meta ? "options.device(at::kMeta)" : "options";
    H.push_back("\nTensor create_out(IntArrayRef sizes, IntArrayRef strides, "
                "const TensorOptions &options) {\n  if (strides.empty()) {\n"
                "      return " +
                Empty->first + "(sizes, " + Options +
                ");\n  } else {\n      return " + Empty->second +
                "(sizes, strides, " + Options + ");\n  }\n}\n");
  }
  // Only functional kernels are registered for this key, so resize_out
  // would be defined but unused.
  if (I.Key != DispatchKey::CompositeExplicitAutogradNonFunctional)
    H.push_back(R"(
void resize_out(const Tensor &out, IntArrayRef sizes, IntArrayRef strides, const TensorOptions &options) {
  TORCH_CHECK(options.dtype() == out.dtype(),
      "Expected out tensor to have dtype ", options.dtype(), ", but got ", out.dtype(), " instead");
  TORCH_CHECK(options.device() == out.device(),
      "Expected out tensor to have device ", options.device(), ", but got ", out.device(), " instead");
  const bool resized = at::native::resize_output(out, sizes);
  // Only restride if a resize occurred; otherwise we ignore the (advisory)
  // strides from the meta function and directly use the output tensor's
  // preexisting strides
  if (resized) {
    if (!strides.empty()) {
      TORCH_INTERNAL_ASSERT(!options.memory_format_opt().has_value());
      // TODO: avoid the redispatch here
      out.as_strided_(sizes, strides);
    } else if (options.memory_format_opt().has_value()) {
      out.unsafeGetTensorImpl()->empty_tensor_restride(*options.memory_format_opt());
    }
  }
}
)");
  H.push_back(R"(
void check_inplace(const Tensor &self, IntArrayRef sizes, const TensorOptions &options) {
  // These checks are needed on those operators that:
  //   1) don't use 'TensorIterator' (e.g. 'addmm' and 'baddbmm')
  //   2) have particular typing rules (e.g. 'cumsum' and 'cumprod')
  // For other operators (e.g. 'add'), 'TensorIterator' already checks
  // these things separately.
  TORCH_CHECK(options.dtype() == self.dtype(),
      "Bad in-place call: ",
      "input tensor dtype ", self.dtype(), " and output tensor dtype ", options.dtype(), " should match");
  TORCH_CHECK(options.device() == self.device(),
      "Bad in-place call: ",
      "input tensor device ", self.device(), " and output tensor device ", options.device(), " should match");
  TORCH_CHECK(sizes == self.sizes(),
      "Bad in-place call: ",
      "input tensor size ", self.sizes(), " and output tensor size ", sizes, " should match");
}
)");
  if (Empty)
    H.push_back("\nstd::optional<Tensor> maybe_create_proxy(const Tensor &out, "
                "IntArrayRef sizes, IntArrayRef strides, const TensorOptions "
                "&options) {\n  if (out.strides() != strides) {\n    return " +
                Empty->second +
                "(sizes, strides, options);\n  }\n  return std::nullopt;\n}\n");
  H.push_back("C10_DIAGNOSTIC_POP()");
  return H;
}
