//===- OutputFile.h - Atomic, write-if-changed output -----------*- C++ -*-===//
//
// Generated files feed build systems: rewriting an unchanged file makes its
// dependents rebuild, and a half-written file breaks the next build. So a file
// is written only when its content differs, through a temporary file in the
// same folder that is renamed over the target.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_OUTPUTFILE_H
#define OPGEN_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace opgen {

/// What writeFileIfChanged did.
enum class WriteStatus { Unchanged, Written };

/// Write \p Content to \p Path atomically unless the file already holds
/// exactly \p Content. "-" writes to standard output.
llvm::Expected<WriteStatus> writeFileIfChanged(llvm::StringRef Path,
                                               llvm::StringRef Content);

} // namespace opgen

#endif // OPGEN_SUPPORT_OUTPUTFILE_H
