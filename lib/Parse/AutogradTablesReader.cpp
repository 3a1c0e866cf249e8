//===- AutogradTablesReader.cpp - The autograd generators' tables ---------===//
//
// Which table comes from which module, and its shape. torchgen only tests
// names against the sets (`name in DONT_RECORD_TRACE`), so a set may be any
// collection of strings (a list, a tuple, a dict's keys); a value that is
// not a string could never match a name and is surely a mistake: it is left
// out, with a warning.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/AutogradTablesReader.h"
#include "opgen/Parse/PythonTables.h"

using namespace opgen;
using namespace llvm;

namespace {

class TableReader {
public:
  TableReader(Context &Ctx, const std::function<unsigned(StringRef)> &Load)
      : D(Ctx.getDiags()), Tables(Ctx, Load) {}

  void names(StringRef File, StringRef Name, std::set<std::string> &Out) {
    PyRef V = Tables.get(File, Name);
    if (!V) {
      Failed = true;
      return;
    }
    std::vector<PyRef> Items;
    switch (V->K) {
    case PyObject::Set:
    case PyObject::List:
    case PyObject::Tuple:
      Items = V->Items;
      break;
    case PyObject::Dict:
      for (auto &[K, _] : V->Entries)
        Items.push_back(K);
      break;
    default:
      D.error(V->Loc, "`" + Name +
                          "` must be a collection of operator names, "
                          "found " +
                          V->describe());
      Failed = true;
      return;
    }
    for (const PyRef &I : Items) {
      if (I->K == PyObject::Str) {
        Out.insert(I->S);
        continue;
      }
      D.warning(I->Loc, "`" + Name + "` holds " + I->describe() +
                            ", which never matches an operator name; it is "
                            "ignored");
    }
  }

  /// A collection of (string, string) tuples.
  void namePairs(StringRef File, StringRef Name,
                 std::set<std::pair<std::string, std::string>> &Out) {
    PyRef V = Tables.get(File, Name);
    if (!V) {
      Failed = true;
      return;
    }
    if (V->K != PyObject::Set && V->K != PyObject::List &&
        V->K != PyObject::Tuple) {
      D.error(V->Loc, "`" + Name +
                          "` must be a collection of (name, overload) "
                          "tuples, found " +
                          V->describe());
      Failed = true;
      return;
    }
    for (const PyRef &I : V->Items) {
      if (I->K != PyObject::Tuple || I->Items.size() != 2 ||
          I->Items[0]->K != PyObject::Str || I->Items[1]->K != PyObject::Str) {
        D.error(I->Loc, "`" + Name +
                            "` must hold (name, overload) tuples of strings, "
                            "found " +
                            I->describe());
        Failed = true;
        continue;
      }
      Out.insert({I->Items[0]->S, I->Items[1]->S});
    }
  }

  void list(StringRef File, StringRef Name, std::vector<std::string> &Out,
            std::vector<SMLoc> *Locs = nullptr) {
    PyRef V = Tables.get(File, Name);
    if (!V) {
      Failed = true;
      return;
    }
    if (V->K != PyObject::List && V->K != PyObject::Tuple) {
      D.error(V->Loc, "`" + Name +
                          "` must be a list of strings, "
                          "found " +
                          V->describe());
      Failed = true;
      return;
    }
    for (const PyRef &I : V->Items) {
      if (I->K != PyObject::Str) {
        D.error(I->Loc,
                "`" + Name + "` must hold strings, found " + I->describe());
        Failed = true;
        continue;
      }
      Out.push_back(I->S);
      if (Locs)
        Locs->push_back(I->Loc);
    }
  }

  void strings(StringRef File, StringRef Name, StringTable &Out) {
    PyRef V = Tables.get(File, Name);
    if (!V) {
      Failed = true;
      return;
    }
    if (V->K != PyObject::Dict) {
      D.error(V->Loc, "`" + Name +
                          "` must be a dict from operator names to "
                          "strings, found " +
                          V->describe());
      Failed = true;
      return;
    }
    for (auto &[K, Val] : V->Entries) {
      if (K->K != PyObject::Str || Val->K != PyObject::Str) {
        D.error(K->K != PyObject::Str ? K->Loc : Val->Loc,
                "`" + Name + "` must map strings to strings, found " +
                    (K->K != PyObject::Str ? K : Val)->describe());
        Failed = true;
        continue;
      }
      Out.Entries.push_back({K->S, Val->S});
      Out.Locs.push_back(K->Loc);
    }
  }

