//===- ToolProcess.cpp - Settings for a short-lived tool process ----------===//

#include "opgen/Support/ToolProcess.h"

// First: it defines __GLIBC__, which the test below needs (alone, it never
// held in this file).
#if defined(__unix__) || defined(__APPLE__)
#include <sys/resource.h>
#endif

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Program.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

void opgen::prepareToolProcess() {
#if defined(__GLIBC__)
  // 64 MiB covers reading PyTorch's native_functions.yaml and emitting
  // from it in a few steps; memory that is not touched costs nothing.
  mallopt(M_TOP_PAD, 64 << 20);
  mallopt(M_TRIM_THRESHOLD, 256 << 20);
#endif
#if defined(__unix__) || defined(__APPLE__)
  // A run holds every changed file open, unnamed, until all are on the
  // disk (OutputFile.h): thousands with --per-operator-headers, past the
  // usual soft limit of 1024. The hard limit is ours to take.
  struct rlimit L;
  if (getrlimit(RLIMIT_NOFILE, &L) == 0 && L.rlim_cur < L.rlim_max) {
    L.rlim_cur = L.rlim_max;
    setrlimit(RLIMIT_NOFILE, &L);
  }
#endif
}

std::optional<std::string>
opgen::captureProgramOutput(llvm::StringRef Program,
                            llvm::ArrayRef<llvm::StringRef> Args,
                            std::string &Error) {
  using namespace llvm;
  std::string Path = Program.str();
  if (!Program.contains('/')) {
    ErrorOr<std::string> Found = sys::findProgramByName(Program);
    if (!Found) {
      Error = "`" + Program.str() + "` is not on PATH";
      return std::nullopt;
    }
    Path = *Found;
  }
  // Its output goes through temporary files: a pipe would need a reader
  // thread, and what is read here is a line or two.
  SmallString<128> OutFile, ErrFile;
  if (sys::fs::createTemporaryFile("opgen-run", "out", OutFile) ||
      sys::fs::createTemporaryFile("opgen-run", "err", ErrFile)) {
    Error = "cannot create a temporary file";
    return std::nullopt;
  }
  auto Remove = make_scope_exit([&] {
    sys::fs::remove(OutFile);
    sys::fs::remove(ErrFile);
  });
  SmallVector<StringRef, 8> Argv{Path};
  Argv.append(Args.begin(), Args.end());
  Optional<StringRef> Redirects[] = {StringRef(""), StringRef(OutFile),
                                     StringRef(ErrFile)};
  std::string ExecError;
  int Status = sys::ExecuteAndWait(Path, Argv, /*Env=*/None, Redirects,
                                   /*SecondsToWait=*/60, 0, &ExecError);
  auto Read = [](StringRef File) {
    ErrorOr<std::unique_ptr<MemoryBuffer>> B = MemoryBuffer::getFile(File);
    return B ? (*B)->getBuffer().str() : std::string();
  };
  if (Status != 0) {
    StringRef Last = StringRef(Read(ErrFile)).rtrim();
    Last = Last.substr(Last.rfind('\n') + 1);
    Error = !Last.empty() ? Last.str()
            : !ExecError.empty()
                ? ExecError
                : "it exited with status " + std::to_string(Status);
    return std::nullopt;
  }
  return Read(OutFile);
}
