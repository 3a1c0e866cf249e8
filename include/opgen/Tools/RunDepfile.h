//===- RunDepfile.h - A tool run's outputs and inputs ----------*- C++ -*-===//
//
// A build system declares a generator's outputs before it runs (the tools'
// --list-outputs and --dry-run report them) and learns its inputs after
// (--depfile). Both tools take these lists from here, so they name the files
// the same way the file managers write them.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_RUNDEPFILE_H
#define OPGEN_TOOLS_RUNDEPFILE_H

#include "opgen/Emit/FileManager.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace opgen {

/// Every file \p Managers hold, as its output folder and name joined the
/// way commit() joins them, manager by manager in the order given.
std::vector<std::string>
getWrittenPaths(llvm::ArrayRef<const FileManager *> Managers);

/// Write \p Depfile naming \p Target and every file the run read: the
/// buffers of \p Ctx's SourceMgr (the yamls, fallback_ops.py), the templates
/// \p Templates read, then \p ExtraInputs. A failure is reported to \p Ctx.
LogicalResult writeRunDepfile(Context &Ctx, const TemplateCache &Templates,
                              llvm::StringRef Depfile, llvm::StringRef Target,
                              llvm::ArrayRef<std::string> ExtraInputs = {});

} // namespace opgen

#endif // OPGEN_TOOLS_RUNDEPFILE_H
