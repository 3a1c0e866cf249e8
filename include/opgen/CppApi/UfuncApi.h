//===- UfuncApi.h - ufunc kernels' names and stub arguments -----*- C++ -*-===//
//
// torchgen's ufunc API (torchgen/api/ufunc.py) for groups with a
// `ufunc_inner_loop:`: the generated CPU and CUDA kernels are named after the
// out= function, and the CPU kernel reaches its vectorized loop through a
// DispatchStub that takes every non-tensor argument (tensors travel in the
// TensorIterator).
//
//   add.out -> ufunc_add_CPU, ufunc_add_CUDA; stub: const at::Scalar & alpha
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_UFUNCAPI_H
#define OPGEN_CPPAPI_UFUNCAPI_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/Module.h"

#include <string>
#include <vector>

namespace opgen {

/// ufunc.kernel_name: `ufunc_BASE_KEY` for the group's out= function.
std::string ufuncKernelName(const Module &M, const FunctionGroup &G,
                            DispatchKey Key);

/// ufunc.stub_arguments: the out= function's non-out, non-tensor arguments
/// as structured kernels take them.
std::vector<Binding> ufuncStubArguments(const Module &M,
                                        const FunctionGroup &G);

} // namespace opgen

#endif // OPGEN_CPPAPI_UFUNCAPI_H
