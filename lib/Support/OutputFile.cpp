//===- OutputFile.cpp - Atomic, write-if-changed output -------------------===//

#include "opgen/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#if defined(__linux__)
#include <fcntl.h>
#include <unistd.h>
#endif

using namespace opgen;
using namespace llvm;

#if defined(__linux__) && defined(O_TMPFILE)
/// Write all of \p Content to \p FD; an error code if that fails.
static std::error_code writeAll(int FD, StringRef Content) {
  const char *P = Content.data();
  size_t Left = Content.size();
  while (Left) {
    ssize_t N = ::write(FD, P, Left);
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return std::error_code(errno, std::generic_category());
    }
    P += N;
    Left -= N;
  }
  return {};
}
#endif

/// Write \p Content to an unnamed file in \p Path's folder and give it a
/// name only once it is complete (Linux's O_TMPFILE): a process killed
/// while writing leaves nothing behind, where a named temporary file would
/// stay half-written. When \p Absent (no file at \p Path a moment ago) the
/// file is linked straight to \p Path, and \p Temp is left empty: a run
/// into an empty folder (thousands of files) then needs no temporary name
/// (six getrandom calls each) and no rename. Otherwise, or if a file
/// appeared meanwhile, sets \p Temp to a temporary name for the caller to
/// rename. False when the system cannot do it (the caller then writes a
/// named temporary file).
static bool writeUnnamedThenLink(StringRef Path, StringRef Content, bool Absent,
                                 SmallVectorImpl<char> &Temp,
                                 std::error_code &WriteError) {
#if defined(__linux__) && defined(O_TMPFILE)
  SmallString<256> Dir(sys::path::parent_path(Path));
  if (Dir.empty())
    Dir = ".";
  int FD = ::open(Dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (FD < 0)
    return false;
  if ((WriteError = writeAll(FD, Content))) {
    ::close(FD);
    return true;
  }
  // linkat through /proc names the file without the privilege AT_EMPTY_PATH
  // needs.
  std::string Proc = "/proc/self/fd/" + std::to_string(FD);
  if (Absent) {
    SmallString<256> Target(Path);
    if (::linkat(AT_FDCWD, Proc.c_str(), AT_FDCWD, Target.c_str(),
                 AT_SYMLINK_FOLLOW) == 0) {
      ::close(FD);
      Temp.clear();
      return true;
    }
  }
  for (unsigned Attempt = 0; Attempt != 16; ++Attempt) {
    SmallString<256> Model(Path);
    Model += ".tmp%%%%%%";
    sys::fs::createUniquePath(Model, Temp, /*MakeAbsolute=*/false);
    Temp.push_back('\0');
    int R = ::linkat(AT_FDCWD, Proc.c_str(), AT_FDCWD, Temp.data(),
                     AT_SYMLINK_FOLLOW);
    Temp.pop_back();
    if (R == 0) {
      ::close(FD);
      return true;
    }
    if (errno != EEXIST)
      break;
  }
  ::close(FD);
  return false;
#else
  return false;
#endif
}

Expected<WriteStatus> opgen::writeFileIfChanged(StringRef Path,
                                                StringRef Content) {
  if (Path == "-") {
    outs() << Content;
    outs().flush();
    return WriteStatus::Written;
  }
  // Only a file of the same size can hold the same bytes: read no other.
  uint64_t OldSize;
  bool Absent = false;
  if (std::error_code EC = sys::fs::file_size(Path, OldSize))
    Absent = EC == std::errc::no_such_file_or_directory;
  else if (OldSize == Content.size())
    if (auto Old = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false))
      if ((*Old)->getBuffer() == Content)
        return WriteStatus::Unchanged;

  SmallString<256> Temp;
  std::error_code WriteError;
  if (writeUnnamedThenLink(Path, Content, Absent, Temp, WriteError)) {
    if (WriteError)
      return createStringError(WriteError, "cannot write `%s`: %s",
                               Path.str().c_str(),
                               WriteError.message().c_str());
    if (Temp.empty())
      return WriteStatus::Written;
    if (std::error_code EC = sys::fs::rename(Temp, Path)) {
      sys::fs::remove(Temp);
      return createStringError(EC, "cannot rename `%s` to `%s`: %s",
                               Temp.c_str(), Path.str().c_str(),
                               EC.message().c_str());
    }
    return WriteStatus::Written;
  }

  Temp = Path;
  Temp += ".tmp%%%%%%";
  int FD;
  if (std::error_code EC = sys::fs::createUniqueFile(Temp, FD, Temp))
    return createStringError(EC,
                             "cannot create a temporary file beside `%s`: %s",
                             Path.str().c_str(), EC.message().c_str());
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Content;
    OS.close();
    if (OS.has_error()) {
      std::error_code EC = OS.error();
      OS.clear_error();
      sys::fs::remove(Temp);
      return createStringError(EC, "cannot write `%s`: %s", Temp.c_str(),
                               EC.message().c_str());
    }
  }
  if (std::error_code EC = sys::fs::rename(Temp, Path)) {
    sys::fs::remove(Temp);
    return createStringError(EC, "cannot rename `%s` to `%s`: %s", Temp.c_str(),
                             Path.str().c_str(), EC.message().c_str());
  }
  return WriteStatus::Written;
}
