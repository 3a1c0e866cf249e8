//===- NodeParts.h - The pieces of one autograd Node ------------*- C++ -*-===//
//
// What Functions.h, Functions.cpp and python_functions.cpp say of one Node,
// before it goes into their templates: its saved members and how each is
// released, unpacked, collected for compiled autograd, passed to the pure
// `<Op>_apply_functional` and shown to Python; its differentiable inputs'
// gradient slots; the backward body. torchgen's process_function computes
// all of it for each template; here it is computed once per Node, by the
// one rule (how a saved type is held) that decides every piece.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_DEST_NODEPARTS_H
#define OPGEN_EMIT_DEST_NODEPARTS_H

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace opgen {
namespace autograd_functions {

/// A problem torchgen raises on while writing a Node.
struct NodeError {
  std::string Message;
};

struct NodeParts {
  /// The struct's members, in saved-value order (inputs, then outputs, each
  /// by name).
  std::vector<std::string> SavedVariables;
  /// `size_t <list>_size_;` per differentiable tensor-list input.
  std::vector<std::string> SavedListSizes;
  /// release_variables()'s statements.
  std::vector<std::string> ReleaseVariables;
  /// `auto x = x_.unpack();` statements and the checks before them.
  std::vector<std::string> Unpack, Asserts;
  /// compiled_args() and apply_with_saved()'s statements.
  std::vector<std::string> CompiledArgs, ApplyWithSavedBefore,
      ApplyWithSavedAfter;
  /// What `<Op>_apply_functional` takes after needs_input_grad, and the
  /// (reference) type of each.
  std::vector<std::string> FunctionalArgs, FunctionalArgTypes;
  /// The differentiable inputs, in needs_input_grad order, and their
  /// `auto <name>_ix = gen.range(N);`.
  std::vector<std::string> InputNames;
  std::vector<std::string> ComputeIndexRanges;
  /// The backward formulas, with the grad aliases before them.
  std::vector<std::string> Body;
  /// A formula reads `retain_variables`, which the Node then keeps.
  bool UsesRetainVariables = false;
  /// With NodePartsOptions::PythonGetters: the getter functions of the
  /// saved values Python may read (`_saved_<name>`, and `_raw_saved_<name>`
  /// for a SavedVariable), and their PyGetSetDef entries.
  std::vector<std::string> GetterDefinitions, GetSetDefStructs;
};

struct NodePartsOptions {
  /// Also make the Python getters (python_functions.cpp's; Functions.h and
  /// .cpp do not need them).
  bool PythonGetters = false;
};

/// The parts of \p Info's Node (torchgen's process_function); what torchgen
/// would raise on goes to \p Errors.
NodeParts buildNodeParts(const Module &M, const DifferentiabilityInfo &Info,
                         std::vector<NodeError> &Errors,
                         NodePartsOptions Options = {});

/// The infos that get a Node (torchgen's get_infos_with_derivatives_list):
/// every listed function's infos, key by key, that have a backward formula;
/// without \p MadeByMatching, only those load_derivatives gives (as
/// gen_autograd_python, which matches nothing, has them).
std::vector<const DifferentiabilityInfo *>
getInfosWithDerivatives(const AutogradModel &AM, bool MadeByMatching = true);

/// Report \p Errors, found while writing \p Info's Node, at its
/// derivatives.yaml entry (or its function's declaration); false if there
/// were any.
bool reportNodeErrors(Context &Ctx, const Module &M,
                      const DifferentiabilityInfo &Info,
                      llvm::ArrayRef<NodeError> Errors);

/// \p T substituted with \p Args, which have a value for each of its
/// placeholders.
std::string substitute(const CodeTemplate &T, llvm::ArrayRef<TemplateArg> Args);

/// Python's str.strip().
llvm::StringRef pyStrip(llvm::StringRef S);

} // namespace autograd_functions
} // namespace opgen

#endif // OPGEN_EMIT_DEST_NODEPARTS_H
