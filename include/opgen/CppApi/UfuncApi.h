//===- UfuncApi.h - ufunc kernels' names and stub arguments -----*- C++ -*-===//
//
// torchgen's ufunc API (torchgen/api/ufunc.py) for groups with a
// `ufunc_inner_loop:`: the generated CPU and CUDA kernels are named after the
// out= function, and the CPU kernel reaches its vectorized loop through a
// DispatchStub that takes every non-tensor argument (tensors travel in the
// TensorIterator). The CUDA kernel builds functors: the constructor takes
// the non-tensor arguments (and, in the scalar specializations, one tensor
// as a CPU scalar) in the computation type `opmath_t`, operator() takes the
// elements of the other tensors as `scalar_t`. Both call the user's ufunc
// (`ufunc::add`), whose every argument is of the computation type.
//
//   add.out -> ufunc_add_CPU, ufunc_add_CUDA; stub: const at::Scalar & alpha
//   CUDAFunctorOnSelf_add: ctor (opmath_t other, opmath_t alpha),
//                          apply (scalar_t self)
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_UFUNCAPI_H
#define OPGEN_CPPAPI_UFUNCAPI_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/Module.h"

#include "llvm/Support/Error.h"

#include <optional>
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

/// The stub's, kernel's and stub type's names: `add_stub`, `add_kernel`,
/// `add_fn`, after the functional function's base name.
struct UfuncStubNames {
  std::string Stub, Kernel, Type;
};
UfuncStubNames ufuncStubNames(const Module &M, const FunctionGroup &G);

/// ufunc.ufunctor_arguments: a CUDA functor's constructor and operator()
/// parameters. With \p ScalarTensorIdx, that tensor (0: the first) goes to
/// the constructor as a CPU scalar. An error names an argument whose type
/// a functor cannot take.
struct UfunctorBindings {
  std::vector<Binding> Ctor, Apply;
};
llvm::Expected<UfunctorBindings>
ufunctorArguments(const Module &M, const FunctionGroup &G,
                  std::optional<unsigned> ScalarTensorIdx);

/// ufunc.ufunc_arguments: the user's ufunc's parameters, tensors and
/// scalars in \p ComputeT (`opmath_t` on CUDA, `scalar_t` or
/// `at::vec::Vectorized<scalar_t>` on CPU); an error as above.
llvm::Expected<std::vector<NamedCType>>
ufuncArguments(const Module &M, const FunctionGroup &G, const CType &ComputeT);

} // namespace opgen

#endif // OPGEN_CPPAPI_UFUNCAPI_H
