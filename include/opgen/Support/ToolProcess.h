//===- ToolProcess.h - Settings for a short-lived tool process --*- C++ -*-===//
//
// opgen's tools run once over a file and exit. Their allocation pattern is
// many small allocations that all live until exit; growing the heap in
// small steps then costs more than the allocations themselves on some
// machines (each step is a system call and fresh pages). Tools, not the
// library, call this at the start of main.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_TOOLPROCESS_H
#define OPGEN_SUPPORT_TOOLPROCESS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace opgen {

/// Ask the C library's allocator to grow the heap in large steps and not to
/// give memory back before exit, and raise the open-file limit to the hard
/// limit (a run holds its changed files open until all are written). Does
/// nothing where that cannot be set.
void prepareToolProcess();

/// Run \p Program (looked up on PATH unless it has a slash) with \p Args and
/// return what it wrote to standard output, or nullopt when it cannot be
/// found or started, or fails; then \p Error says why (the last line of its
/// standard error, when it wrote one).
std::optional<std::string>
captureProgramOutput(llvm::StringRef Program,
                     llvm::ArrayRef<llvm::StringRef> Args, std::string &Error);

} // namespace opgen

#endif // OPGEN_SUPPORT_TOOLPROCESS_H
