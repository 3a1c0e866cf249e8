//===- OutputFile.h - Atomic, write-if-changed output -----------*- C++ -*-===//
//
// Generated files feed build systems: rewriting an unchanged file makes its
// dependents rebuild, and a half-written file breaks the next build. So a file
// is written only when its content differs, through a temporary file in the
// same folder that is renamed over the target.
//
// A tool's files are written as one batch (writeFilesIfChanged), in two
// steps, so that a failing disk changes nothing it can avoid changing:
//
//  1. stage: every changed file's bytes go to an unnamed file in its folder
//     (Linux's O_TMPFILE), which the kernel drops if the process dies. A
//     problem here (a read-only folder, a full disk) ends the batch with
//     every file as it was and no temporary file left.
//  2. publish: only when every file was staged, each is named: linked into
//     place when new, renamed over the old one when not. Each step is
//     atomic, so a failure or a kill here leaves every file either its old
//     or its complete new content, and a rerun writes the rest.
//
// What is not guaranteed: a SIGKILL that lands between naming a replacement
// and renaming it (two system calls) leaves that one complete
// `<file>.tmpXXXXXX` beside it; where O_TMPFILE is missing, or more files
// change than the process may hold open, staged files are named
// temporaries, which a kill leaves behind (removed on any reported failure).
// See docs/Outputs.md.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_OUTPUTFILE_H
#define OPGEN_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <optional>
#include <string>
#include <system_error>
#include <vector>

namespace opgen {

class ThreadPool;

/// What writeFileIfChanged did.
enum class WriteStatus { Unchanged, Written };

/// Faults the output layer makes happen on purpose, so that tests can show
/// what a failing disk or a killed build does (the tools' hidden
/// --inject-output-fault flag). A value the tools pass down; the library
/// never looks for it anywhere else.
struct OutputFaults {
  /// Writing the FailFile-th file of a batch that is written (1-based,
  /// among the files whose bytes changed, in the batch's order; 0: none)
  /// fails part-way through with FailErrno.
  size_t FailFile = 0;
  int FailErrno = 0;
  /// Once KillAfter files of a batch were put in place (0: never), the
  /// process sends itself SIGKILL, as an interrupted build would be; the
  /// files are then put in place one by one, in the batch's order.
  size_t KillAfter = 0;
};

/// Read a fault list: comma-separated `<errno>:N` (`enospc`, `edquot`,
/// `eio`, `efbig`, `erofs`, `eacces`: the N-th file's write fails so) and
/// `kill:N`.
llvm::Expected<OutputFaults> parseOutputFaults(llvm::StringRef Spec);

/// One problem met while writing: the file or folder it is about, what to
/// say (`cannot write: No space left on device`) and the system's error.
struct OutputProblem {
  std::string Path;
  std::string Message;
  std::error_code EC;
};

/// Make folder \p Dir and its parents. A file in the way is named itself,
/// once, rather than every folder or file under it: `d` when `-d d` is a
/// file and `d/core` cannot be made.
std::optional<OutputProblem> makeFolder(llvm::StringRef Dir);

/// One file of a batch: its bytes are \p Content, or when \p Pieces is not
/// empty, those pieces one after another (a sharded file's items, written
/// from where they are instead of joined into one more copy).
struct OutputRequest {
  llvm::StringRef Path;
  llvm::StringRef Content;
  llvm::ArrayRef<llvm::StringRef> Pieces = {};

  /// The bytes as pieces: Pieces, or Content alone.
  llvm::ArrayRef<llvm::StringRef> pieces() const {
    return Pieces.empty() ? llvm::ArrayRef<llvm::StringRef>(Content) : Pieces;
  }
  size_t size() const;
};

/// Write \p Files (their folders exist) as one batch, as the file comment
/// says, staging on up to \p Threads threads. Returns the problems, one per
/// distinct cause (a full disk once, a read-only folder once, not once per
/// file), in file order; none when every file is in place. \p Statuses, if
/// given, gets what was done to each file. With \p Pool, the threads come
/// from it.
std::vector<OutputProblem>
writeFilesIfChanged(llvm::ArrayRef<OutputRequest> Files, unsigned Threads = 1,
                    const OutputFaults &Faults = {},
                    std::vector<WriteStatus> *Statuses = nullptr,
                    ThreadPool *Pool = nullptr);

/// Write \p Content to \p Path atomically unless the file already holds
/// exactly \p Content. "-" writes to standard output. The error says why
/// (`cannot write: ...`); the caller names the path.
llvm::Expected<WriteStatus> writeFileIfChanged(llvm::StringRef Path,
                                               llvm::StringRef Content,
                                               const OutputFaults &Faults = {});

} // namespace opgen

#endif // OPGEN_SUPPORT_OUTPUTFILE_H