  bool failed() const { return Failed; }

private:
  DiagnosticEngine &D;
  PythonTables Tables;
  bool Failed = false;
};

} // namespace

LogicalResult
opgen::readAutogradTables(Context &Ctx,
                          const std::function<unsigned(StringRef)> &Load,
                          AutogradTables &Out) {
  TableReader R(Ctx, Load);
  const StringRef Trace = "gen_trace_type.py";
  R.names(Trace, "MANUAL_BACKEND", Out.ManualBackend);
  R.names(Trace, "MANUAL_AUTOGRAD_AND_TRACER", Out.ManualAutogradAndTracer);
  R.names(Trace, "MANUAL_AUTOGRAD", Out.ManualAutograd);
  R.names(Trace, "MANUAL_TRACER", Out.ManualTracer);
  R.names(Trace, "DONT_RECORD_TRACE", Out.DontRecordTrace);
  R.strings(Trace, "RENAME_TRACE", Out.RenameTrace);
  R.strings(Trace, "RENAME_TRACE_ADD_ARGS", Out.RenameTraceAddArgs);

  const StringRef View = "gen_inplace_or_view_type.py";
  R.list(View, "VIEW_FUNCTIONS_WITH_METADATA_CHANGE",
         Out.ViewFunctionsWithMetadataChange);
  R.strings(View, "VIEW_FUNCTIONS", Out.ViewFunctions);
  R.names(View, "RETURNS_VIEWS_OF_INPUT", Out.ReturnsViewsOfInput);
  R.strings(View, "ALL_VIEW_FUNCTIONS", Out.AllViewFunctions);

  const StringRef Var = "gen_variable_type.py";
  R.names(Var, "DONT_REQUIRE_DERIVATIVE", Out.DontRequireDerivative);
  R.names(Var, "GRADIENT_IMPLEMENTED_FOR_COMPLEX",
          Out.GradientImplementedForComplex);
  R.names(Var, "GRADIENT_IMPLEMENTED_FOR_SPARSE_COMPLEX",
          Out.GradientImplementedForSparseComplex);
  R.names(Var, "RESET_GRAD_ACCUMULATOR", Out.ResetGradAccumulator);
  R.names(Var, "DONT_ENFORCE_SAME_TENSOR_IMPL_OR_STORAGE",
          Out.DontEnforceSameTensorImplOrStorage);
  R.names(Var, "DONT_ENFORCE_TENSOR_IMPL_USE_COUNT",
          Out.DontEnforceTensorImplUseCount);
  R.names(Var, "DONT_ENFORCE_STORAGE_IMPL_USE_COUNT",
          Out.DontEnforceStorageImplUseCount);
  R.namePairs(Var, "_foreach_ops_without_differentiability_info",
              Out.ForeachOpsWithoutDifferentiabilityInfo);
  R.namePairs(Var, "_foreach_ops_with_different_arity",
              Out.ForeachOpsWithDifferentArity);

  R.strings("gen_autograd_functions.py", "UNTRACEABLE_FUNCTIONS",
            Out.UntraceableFunctions);
  return R.failed() ? failure() : success();
}

LogicalResult
opgen::readPythonBindingTables(Context &Ctx,
                               const std::function<unsigned(StringRef)> &Load,
                               PythonBindingTables &Out) {
  TableReader R(Ctx, Load);
  const StringRef Py = "gen_python_functions.py";
  R.list(Py, "_SKIP_PYTHON_BINDINGS", Out.SkipPythonBindings,
         &Out.SkipPythonBindingsLocs);
  R.list(Py, "SKIP_PYTHON_BINDINGS_SIGNATURES",
         Out.SkipPythonBindingsSignatures);
  return R.failed() ? failure() : success();
}
