//===- BackendStubs.h - An external backend's C++ glue ----------*- C++ -*-===//
//
// What torchgen's gen_backend_stubs writes for an out-of-tree backend
// (torch_xla, a PrivateUse1 device) from its backend yaml:
//
//   <Key>NativeFunctions.h      the class declaring the backend's kernels
//   Register<Key>.cpp           wrappers and TORCH_LIBRARY_IMPL registrations
//   RegisterAutograd<Key>.cpp   the same for the Autograd<Key> kernels, when
//                               the yaml lists `autograd:` operators
//
// and its check that a kernel source file defines every kernel
// (`--impl-path`). The files come from the `backend-stubs` emitter
// (Emitters.def) for the Module's backend configuration, after the default
// pipeline (groups, names and backend indices).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_BACKENDSTUBS_BACKENDSTUBS_H
#define OPGEN_EMIT_BACKENDSTUBS_BACKENDSTUBS_H

#include "opgen/IR/BackendConfig.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace opgen {

/// The class the backend's kernels are members of: `class_name`, or
/// `<Key>NativeFunctions`.
std::string getBackendClassName(const BackendConfig &B);

/// torchgen's error_on_missing_kernels: the kernel source \p ImplPath must
/// define, as `Class::kernel(`, each kernel name as many times as there are
/// operators using it (full_codegen ones included, as gen_backend_stubs
/// asks). Every kernel name with the wrong count is an error at the backend
/// yaml entry naming its first operator, with notes giving the expected
/// declarations. \p M must hold the backend's configuration and indices.
LogicalResult checkBackendKernels(Context &Ctx, const Module &M,
                                  llvm::StringRef ImplPath);

} // namespace opgen

#endif // OPGEN_EMIT_BACKENDSTUBS_BACKENDSTUBS_H
