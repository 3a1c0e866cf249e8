//===- PythonSignature.h - A function as Python's arg parser sees it -*- C++
//-*-===//
//
// torchgen's PythonSignature: a function's arguments as the Python binding
// takes them (positional, keyword-only, one `out`, and the scattered
// TensorOptions a factory takes: dtype, layout, device, pin_memory,
// requires_grad), and the signature string PythonArgParser reads
// (`add(Tensor input, Tensor other, *, Scalar alpha=1, Tensor out=None)`).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PYTHONAPI_PYTHONSIGNATURE_H
#define OPGEN_PYTHONAPI_PYTHONSIGNATURE_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Deprecated.h"
#include "opgen/IR/NativeFunction.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

struct PythonArgument {
  std::string Name;
  Type Ty;
  /// The default as Python reads it (`None`, `1`, `False`, `"mean"`).
  std::optional<std::string> Default;
  /// The C++ default a parser output is initialized with when the
  /// argument is not given (`_r.layoutWithDefault(3, ...)`).
  std::optional<std::string> DefaultInit;

  /// argument_str: `Tensor input`, `int64_t dim=-1`, `IntArrayRef[2] size`.
  std::string argumentStr(bool Method, bool SymInt = true) const;
};

/// The `out` argument: one output as itself, several packed as a
/// `Tensor[N] out`.
struct PythonOutArgument : PythonArgument {
  std::vector<PythonArgument> Outputs;
};

struct PythonSignature {
  /// The base name, without the inplace `_` (str(func.name.name) keeps
  /// it: `add_`).
  std::string Name;
  std::vector<PythonArgument> InputArgs, InputKwargs;
  std::optional<PythonOutArgument> Output;
  std::vector<PythonArgument> TensorOptionsArgs;
  bool Method = false;
  /// For a deprecated.yaml signature (PythonSignatureDeprecated): its
  /// schema, and the expressions the call passes to the function (argument
  /// names, or the constant `1`).
  const FunctionSchema *DeprecatedSchema = nullptr;
  std::vector<std::string> DeprecatedArgsExprs;

  bool deprecated() const { return DeprecatedSchema != nullptr; }

  /// arguments(): inputs, keywords, the output, the TensorOptions, each
  /// part as asked.
  std::vector<const PythonArgument *>
  arguments(bool SkipOutputs = false, bool SkipTensorOptions = false) const;
  size_t argumentsCount() const { return arguments().size(); }
  size_t outputIdx() const { return InputArgs.size() + InputKwargs.size(); }
  /// signature_str: what PythonArgParser parses (`|deprecated` after a
  /// deprecated one).
  std::string signatureStr(bool SkipOutputs = false, bool SymInt = true) const;
};

/// python.signature: \p F's signature as a Python function, or with
/// \p Method a Tensor method (no `self`); an error where torchgen raises
/// (an argument named `requires_grad`, several outputs that are not all
/// tensors, a type the bindings cannot spell). \p Ctx makes the packed
/// `out` type.
llvm::Expected<PythonSignature>
pythonSignature(Context &Ctx, const NativeFunction &F, bool Method);
/// signature_from_schema: the same for a schema of its own (a deprecated
/// one), with the category of the function it calls.
llvm::Expected<PythonSignature>
pythonSignatureFromSchema(Context &Ctx, const FunctionSchema &Func,
                          const std::optional<std::string> &CategoryOverride,
                          bool Method);

/// PythonSignatureNativeFunctionPair.
struct PythonSignatureFunctionPair {
  PythonSignature Signature;
  const NativeFunction *Function = nullptr;
};

/// load_signatures: the signature of each of \p Functions (the bound
/// ones, in order), then those of \p Deprecated's entries, each paired with
/// every function it can call (the same name, the call's arguments of the
/// function's types and annotations in order, the rest defaulted, the same
/// returns). Nothing after reporting, at the entry, a signature no function
/// matches (naming the overloads it was compared with), and at the
/// function what pythonSignature refuses. (That a call names only its
/// signature's arguments is the deprecated.yaml reader's check.)
std::optional<std::vector<PythonSignatureFunctionPair>>
loadPythonSignatures(Context &Ctx,
                     llvm::ArrayRef<const NativeFunction *> Functions,
                     const DeprecatedFile *Deprecated, bool Method);

/// str(pythonify_default(S)): a C++ default that reads as a bool, an int or
/// a float in Python, as Python prints it (`True`, `-1`, `1e-05`); anything
/// else as it is.
std::string pythonifyDefault(llvm::StringRef S);

} // namespace opgen

#endif // OPGEN_PYTHONAPI_PYTHONSIGNATURE_H
