//===- Functionalization.h - What functionalization handles -----*- C++ -*-===//
//
// Functionalization turns mutations and views into functional ops. It
// handles operators as the groups relate them: a function group (an
// inplace or out= op becomes its functional one), a view group (a view is
// replayed through its view_copy), and the functions in neither (mutable
// ops that fit no group, and CompositeImplicitAutograd kernels, which are
// registered so that they decompose first). This is that partition, in
// torchgen's order (gen.py's `all_groups`): the function groups, the view
// groups, then the other functions in module order.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_FUNCTIONALIZATION_H
#define OPGEN_IR_FUNCTIONALIZATION_H

#include "opgen/IR/Module.h"

#include "llvm/ADT/StringRef.h"

#include <vector>

namespace opgen {

/// One thing functionalization handles: an entry of M.Groups that is a
/// group, an entry of M.ViewGroups, or a function in neither.
struct FunctionalizationUnit {
  enum Kind { Group, View, Function } K;
  /// Into M.Groups, M.ViewGroups or M.Functions.
  size_t Index;
};

/// The units of \p M in torchgen's order; needs the group pass to have run
/// (M.Groups and M.ViewGroups).
std::vector<FunctionalizationUnit> getFunctionalizationUnits(const Module &M);

/// torchgen's mutable_arg_names: the arguments \p Func writes, in schema
/// order.
std::vector<const Argument *> getMutableArguments(const FunctionSchema &Func);

/// Operators whose schemas keep them out of the groups they belong in,
/// which variant synthesis leaves alone and functionalization skips
/// (torchgen's native_function_generation.py lists), by schema name:
/// out= operators whose functional variant has another signature (Note
/// [Out ops with functional variants that don't get grouped properly]),
bool isOutOpThatDoesNotGetGrouped(llvm::StringRef Name);
/// mutable operators returning no tensor, so with no out= variant to make
/// (Note [Mutable ops that cannot get an out variant]),
bool isMutableOpThatCannotGetAnOutVariant(llvm::StringRef Name);
/// and inplace operators whose schema differs from their functional
/// variant's (polygamma_ lacks polygamma's leading `n`).
bool isInplaceOpThatDoesNotGetGrouped(llvm::StringRef Name);

/// Note [Mutable Ops Not Using Functionalization]: the three lists above,
/// and the mutable operators functionalization leaves to hand-written code
/// (record_stream, resize_, ...). Looked up by schema name, and by base
/// name for the check that every other mutable op is grouped.
bool isMutableOpNotUsingFunctionalization(llvm::StringRef Name);

} // namespace opgen

#endif // OPGEN_IR_FUNCTIONALIZATION_H
