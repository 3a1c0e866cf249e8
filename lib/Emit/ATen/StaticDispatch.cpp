//===- StaticDispatch.cpp - Calling backends' kernels directly ------------===//

#include "opgen/Emit/ATen/StaticDispatch.h"
#include "opgen/CppApi/CppSignature.h"
#include "opgen/CppApi/Translate.h"
#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/IR/FunctionIndex.h"

#include "llvm/ADT/StringExtras.h"

using namespace opgen;
using namespace llvm;

/// The composite keys every static dispatch also reaches, in torchgen's
/// order (static_dispatch_keys).
static constexpr DispatchKey CompositeKeys[] = {
    DispatchKey::CompositeImplicitAutograd,
    DispatchKey::CompositeImplicitAutogradNestedTensor,
    DispatchKey::CompositeExplicitAutograd,
    DispatchKey::CompositeExplicitAutogradNonFunctional,
};

StaticDispatch::StaticDispatch(const Module &M, ArrayRef<DispatchKey> Keys)
    : M(M) {
  if (Keys.empty())
    return;
  FunctionIndex Functions(M);
  for (DispatchKey K : Keys) {
    Backend &B = Backends.emplace_back();
    B.Key = getIndexKey(M, K);
    if (const BackendIndex *Index = M.getBackendIndex(K))
      B.Kernels = getKernelsByFunction(M, *Index, Functions);
  }
}

DispatchKey StaticDispatch::getIndexKey(const Module &M, DispatchKey K) {
  return M.getBackendIndex(K) ? K : DispatchKey::Undefined;
}

bool StaticDispatch::hasKernel(const Backend &B,
                               const NativeFunction &F) const {
  size_t Id = &F - M.Functions.data();
  return Id < B.Kernels.size() && B.Kernels[Id];
}

std::vector<std::string>
StaticDispatch::getExtraHeaders(const Module &M, ArrayRef<DispatchKey> Keys) {
  std::vector<std::string> Out;
  if (Keys.empty())
    return Out;
  auto Add = [&](DispatchKey K) {
    Out.push_back(("#include <ATen/" + toString(K) + "Functions.h>").str());
  };
  for (DispatchKey K : Keys)
    Add(getIndexKey(M, K));
  for (DispatchKey K : CompositeKeys)
    Add(K);
  return Out;
}

/// The composite key whose kernel stands for \p F when no backend has one,
/// in torchgen's order of preference; none when F has no composite kernel.
static std::optional<DispatchKey> getCompositeKey(const NativeFunction &F) {
  if (F.HasCompositeExplicitAutogradKernel)
    return DispatchKey::CompositeExplicitAutograd;
  if (F.HasCompositeExplicitAutogradNonFunctionalKernel)
    return DispatchKey::CompositeExplicitAutogradNonFunctional;
  if (F.HasCompositeImplicitAutogradKernel)
    return DispatchKey::CompositeImplicitAutograd;
  if (F.HasCompositeImplicitAutogradNestedTensorKernel)
    return DispatchKey::CompositeImplicitAutogradNestedTensor;
  return std::nullopt;
}

std::optional<std::string>
StaticDispatch::getOpsHeader(const NativeFunction &F) const {
  if (F.ManualKernelRegistration)
    return std::nullopt;
  const std::string &Root = F.Names ? F.Names->Root : F.rootName();
  std::string Out;
  for (const Backend &B : Backends) {
    // A structured delegate is taken to have the backend's kernel: its out=
    // function's.
    std::optional<DispatchKey> K;
    if (F.StructuredDelegate || hasKernel(B, F))
      K = B.Key;
    else
      K = getCompositeKey(F);
    if (!K)
      continue;
    if (!Out.empty())
      Out += '\n';
    Out += "#include <ATen/ops/";
    Out += Root;
    Out += '_';
    Out += toString(*K).lower();
    Out += "_dispatch.h>";
  }
  return Out;
}

/// `at` for the kernels of \p Meta's namespace (`at::native` when none):
/// the backend's functions live beside the namespace's `native`.
static std::string getCallNamespace(const BackendMetadata *Meta) {
  StringRef NS = Meta && !Meta->CppNamespace.empty()
                     ? StringRef(Meta->CppNamespace)
                     : StringRef("at::native");
  std::string Out;
  // Every `::native` goes, as Python's str.replace takes them all.
  while (!NS.empty()) {
    size_t At = NS.find("::native");
    Out += NS.take_front(At);
    if (At == StringRef::npos)
      break;
    NS = NS.drop_front(At + strlen("::native"));
  }
  return Out;
}

