//===- TorchRelease.h - The torchgen releases opgen follows -----*- C++ -*-===//
//
// torchgen gained checks over time; the reader applies each one from the
// release that introduced it, so the native_functions.yaml of older PyTorch
// releases still read. The release is part of the IR (Module::Release) so
// that later stages know which rules the functions were read under.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_IR_TORCHRELEASE_H
#define OPGEN_IR_TORCHRELEASE_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <set>
#include <string>

namespace opgen {

/// The torchgen release whose rules apply. Later releases added checks that
/// the files of earlier ones do not pass (reserved Python keywords as
/// argument names, the nondeterministic_seeded tag, ...); each check applies
/// from the release that introduced it.
enum class TorchRelease { V1_13, V2_6, V2_14 };

/// Parse "1.13", "2.6" or "2.14".
std::optional<TorchRelease> parseTorchRelease(llvm::StringRef S);

/// "1.13", "2.6" or "2.14".
llvm::StringRef toString(TorchRelease R);

/// Guess the release from the tags a tags.yaml declares: 2.14 added the
/// `out` and `inplace` tags, 2.x the `pt2_compliant_tag`.
TorchRelease guessTorchRelease(const std::set<std::string> &Tags);

} // namespace opgen

#endif // OPGEN_IR_TORCHRELEASE_H
