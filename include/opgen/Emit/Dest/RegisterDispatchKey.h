//===- RegisterDispatchKey.h - Register<Key>.cpp pieces ---------*- C++ -*-===//
//
// Register<Key>.cpp registers one dispatch key's kernels with the
// dispatcher. For every function the key has a kernel for (or, for an
// out= or inplace function, a functional kernel to fall back on) it holds a
// wrapper with the dispatcher's signature that checks devices, sets the
// device guard and calls the kernel, and an `m.impl(...)` line registering
// the wrapper. This emitter is torchgen's RegisterDispatchKey
// (torchgen/dest/register_dispatch_key.py), parameterised by a backend index
// so that external backends and in-tree keys share it.
//
// External backends' kernels follow the dispatcher API, in-tree keys' the
// native API; structured groups get StructuredRegisterDispatchKey's classes
// and wrappers (StructuredRegisterDispatchKey.cpp). Besides the wrappers and
// registrations it makes the key's direct C++ API (at::cpu::add): the
// declarations of <Key>Functions_inl.h and their definitions.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_DEST_REGISTERDISPATCHKEY_H
#define OPGEN_EMIT_DEST_REGISTERDISPATCHKEY_H

#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/FunctionIndex.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/SmallVector.h"

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// Which piece of Register<Key>.cpp to generate.
enum class RegisterTarget {
  /// The wrappers, in an anonymous namespace.
  AnonymousDefinition,
  /// The `m.impl("op", TORCH_FN(wrapper));` lines.
  Registration,
  /// The definitions of the key's direct C++ API (at::cpu::add), calling
  /// the wrappers.
  NamespacedDefinition,
  /// The `TORCH_API` declarations of the key's direct C++ API (at::cpu::add),
  /// one text per function (getNamespacedDeclaration).
  NamespacedDeclaration,
};

class RegisterDispatchKeyEmitter {
public:
  /// \p ClassMethodName is the class external kernels are members of
  /// (`XLANativeFunctions`); in-tree kernels are free functions.
  RegisterDispatchKeyEmitter(Context &Ctx, const Module &M,
                             const BackendIndex &Index,
                             std::optional<std::string> ClassMethodName,
                             const FunctionIndex *Functions = nullptr);
  /// An in-tree key, whose kernels \p Kernels (by FunctionId, null for
  /// none) were looked up already (KernelTable).
  RegisterDispatchKeyEmitter(Context &Ctx, const Module &M,
                             const BackendIndex &Index,
                             std::vector<const BackendMetadata *> Kernels);

  /// Append the code for one entry of M.Groups to \p Out. Reports a
  /// diagnostic at the function and fails on what cannot be generated.
  LogicalResult emit(const FunctionGroup &G, RegisterTarget T,
                     std::vector<std::string> &Out) const;

  /// The functions of \p G that get code for this key, in torchgen's order
  /// (structured groups: every member the key defines; otherwise those with
  /// a kernel or a wrapper made for them). Reports a diagnostic at the
  /// function and fails on a kernel torchgen refuses.
  LogicalResult
  getGeneratedFunctions(const FunctionGroup &G,
                        llvm::SmallVectorImpl<FunctionId> &Out) const;

  /// torchgen's get_kernel_namespace: the C++ namespace of the kernel that
  /// stands for \p G (`at::native` when there is none); none after
  /// reporting a namespace not ending in `::native`.
  std::optional<std::string> getKernelNamespace(const FunctionGroup &G) const;

  /// Where the index's source names an operator (an external backend's
  /// yaml entry), for diagnostics; invalid when unknown.
  void
  setOperatorLocations(std::function<llvm::SMLoc(const OperatorName &)> F) {
    OpLoc = std::move(F);
  }

  /// The index's kernel for \p F, an element of the module's functions;
  /// null when there is none.
  const BackendMetadata *getKernel(const NativeFunction &F) const;

