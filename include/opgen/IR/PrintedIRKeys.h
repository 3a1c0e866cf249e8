//===- PrintedIRKeys.h - Keys printed IR adds to entries --------*- C++ -*-===//
//
// `opgen-opt --emit=yaml` prints the IR as native_functions.yaml text that
// reads back to the same IR. What the yaml cannot say on its own travels in
// keys of opgen's own, which torchgen's loader never sees in real files. The
// YAML emitter writes them and the reader reads them; both spell them from
// here so that the two cannot drift apart.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_PRINTEDIRKEYS_H
#define OPGEN_IR_PRINTEDIRKEYS_H

#include "llvm/ADT/StringRef.h"

namespace opgen::printedir {

/// The entry's line in the original file. torchgen's loader adds the same
/// key to every mapping, so it may appear in nested mappings too.
inline constexpr llvm::StringLiteral LineKey = "__line__";
/// `<index> <role>`: the entry's place in a FunctionGroup.
inline constexpr llvm::StringLiteral GroupKey = "__group__";
/// `<index> <role>`: the entry's place in a ViewGroup.
inline constexpr llvm::StringLiteral ViewGroupKey = "__view_group__";
/// The kernel names the kernel-naming pass computed, a mapping of the four
/// NamesCpp ... NamesRoot keys.
inline constexpr llvm::StringLiteral NamesKey = "__names__";
/// A generated function's is_abstract, which is its parent's rather than
/// what its own kernels imply.
inline constexpr llvm::StringLiteral IsAbstractKey = "is_abstract";

/// The roles of `__group__`.
inline constexpr llvm::StringLiteral RoleSingle = "single";
inline constexpr llvm::StringLiteral RoleFunctional = "functional";
inline constexpr llvm::StringLiteral RoleInplace = "inplace";
inline constexpr llvm::StringLiteral RoleMutable = "mutable";
inline constexpr llvm::StringLiteral RoleOut = "out";
inline constexpr llvm::StringLiteral GroupRoles[] = {
    RoleSingle, RoleFunctional, RoleInplace, RoleMutable, RoleOut};

/// The roles of `__view_group__`.
inline constexpr llvm::StringLiteral RoleView = "view";
inline constexpr llvm::StringLiteral RoleViewCopy = "view_copy";
inline constexpr llvm::StringLiteral RoleViewInplace = "view_inplace";
inline constexpr llvm::StringLiteral ViewGroupRoles[] = {RoleView, RoleViewCopy,
                                                         RoleViewInplace};

/// The keys of `__names__`, as KernelNames holds them.
inline constexpr llvm::StringLiteral NamesCpp = "cpp";
inline constexpr llvm::StringLiteral NamesDispatcher = "dispatcher";
inline constexpr llvm::StringLiteral NamesUnambiguous = "unambiguous";
inline constexpr llvm::StringLiteral NamesRoot = "root";

} // namespace opgen::printedir

#endif // OPGEN_IR_PRINTEDIRKEYS_H
