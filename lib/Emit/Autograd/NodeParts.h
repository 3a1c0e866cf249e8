//===- NodeParts.h - The pieces of one autograd Node -------------*- C++
//-*-===//
//
// What Functions.h and Functions.cpp say of one Node, before it goes into
// their templates: its saved members and how each is released, unpacked,
// collected for compiled autograd and passed to the pure
// `<Op>_apply_functional`; its differentiable inputs' gradient slots; the
// backward body. Private to the autograd-functions emitter.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_EMIT_AUTOGRAD_NODEPARTS_H
#define OPGEN_LIB_EMIT_AUTOGRAD_NODEPARTS_H

#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/Emit/CodeTemplate.h"
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
};

/// The parts of \p Info's Node (torchgen's process_function); what torchgen
/// would raise on goes to \p Errors.
NodeParts buildNodeParts(const Module &M, const DifferentiabilityInfo &Info,
                         std::vector<NodeError> &Errors);

/// \p T substituted with \p Args, which have a value for each of its
/// placeholders.
std::string substitute(const CodeTemplate &T, llvm::ArrayRef<TemplateArg> Args);

/// Python's str.strip().
llvm::StringRef pyStrip(llvm::StringRef S);

} // namespace autograd_functions
} // namespace opgen

#endif // OPGEN_LIB_EMIT_AUTOGRAD_NODEPARTS_H
