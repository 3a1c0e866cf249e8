//===- FunctionalizationKernels.h - Functionalize kernels -------*- C++ -*-===//
//
// The kernels RegisterFunctionalization.cpp registers for the Functionalize
// key (torchgen's gen_functionalization_type.py): a view op's kernel calls
// its view_copy (or, reapplying views, the view) on the unwrapped tensors
// and records a ViewMeta; an inplace, out= or mutable op's kernel calls the
// functional op of its group and writes the result back into the mutated
// arguments.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_ATEN_FUNCTIONALIZATIONKERNELS_H
#define OPGEN_EMIT_ATEN_FUNCTIONALIZATIONKERNELS_H

#include "opgen/IR/Module.h"
#include "opgen/Support/Diagnostics.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// torchgen's wrapper_name: the kernel's C++ name and overload
/// (`abs_out_out`, `transpose_int`).
std::string functionalizationKernelName(const NativeFunction &F);

/// gen.py's gen_op_headers, for one member of a unit: \p F's _native.h
/// and _ops.h includes (RegisterFunctionalization.cpp and
/// ViewMetaClasses.cpp list them for every member).
void appendOpHeaders(std::vector<std::string> &Out, const NativeFunction &F);

/// emit_view_functionalization_body: the kernel of the view of \p VG, or
/// of its inplace view when \p Inplace; nothing after an error (reported).
std::optional<std::string> emitViewFunctionalizationKernel(const Module &M,
                                                           DiagnosticEngine &D,
                                                           const ViewGroup &VG,
                                                           bool Inplace);

/// emit_inplace_functionalization_body: the kernel of \p F, a mutating
/// member of group \p G; nothing after an error (reported).
std::optional<std::string>
emitMutationFunctionalizationKernel(const Module &M, DiagnosticEngine &D,
                                    const NativeFunction &F,
                                    const FunctionGroup &G);

} // namespace opgen

#endif // OPGEN_EMIT_ATEN_FUNCTIONALIZATIONKERNELS_H
