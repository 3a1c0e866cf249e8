//===- AtenGroups.h - How torchgen.gen's files group functions --*- C++ -*-===//
//
// Several of torchgen.gen's files are organised by operator root name: with
// --per-operator-headers each root name (`add` for add.Tensor, add_, add.out)
// gets its own ops/<root>.h, ops/<root>_ops.h, ops/<root>_native.h and
// ops/<root>_meta.h, and the Operators_N.cpp shards are chosen by it. These
// helpers compute that grouping once, in torchgen's order (root names in the
// order their first function appears), for every emitter that needs it.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_ATEN_ATENGROUPS_H
#define OPGEN_EMIT_ATEN_ATENGROUPS_H

#include "opgen/Emit/Emitters.h"
#include "opgen/IR/Module.h"

#include <string>
#include <utility>
#include <vector>

namespace opgen {

/// The functions of each root name, in module order (torchgen's
/// functions_by_root_name).
std::vector<std::pair<std::string, std::vector<FunctionId>>>
getFunctionsByRootName(const Module &M);

/// The entries of M.Groups of each root name (a group's root name is its
/// functional function's), in the order of the groups (torchgen's
/// grouped_functions_by_root_name). Every root name of
/// getFunctionsByRootName has an entry, possibly empty.
std::vector<std::pair<std::string, std::vector<size_t>>>
getGroupsByRootName(const Module &M);

/// torchgen.gen's `dispatch_keys`, the in-tree keys it writes per-key files
/// for, in its order: less those the module's reader ignored (MPS, XPU and
/// MTIA keys unless asked for) and, with a backend whitelist, the
/// non-generic keys it does not name.
std::vector<DispatchKey> getGenDispatchKeys(const Module &M,
                                            const EmitOptions &O);

/// Whether torchgen.gen writes <Key>Functions.h for \p K, one of
/// getGenDispatchKeys (its `functions_keys`: the CPU, CUDA, Meta, MTIA,
/// composite, MPS and XPU keys, and the static dispatch backends).
bool hasDispatchKeyFunctions(DispatchKey K, const EmitOptions &O);

/// The folder torchgen's file_manager_from_dispatch_key picks for \p K's
/// files (<Key>Functions.h, Register<Key>.cpp): CUDA and XPU keys have
/// their own.
FileManager &getDispatchKeyFiles(const EmitContext &EC, DispatchKey K);

} // namespace opgen

#endif // OPGEN_EMIT_ATEN_ATENGROUPS_H