LogicalResult
StaticDispatch::appendCallBody(Context &Ctx, const NativeFunction &F,
                               const std::vector<Binding> &DispatcherArgs,
                               std::string &Out) const {
  if (Backends.empty() || F.ManualKernelRegistration)
    return success();

  // The kernels are called through their C++ API; a `memory_format` the
  // API takes beside TensorOptions is bound from the dispatcher's.
  CppSignature Sig = getStaticDispatchCallSignature(F);
  std::vector<Binding> Goals = Sig.arguments();
  bool Redundant = any_of(Goals, [](const Binding &B) {
    return B.NCType.Name == PossiblyRedundantMemoryFormat;
  });
  Expected<std::vector<std::string>> Exprs = [&] {
    if (!Redundant)
      return translate(DispatcherArgs, Goals);
    std::vector<Binding> Args = DispatcherArgs;
    for (Binding &B : Args)
      if (B.Name == "memory_format")
        B.NCType.Name = PossiblyRedundantMemoryFormat;
    return translate(Args, Goals);
  }();
  std::string Name = Sig.name();
  if (!Exprs) {
    Ctx.getDiags().error(F.FuncLoc,
                         "cannot call the kernels of `" + F.Func.Name.str() +
                             "` from at::_ops: " + toString(Exprs.takeError()));
    return failure();
  }
  std::string Call = Name + "(" + join(*Exprs, ", ") + ");";

  auto AppendBackendCall = [&](const Backend &B) {
    size_t Id = &F - M.Functions.data();
    Out += "return ";
    Out += getCallNamespace(hasKernel(B, F) ? B.Kernels[Id] : nullptr);
    Out += "::";
    Out += toString(B.Key).lower();
    Out += "::";
    Out += Call;
  };
  auto AppendFallbackCall = [&] {
    if (std::optional<DispatchKey> K = getCompositeKey(F)) {
      Out += "return at::";
      Out += toString(*K).lower();
      Out += "::";
      Out += Call;
      return;
    }
    // torchgen's message runs `for` into the first key.
    Out += "TORCH_CHECK(false, \"Static dispatch does not support ";
    Out += Name;
    Out += " for";
    for (size_t I = 0; I != Backends.size(); ++I) {
      if (I)
        Out += ", ";
      Out += toString(Backends[I].Key);
    }
    Out += " \");";
  };

  SmallVector<const Backend *, 4> Keys;
  for (const Backend &B : Backends)
    if (hasKernel(B, F) || (F.StructuredDelegate && isStructuredKey(B.Key)))
      Keys.push_back(&B);
  if (Keys.size() <= 1) {
    Out += "    ";
    if (Keys.empty())
      AppendFallbackCall();
    else
      AppendBackendCall(*Keys.front());
    return success();
  }

  // Several backends: the one of the arguments' highest-priority backend
  // key, else the fallback.
  std::string TensorArgs;
  size_t I = 0;
  for (const Argument *A : F.Func.schemaOrderArguments()) {
    if (A->Ty.isTensorLike()) {
      if (!TensorArgs.empty())
        TensorArgs += ", ";
      TensorArgs += DispatcherArgs[I].Name;
    }
    ++I;
  }
  Out += "\n    DispatchKeySet _dk_set = ";
  if (F.Func.Args.TensorOptions)
    Out += "DispatchKeySet(c10::computeDispatchKey(dtype, layout, device))";
  if (!TensorArgs.empty()) {
    if (F.Func.Args.TensorOptions)
      Out += " | ";
    Out += "c10::detail::multi_dispatch_key_set(" + TensorArgs + ")";
  }
  Out += ";\n\t\tDispatchKey _dk = "
         "c10::highestPriorityBackendTypeId(_dk_set);\n    switch (_dk) {\n"
         "        ";
  for (size_t J = 0; J != Keys.size(); ++J) {
    if (J)
      Out += "\n\t\t";
    Out += "case DispatchKey::";
    Out += toString(Keys[J]->Key);
    Out += ":\n\t\t\t";
    AppendBackendCall(*Keys[J]);
    Out += ';';
  }
  Out += "\n        default:\n            ";
  AppendFallbackCall();
  Out += "\n    }\n";
  return success();
}