  /// Take the direct C++ API's signatures and calls from \p EC's wrapper
  /// cache, where every key prints the same ones (call outside parallel
  /// loops).
  void useWrapperCache(EmitContext &EC) {
    WrapperEC = &EC;
    Wrappers = &getCppWrapperCache(EC);
  }

private:
  /// Why an unstructured function gets a wrapper (gen_unstructured).
  enum class WrapperKind { None, Kernel, InplaceMeta, OutInplace };
  WrapperKind getWrapperKind(const NativeFunction &F,
                             const FunctionGroup *G) const;
  /// Whether \p G takes gen_structured's structured path for this key;
  /// sets \p Failed after reporting what torchgen refuses.
  bool isStructuredHere(const FunctionGroup &G, bool &Failed) const;
  std::optional<std::string> emitUnstructured(const NativeFunction &F,
                                              const FunctionGroup *G,
                                              RegisterTarget T,
                                              bool &Failed) const;
  std::optional<std::string> emitOutInplaceWrapper(const NativeFunction &F,
                                                   const FunctionGroup &G,
                                                   bool &Failed) const;
  /// StructuredRegisterDispatchKey.gen_one: \p F of structured group \p G
  /// (StructuredRegisterDispatchKey.cpp).
  std::optional<std::string> emitStructuredFunction(const FunctionGroup &G,
                                                    const NativeFunction &F,
                                                    RegisterTarget T,
                                                    bool &Failed) const;
  /// Make PlainSetOutputs.
  void initStructuredTexts();
  /// torchgen's gen_device_check.
  static std::string deviceCheck(const NativeFunction &F,
                                 const std::string &MethodName);
  /// \p DispatcherArgs: \p WrapperArgs are F's dispatcher arguments, so the
  /// wrapper cache's calls apply.
  std::optional<std::string>
  getNamespacedDefinition(const NativeFunction &F,
                          const std::string &WrapperName,
                          const std::vector<Binding> &WrapperArgs,
                          bool DispatcherArgs, bool &Failed) const;
  std::string wrapperPrefix(const NativeFunction &F) const;
  void error(const NativeFunction &F, const llvm::Twine &Msg) const;

  Context &Ctx;
  const Module &M;
  const BackendIndex &Index;
  std::optional<std::string> ClassMethodName;
  /// Each function's kernel for this key, by FunctionId.
  std::vector<const BackendMetadata *> Kernels;
  bool CudaKey = false;
  std::function<llvm::SMLoc(const OperatorName &)> OpLoc;
  /// The set_output_* methods of the key's structured classes that call no
  /// parent's, by SchemaKind (functional, inplace,
  /// out): what most structured classes of the key print, made once per
  /// key instead of per class (about 30 M instructions).
  std::string PlainSetOutputs[3];
  EmitContext *WrapperEC = nullptr;
  CppWrapperCache *Wrappers = nullptr;
};

/// The declarations of the direct C++ API of \p F for one key (the same for
/// every key): `TORCH_API <decl>;` and a newline for each of its C++
/// signatures (CppSignatureGroup.signatures(), no method, no fallback
/// binding). \p Wrappers, F's function wrappers from the CppWrapperCache
/// when at hand, give the signatures already spelt (Functions.h made them):
/// made from them, the declarations of a run cost about a fifteenth.
std::string getNamespacedDeclaration(const NativeFunction &F,
                                     const CppWrappers *Wrappers = nullptr);

/// Each function's kernel in \p Index (null for none), by FunctionId.
std::vector<const BackendMetadata *>
getKernelsByFunction(const Module &M, const BackendIndex &Index,
                     const FunctionIndex &Functions);

/// The `#include` lines for a key's registrations.
std::vector<std::string> getRegistrationHeaders(const BackendIndex &Index,
                                                bool PerOperatorHeaders,
                                                bool Rocm);

/// The helper functions (create_out, resize_out, check_inplace, ...) a key's
/// registration file defines.
std::vector<std::string> getRegistrationHelpers(const BackendIndex &Index);

} // namespace opgen

#endif // OPGEN_EMIT_DEST_REGISTERDISPATCHKEY_H
