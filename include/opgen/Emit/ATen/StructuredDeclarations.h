//===- StructuredDeclarations.h - Structured kernels' classes ---*- C++ -*-===//
//
// A structured group's meta class and a key's kernel class deriving from
// it, as NativeMetaFunctions.h and NativeFunctions.h declare them; the ufunc
// sources declare the same classes again (so that they do not include those
// headers), and print them from here.
//
//   struct TORCH_API structured_ufunc_add_CPU
//       : public at::meta::structured_add_Tensor {
//   void impl(const at::Tensor & self, ..., const at::Tensor & out);
//   };
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_ATEN_STRUCTUREDDECLARATIONS_H
#define OPGEN_EMIT_ATEN_STRUCTUREDDECLARATIONS_H

#include "opgen/IR/Module.h"

#include "llvm/ADT/StringRef.h"

#include <string>

namespace opgen {

/// The meta class of structured group \p G (torchgen's
/// compute_meta_function_declaration).
std::string metaDeclaration(const Module &M, const FunctionGroup &G);

/// The class of an in-tree structured kernel \p Kernel deriving from meta
/// class `structured_<MetaClass>`, its impl taking \p ImplArgs (torchgen's
/// gen_structured).
std::string structuredKernelDeclaration(llvm::StringRef Kernel,
                                        llvm::StringRef MetaClass,
                                        llvm::StringRef ImplArgs);

} // namespace opgen

#endif // OPGEN_EMIT_ATEN_STRUCTUREDDECLARATIONS_H
