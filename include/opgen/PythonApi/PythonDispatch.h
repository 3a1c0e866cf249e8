//===- PythonDispatch.h - From parsed Python arguments to a C++ call -*- C++
//-*-===//
//
// How a Python binding calls ATen (torchgen's api/python dispatch helpers
// and gen_python_functions.py's overload grouping): the overloads of one
// name grouped (a function and its out= variant share a parser signature)
// and ordered as PythonArgParser must try them, and for each the dispatch
// lambda: its arguments, its return type, the ATen call it makes, and the
// expressions that unpack PythonArgParser's outputs into its arguments.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PYTHONAPI_PYTHONDISPATCH_H
#define OPGEN_PYTHONAPI_PYTHONDISPATCH_H

#include "opgen/PythonApi/PythonSignature.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace opgen {

/// PythonSignatureGroup: one parser signature, for a function and, when
/// there is one, its out= variant (the out variant's signature, with the
/// function's TensorOptions).
struct PythonSignatureGroup {
  PythonSignature Signature;
  const NativeFunction *Base = nullptr;
  const NativeFunction *Outplace = nullptr;
};

/// group_overloads and sort_overloads: the groups of \p Overloads (one
/// name's pairs), in the order PythonArgParser tries them. An error for two
/// overloads with the same signature and for an out= overload without a
/// function of the same signature (naming the candidates), as torchgen
/// raises.
llvm::Expected<std::vector<PythonSignatureGroup>>
groupOverloads(llvm::ArrayRef<const PythonSignatureFunctionPair *> Overloads);

/// A dispatch lambda's argument: `const at::Tensor & self`.
struct DispatchLambdaArgument {
  std::string Name, Type;
  bool IsOutArg = false;
};

/// dispatch_lambda_args: the C++ API's arguments of \p F (of the deprecated
/// schema for a deprecated signature), taken by value where a reference
/// could dangle.
std::vector<DispatchLambdaArgument>
dispatchLambdaArgs(const PythonSignature &PS, const NativeFunction &F);

/// dispatch_lambda_return_str: \p F's return type, by value; an error for
/// the types the bindings' wrap() does not take.
llvm::Expected<std::string> dispatchLambdaReturn(const NativeFunction &F);

/// cpp_dispatch_target: `self.add`, `at::add`, `torch::empty`.
llvm::Expected<std::string> cppDispatchTarget(const NativeFunction &F);

/// cpp_dispatch_exprs: the call's arguments, the deprecated signature's
/// expressions for a deprecated one; a method's `self` is the callee.
std::vector<std::string> cppDispatchExprs(const NativeFunction &F,
                                          const PythonSignature &PS);

/// PythonArgParserOutputExpr: `_r.tensor(0)` for argument `self`.
struct ArgParserOutput {
  std::string Name, Expr;
  size_t Index = 0;
  std::string isNoneExpr() const {
    return "_r.isNone(" + std::to_string(Index) + ")";
  }
};

/// arg_parser_output_exprs: one per argument of \p PS; an error for a type
/// PythonArgParser cannot unpack.
llvm::Expected<std::vector<ArgParserOutput>>
argParserOutputs(const PythonSignature &PS);

/// DispatchLambdaArgumentExprs: what the lambda is called with, and the
/// statements before the call that make them (unpacked outputs, packed
/// TensorOptions, the out= type check).
struct DispatchLambdaExprs {
  std::vector<std::string> Exprs, Inits;
};

/// dispatch_lambda_exprs; an error where torchgen raises (TensorOptions
/// with an output, or incomplete ones).
llvm::Expected<DispatchLambdaExprs>
dispatchLambdaExprs(const PythonSignature &PS, const NativeFunction &F,
                    llvm::ArrayRef<ArgParserOutput> Outputs);

/// has_tensor_options: the schema takes dtype, layout, device, pin_memory.
inline bool hasTensorOptions(const NativeFunction &F) {
  return static_cast<bool>(F.Func.Args.TensorOptions);
}

} // namespace opgen

#endif // OPGEN_PYTHONAPI_PYTHONDISPATCH_H
