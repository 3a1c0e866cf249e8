//===- NativeYamlReader.h - Read native_functions.yaml and tags.yaml -*- C++
//-*-===//
//
// Lowers native_functions.yaml into the operator IR, applying every check
// torchgen makes while parsing (its NativeFunction.from_yaml, the schema
// invariants and error_check_native_functions), each as a located diagnostic.
// All problems in the file are reported, not only the first.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_NATIVEYAMLREADER_H
#define OPGEN_PARSE_NATIVEYAMLREADER_H

#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/Support/LogicalResult.h"

#include <optional>
#include <set>
#include <string>

namespace opgen {

/// Read the tags declared by tags.yaml in buffer \p BufferID into \p Tags.
LogicalResult readTagsYaml(Context &Ctx, unsigned BufferID,
                           std::set<std::string> &Tags);

/// The torchgen release whose rules apply. Later releases added checks that
/// the files of earlier ones do not pass (reserved Python keywords as
/// argument names, the nondeterministic_seeded tag, ...); each check applies
/// from the release that introduced it.
enum class TorchRelease { V1_13, V2_6, V2_14 };

/// Parse "1.13", "2.6" or "2.14".
std::optional<TorchRelease> parseTorchRelease(llvm::StringRef S);

/// Guess the release from the tags a tags.yaml declares: 2.14 added the
/// `out` and `inplace` tags, 2.x the `pt2_compliant_tag`.
TorchRelease guessTorchRelease(const std::set<std::string> &Tags);

/// Read native_functions.yaml in buffer \p BufferID into \p M, whose
/// ValidTags must already be filled, using up to \p Threads threads (the
/// result and the diagnostics are the same for any number). Functions that
/// fail their checks are left out; the result says whether anything was
/// reported.
/// How entries are read as YAML: with the fast reader for the subset
/// native_functions.yaml uses, falling back to LLVM's YAMLParser for
/// anything else (the default); with LLVM's parser only; or both, reporting
/// any entry they read differently (a bug in the fast reader).
enum class YamlReading { Fast, LLVM, Check };

LogicalResult
readNativeFunctionsYaml(Context &Ctx, unsigned BufferID, Module &M,
                        TorchRelease Release = TorchRelease::V2_14,
                        unsigned Threads = 1,
                        YamlReading Reading = YamlReading::Fast);

/// Load \p Path into the Context's SourceMgr ("-" reads standard input).
/// Reports a file error and returns 0 when it cannot be read.
unsigned loadFile(Context &Ctx, llvm::StringRef Path);

} // namespace opgen

#endif // OPGEN_PARSE_NATIVEYAMLREADER_H
