//===- AutogradTables.h - The autograd generators' policy tables -*- C++
//-*-===//
//
// torchgen's autograd generators keep their policy in Python tables at the
// top of gen_variable_type.py, gen_inplace_or_view_type.py,
// gen_trace_type.py and gen_autograd_functions.py: which functions need no
// derivative, which are views of which argument, which the tracer skips.
// PyTorch developers edit them there, so opgen reads them from the autograd
// folder given at run time (Parse/AutogradTablesReader.h), never from a
// copy compiled in. This is what they hold, as plain data.
//
// Sets are sorted (torchgen only tests membership); dicts and lists keep
// the order their Python value has.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_AUTOGRADTABLES_H
#define OPGEN_IR_AUTOGRADTABLES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <set>
#include <string>
#include <utility>
#include <vector>

namespace opgen {

/// A Python dict from names to strings, in its order.
struct StringTable {
  std::vector<std::pair<std::string, std::string>> Entries;
  /// Where each entry's key is (for diagnostics).
  std::vector<llvm::SMLoc> Locs;
  /// The value for \p Key, or null.
  const std::string *lookup(llvm::StringRef Key) const {
    for (const auto &[K, V] : Entries)
      if (K == Key)
        return &V;
    return nullptr;
  }
  bool contains(llvm::StringRef Key) const { return lookup(Key) != nullptr; }
};

struct AutogradTables {
  // gen_trace_type.py
  std::set<std::string> ManualBackend;
  std::set<std::string> ManualAutogradAndTracer;
  /// MANUAL_AUTOGRAD and MANUAL_TRACER (one value in 2.14, two names).
  std::set<std::string> ManualAutograd;
  std::set<std::string> ManualTracer;
  std::set<std::string> DontRecordTrace;
  StringTable RenameTrace;
  /// C++ statements, by function base name.
  StringTable RenameTraceAddArgs;

  // gen_inplace_or_view_type.py
  std::vector<std::string> ViewFunctionsWithMetadataChange;
  /// Function base name -> the argument its outputs are views of.
  StringTable ViewFunctions;
  std::set<std::string> ReturnsViewsOfInput;
  StringTable AllViewFunctions;

  // gen_variable_type.py
  std::set<std::string> DontRequireDerivative;
  std::set<std::string> GradientImplementedForComplex;
  std::set<std::string> GradientImplementedForSparseComplex;
  std::set<std::string> ResetGradAccumulator;
  std::set<std::string> DontEnforceSameTensorImplOrStorage;
  std::set<std::string> DontEnforceTensorImplUseCount;
  std::set<std::string> DontEnforceStorageImplUseCount;
  /// Foreach functions, as (base name, overload name), that have no
  /// reference info, or whose reference takes other arguments
  /// (_foreach_ops_without_differentiability_info,
  /// _foreach_ops_with_different_arity).
  std::set<std::pair<std::string, std::string>>
      ForeachOpsWithoutDifferentiabilityInfo;
  std::set<std::pair<std::string, std::string>> ForeachOpsWithDifferentArity;

  // gen_autograd_functions.py
  StringTable UntraceableFunctions;
};

/// gen_python_functions.py's tables: which functions get no Python
/// binding. Read only by the tools that write the bindings (torchgen's
/// gen_autograd imports the module too, but reads none of them).
struct PythonBindingTables {
  /// `_SKIP_PYTHON_BINDINGS`: regular expressions (Python's `re`), each
  /// matched against the whole C++ API name (SKIP_PYTHON_BINDINGS compiles
  /// them as `^pattern$`), and where each is.
  std::vector<std::string> SkipPythonBindings;
  std::vector<llvm::SMLoc> SkipPythonBindingsLocs;
  /// SKIP_PYTHON_BINDINGS_SIGNATURES: whole schemas, compared as text.
  std::vector<std::string> SkipPythonBindingsSignatures;
};

} // namespace opgen

#endif // OPGEN_IR_AUTOGRADTABLES_H
