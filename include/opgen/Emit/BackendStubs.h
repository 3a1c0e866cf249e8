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
// (`--impl-path`). The module must have been through the default pipeline
// with the same backend yaml (groups, names and backend indices).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_BACKENDSTUBS_H
#define OPGEN_EMIT_BACKENDSTUBS_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/Parse/BackendYamlReader.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace opgen {

/// A generated file: its name inside the output folder, and its bytes.
struct GeneratedFile {
  std::string Name;
  std::string Content;
};

struct BackendStubsOptions {
  /// The folder holding the templates (ATen/templates).
  std::string TemplateDir;
  /// The output folder as the user wrote it: Register<Key>.cpp includes the
  /// header through this spelling, as torchgen's does.
  std::string OutputDirSpelling;
  /// Threads for generating code; the files do not depend on it.
  unsigned Threads = 1;
};

/// The class the backend's kernels are members of: `class_name`, or
/// `<Key>NativeFunctions`.
std::string getBackendClassName(const BackendYaml &B);

/// Generate the files for backend yaml \p B. No files (and success) when the
/// backend key has no operators, as with torchgen.
LogicalResult emitBackendStubs(Context &Ctx, const Module &M,
                               const BackendYaml &B,
                               const BackendStubsOptions &Options,
                               std::vector<GeneratedFile> &Files);

/// torchgen's error_on_missing_kernels: the kernel source \p ImplPath must
/// define, as `Class::kernel(`, each kernel name as many times as there are
/// operators using it (full_codegen ones included, as gen_backend_stubs
/// asks). Every kernel name with
/// the wrong count is an error at the backend yaml entry naming its first
/// operator, with notes giving the expected declarations.
LogicalResult checkBackendKernels(Context &Ctx, const Module &M,
                                  const BackendYaml &B,
                                  llvm::StringRef ImplPath);

} // namespace opgen

#endif // OPGEN_EMIT_BACKENDSTUBS_H
