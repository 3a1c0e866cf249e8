//===- NativeYamlReader.h - Read native_functions.yaml ----------*- C++ -*-===//
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
#include "opgen/IR/TorchRelease.h"
#include "opgen/Parse/YamlSupport.h"
#include "opgen/Support/LogicalResult.h"

#include <set>
#include <string>

namespace opgen {

/// Read the tags declared by tags.yaml in buffer \p BufferID into \p Tags.
LogicalResult readTagsYaml(Context &Ctx, unsigned BufferID,
                           std::set<std::string> &Tags);

/// Read native_functions.yaml in buffer \p BufferID into \p M, whose
/// ValidTags must already be filled, applying the checks of \p Release
/// (recorded in M.Release) and using up to \p Threads threads (the result
/// and the diagnostics are the same for any number). Functions that fail
/// their checks are left out; the result says whether anything was
/// reported.
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
