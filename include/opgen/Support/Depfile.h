//===- Depfile.h - Makefile-syntax dependency files -------------*- C++ -*-===//
//
// A depfile tells a build system which files a run read, so that editing any
// of them (a template, say) re-runs the tool though no rule names them. The
// format is the one `clang -MD` writes and ninja's `deps = gcc` and CMake's
// DEPFILE read: `target: dep dep \` continued over lines, with spaces, `#`
// and `$` escaped the way those readers undo.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_DEPFILE_H
#define OPGEN_SUPPORT_DEPFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
class SourceMgr;
} // namespace llvm

namespace opgen {

/// Append \p Path to \p OS escaped for a depfile. False (and nothing
/// written) for a path no depfile can hold: one with a newline.
bool writeDepfilePath(llvm::raw_ostream &OS, llvm::StringRef Path);

/// The depfile text `<Target>: <Deps...>`, one dependency a line, in the
/// given order with repeats left out. An error names a path that cannot be
/// written.
llvm::Expected<std::string> formatDepfile(llvm::StringRef Target,
                                          llvm::ArrayRef<std::string> Deps);

/// The files \p SM's buffers were read from, in the order they were added
/// (standard input left out).
std::vector<std::string> getSourceFileNames(const llvm::SourceMgr &SM);

/// formatDepfile, written to \p Path atomically and only when it changed.
llvm::Error writeDepfile(llvm::StringRef Path, llvm::StringRef Target,
                         llvm::ArrayRef<std::string> Deps);

} // namespace opgen

#endif // OPGEN_SUPPORT_DEPFILE_H
