//===- AnnotatedFnArgs.cpp - annotated_fn_args.py -------------------------===//
//
// torch/testing/_internal/generated/annotated_fn_args.py
// (gen_annotated_fn_args.py), which test_overrides.py reads to call each
// Python binding with made-up arguments: per binding, in the namespaces'
// order (torch, torch.nn, torch.linalg, torch.special, torch.fft,
// torch.Tensor) and grouped by base name as the bindings are, the arguments
// without a default, as a Python list of dicts:
//
//   torch._C._VariableFunctions.add: [{'is_kwarg_only': 'False', 'name':
//       'self', 'simple_type': 'Tensor'}, ...],
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"
#include "opgen/PythonApi/PythonBindingModel.h"
#include "opgen/PythonApi/PythonBindings.h"
#include "opgen/PythonApi/PythonTypes.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

namespace {

/// Python's repr() of the list of the arguments' dicts. An argument whose
/// type the bindings cannot spell is reported (torchgen raises).
std::optional<std::string> annotatedArgs(DiagnosticEngine &D,
                                         const NativeFunction &F) {
  // test_overrides.py cannot pass these keyword arguments yet.
  static const StringRef NoKwargs[] = {"diagonal", "round_", "round",
                                       "scatter_"};
  std::string Out = "[";
  bool First = true, Ok = true;
  auto Add = [&](const std::vector<const Argument *> &Args, bool KwargOnly) {
    for (const Argument *A : Args) {
      if (A->Default)
        continue;
      PythonTypeOptions Simple;
      Simple.SimpleType = true;
      Expected<std::string> T = pythonArgumentType(A->Ty, Simple);
      if (!T) {
        D.error(F.FuncLoc, "cannot annotate argument `" + A->Name + "` of `" +
                               F.Func.Name.str() + "` for the Python tests: " +
                               toString(T.takeError()));
        Ok = false;
        continue;
      }
      if (!First)
        Out += ", ";
      First = false;
      Out += "{'is_kwarg_only': ";
      Out += pyReprString(KwargOnly ? "True" : "False");
      Out += ", 'name': " + pyReprString(A->Name);
      Out += ", 'simple_type': " + pyReprString(*T);
      // A size of 0 is not written, as Python's `if size:`.
      if (std::optional<uint64_t> Size = pythonArgumentTypeSize(A->Ty);
          Size && *Size)
        Out += ", 'size': " + std::to_string(*Size);
      Out += "}";
    }
  };
  Add(F.Func.Args.flatPositional(), /*KwargOnly=*/false);
  if (!is_contained(NoKwargs, F.Func.Name.Name.str()))
    Add(F.Func.Args.flatKwargOnly(), /*KwargOnly=*/true);
  Out += "]";
  if (!Ok)
    return std::nullopt;
  return Out;
}

} // namespace

LogicalResult opgen::emitAnnotatedFnArgs(EmitContext &EC) {
  const PythonBindingModel *PM = EC.Options.PythonBindings;
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (!PM) {
    D.error(SMLoc(), "annotated_fn_args.py needs gen_python_functions.py's "
                     "skip tables (--autograd-dir)");
    return failure();
  }
  using Pred = bool (*)(const NativeFunction &);
  struct AnnotatedNamespace {
    Pred Selects;
    StringRef Python;
  };
  static const AnnotatedNamespace Namespaces[] = {
      {isPyTorchFunction, "torch._C._VariableFunctions"},
      {[](const NativeFunction &F) { return isPyModuleFunction(F, "nn"); },
       "torch._C._nn"},
      {[](const NativeFunction &F) { return isPyModuleFunction(F, "linalg"); },
       "torch._C._linalg"},
      {[](const NativeFunction &F) { return isPyModuleFunction(F, "special"); },
       "torch._C._special"},
      {[](const NativeFunction &F) { return isPyModuleFunction(F, "fft"); },
       "torch._C._fft"},
      {isPyVariableMethod, "torch.Tensor"},
  };
  const Module &M = EC.M;

  std::string Lines;
  bool Ok = true;
  for (const AnnotatedNamespace &NS : Namespaces) {
    // Grouped by base name, the groups in order of first appearance.
    std::vector<const NativeFunction *> Fns;
    for (size_t I = 0; I != M.Functions.size(); ++I)
      if (PM->isBound(I) && NS.Selects(M.Functions[I]))
        Fns.push_back(&M.Functions[I]);
    for (const std::vector<size_t> &G : groupByBaseName(
             Fns.size(),
             [&](size_t I) -> const BaseOperatorName & {
               return Fns[I]->Func.Name.Name;
             },
             /*SortByName=*/false))
      for (size_t I : G) {
        const NativeFunction *F = Fns[I];
        std::optional<std::string> Args = annotatedArgs(D, *F);
        if (!Args) {
          Ok = false;
          continue;
        }
        // textwrap.indent by four blanks (no line is blank).
        if (!Lines.empty())
          Lines += '\n';
        Lines += "    " + NS.Python.str() + "." + F->Func.Name.Name.str() +
                 ": " + *Args + ",";
      }
  }
  if (!Ok)
    return failure();
  return EC.files().writeWithTemplate("annotated_fn_args.py",
                                      "annotated_fn_args.py.in",
                                      {{"annotated_args", std::move(Lines)}});
}
