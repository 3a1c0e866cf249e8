//===- BackendSelect.cpp - RegisterBackendSelect.cpp ----------------------===//
//
// Factory functions (those taking dtype, layout, device and pin_memory) have
// no tensor to dispatch on, so BackendSelect kernels compute the key from
// the options (and any tensor arguments) and redispatch below BackendSelect
// (torchgen's ComputeBackendSelect, DEFINITION and REGISTRATION). The file
// follows the selective build but not --skip-dispatcher-op-registration,
// as torchgen's does.
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/CppApi/NativeSignature.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

/// torchgen's needs_backend_select: a selected factory function that is
/// neither a `*_like` nor a `new_*` one (those dispatch on their tensor).
static bool needsBackendSelect(const Module &M, const NativeFunction &F) {
  if (!F.Func.Args.TensorOptions)
    return false;
  std::string Name = F.Func.Name.Name.str();
  if (StringRef(Name).endswith("_like") || StringRef(Name).startswith("new_"))
    return false;
  return M.isSelected(F);
}

/// The BackendSelect kernel of \p F, named \p Name.
static std::string defineKernel(const NativeFunction &F, StringRef Name,
                                StringRef Schema) {
  // The tensors among the native API's arguments (the unpacked options are
  // none): with some, their keys join the options'.
  std::string TensorArgs;
  F.Func.Args.anyOf(Arguments::AllParts, [&](const Argument &A) {
    if (A.Ty.isTensorLike())
      TensorArgs += (TensorArgs.empty() ? "" : ", ") + A.Name;
    return false;
  });
  const char *DispatchKey = "c10::computeDispatchKey(dtype, layout, device)";
  std::string ComputeKey;
  if (!TensorArgs.empty())
    ComputeKey = std::string("DispatchKeySet _dk_set = c10::DispatchKeySet(") +
                 DispatchKey + ") | c10::detail::multi_dispatch_key_set(" +
                 TensorArgs +
                 ");\nDispatchKeySet _dk_mask = "
                 "c10::DispatchKeySet(DispatchKeySet::FULL_AFTER, "
                 "DispatchKey::BackendSelect);\nDispatchKeySet _dk = "
                 "c10::impl::computeDispatchKeySet(_dk_set, _dk_mask);";
  else
    ComputeKey = std::string("DispatchKeySet _dk = c10::DispatchKeySet(") +
                 DispatchKey + ");";

  DispatcherSignature Sig(F);
  std::string Exprs;
  for (const Binding &B : Sig.arguments()) {
    if (!Exprs.empty())
      Exprs += ", ";
    Exprs += B.Name;
  }
  std::string NameStr = Name.str();
  return "// aten::" + Schema.str() + "\nC10_ALWAYS_INLINE\n" +
         Sig.defn(&NameStr) + " {\n  " + ComputeKey +
         "\n  return at::_ops::" + F.Names->Unambiguous +
         "::redispatch(\n      _dk, " + Exprs + ");\n}\n";
}

LogicalResult opgen::emitBackendSelect(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  const Module &M = EC.M;
  if (any_of(M.Functions,
             [](const NativeFunction &F) { return !F.Names.has_value(); })) {
    EC.Ctx.getDiags().error(SMLoc(), "RegisterBackendSelect.cpp needs the "
                                     "kernel names of the default pipeline; "
                                     "run it with -passes=default");
    return failure();
  }
  CppWrapperCache &Cache = getCppWrapperCache(EC);
  std::vector<std::string> Headers, Definitions, Registrations;
  for (const NativeFunction &F : M.Functions) {
    if (!needsBackendSelect(M, F))
      continue;
    // BackendSelect can go to Meta, which takes SymInts: the kernel keeps
    // them, but its name is the native API's.
    std::string Name = nativeName(F);
    Headers.push_back("#include <ATen/ops/" + F.Names->Root + "_ops.h>");
    Definitions.push_back(defineKernel(F, Name, Cache.texts(F).schema()));
    Registrations.push_back("m.impl(\"aten::" + F.Func.Name.str() +
                            "\", TORCH_FN(" + Name + "));");
  }
  return EC.files().write(
      "RegisterBackendSelect.cpp",
      {{"ops_headers", std::move(Headers)},
       {"backend_select_method_definitions", std::move(Definitions)},
       {"backend_select_function_registrations", std::move(Registrations)}});
}
