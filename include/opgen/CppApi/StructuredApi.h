//===- StructuredApi.h - Structured kernels' meta and impl API --*- C++ -*-===//
//
// torchgen's structured kernel API (torchgen/api/structured.py, meta.py).
// A structured group's kernel is split into a meta function (shapes and
// dtypes, from the functional schema) and an impl function (from the out=
// schema, with `precomputed:` arguments replacing the ones meta turned into
// something cheaper). Both take arguments without defaults and with no
// SymInt, optional tensors as `at::OptionalTensorRef`, tensor lists as
// `at::ITensorListRef`.
//
//   meta_name: add_Tensor   impl: const at::Tensor & self, ...,
//                                 const at::Tensor & out
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_STRUCTUREDAPI_H
#define OPGEN_CPPAPI_STRUCTUREDAPI_H

#include "opgen/CppApi/CppTypes.h"
#include "opgen/IR/Module.h"

#include <string>
#include <vector>

namespace opgen {

/// structured.argumenttype_type.
CType structuredArgumentCType(Type T);

/// structured.argument: a binding without default.
Binding structuredArgument(const Argument &A);

/// meta.name: the functional function's `name.overload` with `_` for `.`.
std::string metaName(const Module &M, const FunctionGroup &G);

/// The meta function's arguments: the functional schema's non-out ones.
std::vector<Binding> metaArguments(const Module &M, const FunctionGroup &G);

/// The impl function's arguments: the out= schema's, with `precomputed:`
/// replacements and additions before the out arguments.
std::vector<Binding> implArguments(const Module &M, const FunctionGroup &G);

/// The out= schema's out arguments.
std::vector<Binding> outArguments(const Module &M, const FunctionGroup &G);

} // namespace opgen

#endif // OPGEN_CPPAPI_STRUCTUREDAPI_H
