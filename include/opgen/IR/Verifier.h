//===- Verifier.h - Invariants of the operator IR ---------------*- C++ -*-===//
//
// What must hold of the IR however it was made: read from yaml, read back
// from printed IR, or changed by a pass. verifySchema checks one schema
// (torchgen's FunctionSchema invariants: out arguments line up with the
// returns, inplace functions return self, ...); verifyModule checks what
// ties functions together (groups point at existing functions of the right
// kinds, every function is in exactly one group, names are on all functions
// or none, backend indices name existing operators). The front end runs
// verifyModule after every read and the pass manager after every pass.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_VERIFIER_H
#define OPGEN_IR_VERIFIER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/SMLoc.h"

namespace opgen {

/// Check torchgen's FunctionSchema invariants; reports each violation at the
/// offending argument or return, or at \p SchemaLoc when that has no
/// location or \p LocateParts is false (for schemas that were never
/// written, whose parts carry the locations of what they were made from).
LogicalResult verifySchema(Context &Ctx, const FunctionSchema &S,
                           llvm::SMLoc SchemaLoc, bool LocateParts = true);

/// Check the invariants between the functions of \p M and what passes
/// computed; each violation is an error prefixed `IR verifier:`.
LogicalResult verifyModule(const Module &M, Context &Ctx);

/// torchgen's structured-kernel rules for each function: a
/// `structured_delegate` names an existing operator marked structured, a
/// `precomputed` line replaces an input of its function, and the fields go
/// on the kinds of function they belong on. Each violation is reported at
/// the yaml key it is about (verifyModule runs this).
LogicalResult verifyStructuredFunctions(const Module &M, Context &Ctx);

/// torchgen's structured-kernel rules for \p Groups, which must refer to
/// functions of \p M by their kinds: a group is structured when its out=
/// variant is, and then its functional and inplace variants delegate to that
/// out= variant, it has no CompositeImplicitAutograd kernel and takes no
/// TensorOptions; a delegating function is always in such a group. The
/// group pass runs this on the groups it makes; verifyModule on M.Groups.
LogicalResult verifyStructuredGroups(const Module &M,
                                     llvm::ArrayRef<FunctionGroup> Groups,
                                     Context &Ctx);

} // namespace opgen

#endif // OPGEN_IR_VERIFIER_H
