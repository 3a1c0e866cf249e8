//===- PythonBindings.h - Which functions Python sees, and where -*- C++
//-*-===//
//
// gen_python_functions.py's choice of the functions that get a Python
// binding (should_generate_py_binding: not a generated function other than
// a view_copy, no skip pattern matching its C++ name, no skipped schema),
// with the skip tables its users edit (IR/AutogradTables.h), and which
// Python namespace each binding goes to (torch, torch.Tensor, torch.nn,
// torch.fft, ...).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PYTHONAPI_PYTHONBINDINGS_H
#define OPGEN_PYTHONAPI_PYTHONBINDINGS_H

#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/NativeFunction.h"
#include "opgen/Support/PyRegex.h"

#include "llvm/ADT/StringSet.h"

#include <optional>
#include <vector>

namespace opgen {

class PythonBindingFilter {
public:
  /// The filter of \p Tables; nothing after reporting, at the pattern, a
  /// skip pattern Python's `re` would read otherwise than opgen can.
  static std::optional<PythonBindingFilter>
  make(Context &Ctx, const PythonBindingTables &Tables);

  /// should_generate_py_binding.
  bool shouldGenerate(const NativeFunction &F) const;

private:
  PythonBindingFilter() = default;
  /// The patterns that are plain names (most of them: `numel`, `to`) match
  /// a name only when equal to it: a set lookup instead of a regular
  /// expression run each (about 500 instructions a match, 90 patterns).
  llvm::StringSet<> SkipNames;
  /// Likewise `name.*` and `.*name` (`_th_.*`, `.*_backward`): a prefix or
  /// suffix test; `.*` matches any name, which holds no newline.
  std::vector<std::string> SkipPrefixes, SkipSuffixes;
  std::vector<PyRegex> Skip;
  llvm::StringSet<> SkipSignatures;
};

/// The Python namespaces of gen_python_functions.py's is_py_*_function.
/// A function without a python_module is a torch function and a Tensor
/// method by its variants; one with a module is in that module only.
inline bool isPyVariableMethod(const NativeFunction &F) {
  return !F.PythonModule && F.VariantMethod;
}
inline bool isPyTorchFunction(const NativeFunction &F) {
  return !F.PythonModule && F.VariantFunction;
}
inline bool isPyModuleFunction(const NativeFunction &F,
                               llvm::StringRef Module) {
  return F.PythonModule && *F.PythonModule == Module;
}

/// group_filter_overloads' grouping, shared by every generator that walks
/// the bindings by name: the indices 0..\p N-1 grouped by base name
/// (\p NameOf), each group in index order, the groups in order of first
/// appearance or, with \p SortByName, by str(name) (Python's
/// sorted(key=str), the first seen first among equal texts).
std::vector<std::vector<size_t>>
groupByBaseName(size_t N,
                llvm::function_ref<const BaseOperatorName &(size_t)> NameOf,
                bool SortByName);

} // namespace opgen

#endif // OPGEN_PYTHONAPI_PYTHONBINDINGS_H
