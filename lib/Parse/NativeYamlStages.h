//===- NativeYamlStages.h - The stages of reading native yaml ---*- C++ -*-===//
//
// Private to lib/Parse. readNativeFunctionsYaml (NativeYamlReader.cpp) reads
// every entry (ParallelReader.cpp), keeps those that read cleanly, checks
// them against each other (CrossEntryChecks.cpp) and rebuilds the groups
// printed IR records (PrintedIR.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_PARSE_NATIVEYAMLSTAGES_H
#define OPGEN_LIB_PARSE_NATIVEYAMLSTAGES_H

#include "EntryReader.h"

#include "opgen/Parse/NativeYamlReader.h"

#include <optional>
#include <set>
#include <vector>

namespace opgen::nativeyaml {

/// The functions read, one slot per entry, in file order.
struct EntrySlots {
  std::vector<NativeFunction> Fns;
  std::vector<char> Ok;
  std::vector<std::optional<OperatorName>> FailedNames;
  std::vector<PrintedResults> Printed;
  std::vector<TagListUse> Tags;
  explicit EntrySlots(size_t N) : Ok(N), FailedNames(N), Printed(N), Tags(N) {
    // Room for the functions variant synthesis adds (about a fifth more for
    // PyTorch), so it appends without moving the others; untouched capacity
    // costs no memory.
    Fns.reserve(N + N / 4);
    Fns.resize(N);
  }
};

/// Read every entry of buffer \p BufferID: in pieces on up to \p Threads
/// threads when the file is laid out for it (which saves most of the wall
/// time on several cores), else whole. Nothing when the
/// YAML itself, or its top level, was bad (reported).
std::optional<EntrySlots> readEntries(Context &Ctx, unsigned BufferID,
                                      const Module &M, TorchRelease Release,
                                      unsigned Threads, YamlReading Reading);

/// torchgen's error_check_native_functions over the functions that read
/// cleanly, plus duplicate operators. \p FailedNames are the operators whose
/// entries had errors: they are not reported missing as well. The names
/// are printed on up to \p Threads threads.
void checkAcrossEntries(Context &Ctx, const std::vector<NativeFunction> &Fns,
                        const std::set<OperatorName> &FailedNames,
                        unsigned Threads);

/// torchgen's reading of `tags:` lists shared through YAML aliases: each
/// entry also gets the tags torchgen added for the entries before it that
/// share its list (with a warning). Entries that failed are left out.
void shareAliasedTagLists(Context &Ctx, EntrySlots &Slots);

/// Rebuild the groups and view groups that printed IR records on its
/// entries into \p M, whose functions line up with \p Printed.
LogicalResult rebuildGroups(Context &Ctx, Module &M,
                            const std::vector<PrintedResults> &Printed);

} // namespace opgen::nativeyaml

#endif // OPGEN_LIB_PARSE_NATIVEYAMLSTAGES_H
