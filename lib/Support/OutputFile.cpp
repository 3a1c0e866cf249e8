//===- OutputFile.cpp - Atomic, write-if-changed output -------------------===//

#include "opgen/Support/OutputFile.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstring>
#include <map>
#include <memory>

#if defined(__unix__) || defined(__APPLE__)
#include <climits>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/uio.h>
#include <unistd.h>
#define OPGEN_POSIX_WRITE 1
#endif

using namespace opgen;
using namespace llvm;

Expected<OutputFaults> opgen::parseOutputFaults(StringRef Spec) {
  OutputFaults F;
  SmallVector<StringRef, 2> Parts;
  Spec.split(Parts, ',', -1, /*KeepEmpty=*/false);
  for (StringRef P : Parts) {
    auto [Kind, Count] = P.split(':');
    size_t N = 0;
    if (Count.getAsInteger(10, N) || N == 0)
      return createStringError(inconvertibleErrorCode(),
                               "`%s`: expected `<fault>:N` with N >= 1",
                               P.str().c_str());
    int Errno = StringSwitch<int>(Kind)
                    .Case("enospc", ENOSPC)
                    .Case("edquot", EDQUOT)
                    .Case("eio", EIO)
                    .Case("efbig", EFBIG)
                    .Case("erofs", EROFS)
                    .Case("eacces", EACCES)
                    .Default(0);
    if (Kind == "kill") {
      F.KillAfter = N;
    } else if (Errno) {
      F.FailFile = N;
      F.FailErrno = Errno;
    } else {
      return createStringError(inconvertibleErrorCode(),
                               "unknown output fault `%s` (enospc, edquot, "
                               "eio, efbig, erofs, eacces or kill)",
                               Kind.str().c_str());
    }
  }
  return F;
}

std::optional<OutputProblem> opgen::makeFolder(StringRef Dir) {
  if (Dir.empty())
    return std::nullopt;
  std::error_code EC = sys::fs::create_directories(Dir, /*IgnoreExisting=*/true,
                                                   sys::fs::all_all);
  // create_directories takes an existing file for an existing folder.
  if (!EC && sys::fs::is_directory(Dir))
    return std::nullopt;
  // Name the file in the way, the first component that is no folder: it is
  // the one problem, however many folders and files are under it.
  SmallString<256> Prefix;
  for (auto I = sys::path::begin(Dir), E = sys::path::end(Dir); I != E; ++I) {
    sys::path::append(Prefix, *I);
    sys::fs::file_status St;
    if (sys::fs::status(Prefix, St))
      break;
    if (St.type() == sys::fs::file_type::directory_file)
      continue;
    if (Prefix == Dir) {
      std::error_code Exists = std::make_error_code(std::errc::file_exists);
      return OutputProblem{Prefix.str().str(),
                           "cannot create the folder: " + Exists.message(),
                           Exists};
    }
    std::error_code NotDir = std::make_error_code(std::errc::not_a_directory);
    return OutputProblem{Prefix.str().str(),
                         "cannot create the folder `" + Dir.str() +
                             "`: " + NotDir.message(),
                         NotDir};
  }
  if (!EC)
    EC = std::make_error_code(std::errc::not_a_directory);
  return OutputProblem{Dir.str(), "cannot create the folder: " + EC.message(),
                       EC};
}

namespace {
/// Whose problem a failure is: the folder's (no file can be made there) or
/// the one file's.
enum class ProblemKind { None, Folder, File };

/// A file of a batch, as staging and publishing leave it.
struct Slot {
  WriteStatus Status = WriteStatus::Unchanged;
  /// A file is at the path: the new one replaces it by a rename.
  bool Replace = false;
  /// The staged bytes: an unnamed file (FD), or a named temporary.
  int FD = -1;
  SmallString<256> Temp;
  ProblemKind Kind = ProblemKind::None;
  std::error_code EC;
};
} // namespace

static std::error_code lastError() {
  return std::error_code(errno, std::generic_category());
}

size_t OutputRequest::size() const {
  size_t N = 0;
  for (StringRef P : pieces())
    N += P.size();
  return N;
}

#if defined(OPGEN_POSIX_WRITE)
/// Write all of \p Vec (changed on the way) to \p FD.
static std::error_code writeAll(int FD, std::vector<struct iovec> &Vec) {
  struct iovec *V = Vec.data(), *E = V + Vec.size();
  while (V != E) {
    ssize_t N = ::writev(FD, V, static_cast<int>(E - V));
    if (N < 0) {
      if (errno == EINTR)
        continue;
      return std::error_code(errno, std::generic_category());
    }
    for (size_t W = N; V != E && W >= V->iov_len; ++V)
      W -= V->iov_len, N = W;
    if (V != E) {
      V->iov_base = static_cast<char *>(V->iov_base) + N;
      V->iov_len -= N;
    }
  }
  return {};
}
#endif

/// Write all of \p Pieces to \p FD; with \p FailErrno, fail with it after
/// half of the bytes, as a disk filling up would.
static std::error_code writeBytes(int FD, ArrayRef<StringRef> Pieces,
                                  int FailErrno) {
  size_t Total = 0;
  for (StringRef P : Pieces)
    Total += P.size();
  size_t Left = FailErrno ? Total / 2 : Total;
#if defined(OPGEN_POSIX_WRITE)
  // writev, up to IOV_MAX pieces a call: a shard of some 2,000 items in a
  // few system calls. Small pieces (the `\n` between items) are gathered
  // into a staging buffer first: one vector entry each cost the kernel more
  // than copying them (about 3 ms of a run's system time).
  constexpr size_t Small = 256, StageSize = 1 << 16;
  std::vector<struct iovec> Vec;
  Vec.reserve(std::min<size_t>(Pieces.size(), IOV_MAX));
  std::unique_ptr<char[]> Stage;
  size_t Staged = 0;
  char *StagedEnd = nullptr; // where the last entry ends, if in Stage
  auto Flush = [&]() -> std::error_code {
    std::error_code EC = writeAll(FD, Vec);
    Vec.clear();
    Staged = 0;
    StagedEnd = nullptr;
    return EC;
  };
  for (StringRef P : Pieces) {
    if (!Left)
      break;
    P = P.take_front(Left);
    Left -= P.size();
    if (P.empty())
      continue;
    if (P.size() <= Small) {
      if (!Stage)
        Stage.reset(new char[StageSize]);
      // Room first: a flush starts the buffer over.
      bool Extends = StagedEnd && StagedEnd == Stage.get() + Staged;
      if (Staged + P.size() > StageSize || (!Extends && Vec.size() == IOV_MAX))
        if (std::error_code EC = Flush())
          return EC;
      char *At = Stage.get() + Staged;
      std::memcpy(At, P.data(), P.size());
      Staged += P.size();
      if (StagedEnd == At)
        Vec.back().iov_len += P.size();
      else
        Vec.push_back({At, P.size()});
      StagedEnd = At + P.size();
      continue;
    }
    if (Vec.size() == IOV_MAX)
      if (std::error_code EC = Flush())
        return EC;
    Vec.push_back({const_cast<char *>(P.data()), P.size()});
    StagedEnd = nullptr;
  }
  if (std::error_code EC = Flush())
    return EC;
#else
  raw_fd_ostream OS(FD, /*shouldClose=*/false);
  for (StringRef P : Pieces) {
    size_t N = std::min(P.size(), Left);
    OS << P.take_front(N);
    Left -= N;
  }
  OS.flush();
  if (OS.has_error()) {
    std::error_code EC = OS.error();
    OS.clear_error();
    return EC;
  }
#endif
  if (FailErrno)
    return std::error_code(FailErrno, std::generic_category());
  return {};
}

/// Whether \p Old holds exactly the bytes of \p Pieces.
static bool holds(StringRef Old, ArrayRef<StringRef> Pieces) {
  for (StringRef P : Pieces) {
    if (!Old.startswith(P))
      return false;
    Old = Old.drop_front(P.size());
  }
  return Old.empty();
}

#if defined(__linux__) && defined(O_TMPFILE)
#define OPGEN_UNNAMED_FILES 1
/// linkat through /proc names an unnamed file without the privilege
/// AT_EMPTY_PATH needs.
static int linkUnnamed(int FD, const char *Target) {
  std::string Proc = "/proc/self/fd/" + std::to_string(FD);
  return ::linkat(AT_FDCWD, Proc.c_str(), AT_FDCWD, Target, AT_SYMLINK_FOLLOW);
}

/// Name unnamed file \p FD `<Path>.tmpXXXXXX` (set in \p Temp).
static std::error_code nameTemporary(int FD, StringRef Path,
                                     SmallVectorImpl<char> &Temp) {
  for (unsigned Attempt = 0; Attempt != 16; ++Attempt) {
    SmallString<256> Model(Path);
    Model += ".tmp%%%%%%";
    sys::fs::createUniquePath(Model, Temp, /*MakeAbsolute=*/false);
    Temp.push_back('\0');
    int R = linkUnnamed(FD, Temp.data());
    Temp.pop_back();
    if (R == 0)
      return {};
    if (errno != EEXIST) {
      std::error_code EC = lastError();
      Temp.clear();
      return EC;
    }
  }
  Temp.clear();
  return std::make_error_code(std::errc::file_exists);
}
#endif

/// How many staged files may stay open (unnamed) at once; the rest are
/// named temporaries. Some descriptors are left for everything else.
static long getUnnamedBudget() {
#if defined(OPGEN_UNNAMED_FILES)
  struct rlimit L;
  if (::getrlimit(RLIMIT_NOFILE, &L) != 0)
    return 0;
  if (L.rlim_cur == RLIM_INFINITY)
    return 1L << 30;
  return std::max(0L, static_cast<long>(L.rlim_cur) - 128);
#else
  return 0;
#endif
}

/// Whether file \p Path must be written: not when it holds \p Content.
static void compare(Slot &S, StringRef Path, const OutputRequest &Content) {
  sys::fs::file_status St;
  if (!sys::fs::status(Path, St)) {
    if (St.type() == sys::fs::file_type::directory_file) {
      S.Kind = ProblemKind::File;
      S.EC = std::make_error_code(std::errc::is_a_directory);
      return;
    }
    S.Replace = true;
    // Only a file of the same size can hold the same bytes: read no other.
    if (St.getSize() == Content.size())
      if (auto Old = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false))
        if (holds((*Old)->getBuffer(), Content.pieces()))
          return;
  }
  S.Status = WriteStatus::Written;
}

/// Step one for a changed file: put its bytes on the disk without a name
/// (or, failing that, under a temporary one).
static void stage(Slot &S, StringRef Path, ArrayRef<StringRef> Content,
                  int FailErrno, std::atomic<long> &Budget) {
#if defined(OPGEN_UNNAMED_FILES)
  SmallString<256> Dir(sys::path::parent_path(Path));
  if (Dir.empty())
    Dir = ".";
  int FD = ::open(Dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0666);
  if (FD >= 0) {
    if ((S.EC = writeBytes(FD, Content, FailErrno))) {
      ::close(FD);
      S.Kind = ProblemKind::File;
      return;
    }
    S.FD = FD;
    // Past the budget the file is named now, to free its descriptor.
    if (Budget.fetch_sub(1, std::memory_order_relaxed) <= 0) {
      if ((S.EC = nameTemporary(FD, Path, S.Temp)))
        S.Kind = ProblemKind::File;
      ::close(FD);
      S.FD = -1;
    }
    return;
  }
  // A file system without O_TMPFILE gets named temporaries; any other
  // failure is the folder's.
  if (errno != EOPNOTSUPP && errno != EISDIR && errno != EINVAL &&
      errno != ENOSYS) {
    S.EC = lastError();
    S.Kind = ProblemKind::Folder;
    return;
  }
#endif
  int TempFD;
  SmallString<256> Model(Path);
  Model += ".tmp%%%%%%";
  if ((S.EC = sys::fs::createUniqueFile(Model, TempFD, S.Temp))) {
    S.Kind = ProblemKind::Folder;
    S.Temp.clear();
    return;
  }
  S.EC = writeBytes(TempFD, Content, FailErrno);
  sys::fs::file_t Handle = sys::fs::convertFDToNativeFile(TempFD);
  sys::fs::closeFile(Handle);
  if (S.EC) {
    sys::fs::remove(S.Temp);
    S.Temp.clear();
    S.Kind = ProblemKind::File;
  }
}

/// Step two for one staged file: give it its name.
static std::error_code publish(Slot &S, StringRef Path) {
#if defined(OPGEN_UNNAMED_FILES)
  if (S.FD >= 0) {
    std::error_code EC;
    SmallString<256> Target(Path);
    // A new file is linked straight into place: no temporary name (six
    // getrandom calls) and no rename for each of a fresh folder's files.
    if (!S.Replace && linkUnnamed(S.FD, Target.c_str()) == 0) {
      ::close(S.FD);
      S.FD = -1;
      return {};
    }
    if (!S.Replace && errno != EEXIST)
      EC = lastError();
    else
      EC = nameTemporary(S.FD, Path, S.Temp);
    ::close(S.FD);
    S.FD = -1;
    if (EC)
      return EC;
  }
#endif
  std::error_code EC = sys::fs::rename(S.Temp, Path);
  if (EC)
    sys::fs::remove(S.Temp);
  S.Temp.clear();
  return EC;
}

/// A full disk or quota is one problem however many files meet it; so is a
/// read-only file system or a failing device.
static bool isWholeDiskError(std::error_code EC) {
  int E = EC.value();
  return E == ENOSPC || E == EDQUOT || E == EFBIG || E == EIO || E == EROFS;
}

/// The problems of \p Slots, one per cause, in file order.
static std::vector<OutputProblem> collectProblems(ArrayRef<OutputRequest> Files,
                                                  ArrayRef<Slot> Slots) {
  // The first file of each cause; a folder's problem stands for those of
  // the folders under it that failed the same way.
  std::map<size_t, OutputProblem> ByFile;
  StringSet<> SeenFiles;
  std::map<std::pair<std::string, int>, size_t> Folders;
  for (size_t I = 0; I != Slots.size(); ++I) {
    const Slot &S = Slots[I];
    if (S.Kind == ProblemKind::None)
      continue;
    if (S.Kind == ProblemKind::Folder) {
      std::string Dir = sys::path::parent_path(Files[I].Path).str();
      if (Dir.empty())
        Dir = ".";
      Folders.try_emplace({Dir, S.EC.value()}, I);
      continue;
    }
    std::string Key = std::to_string(S.EC.value());
    if (!isWholeDiskError(S.EC))
      Key += ":" + Files[I].Path.str();
    if (SeenFiles.insert(Key).second)
      ByFile[I] = {Files[I].Path.str(), "cannot write: " + S.EC.message(),
                   S.EC};
  }
  for (const auto &F : Folders) {
    const std::string &Dir = F.first.first;
    int Errno = F.first.second;
    size_t I = F.second;
    bool Covered = any_of(Folders, [&](const auto &Other) {
      const std::string &ODir = Other.first.first;
      return Other.first.second == Errno && ODir.size() < Dir.size() &&
             StringRef(Dir).startswith(ODir) &&
             sys::path::is_separator(Dir[ODir.size()]);
    });
    if (!Covered)
      ByFile[I] = {Dir,
                   "cannot write into the folder: " + Slots[I].EC.message(),
                   Slots[I].EC};
  }
  std::vector<OutputProblem> Problems;
  for (auto &[I, P] : ByFile)
    Problems.push_back(std::move(P));
  return Problems;
}

/// Drop whatever a batch staged and did not publish.
static void discard(MutableArrayRef<Slot> Slots) {
  for (Slot &S : Slots) {
#if defined(OPGEN_UNNAMED_FILES)
    if (S.FD >= 0)
      ::close(S.FD);
#endif
    S.FD = -1;
    if (!S.Temp.empty())
      sys::fs::remove(S.Temp);
    S.Temp.clear();
  }
}

std::vector<OutputProblem> opgen::writeFilesIfChanged(
    ArrayRef<OutputRequest> Files, unsigned Threads, const OutputFaults &Faults,
    std::vector<WriteStatus> *Statuses, ThreadPool *Pool) {
  auto Loop = [&](size_t N, function_ref<void(size_t)> F) {
    if (Pool)
      Pool->parallelFor(Threads, N, F);
    else
      parallelFor(Threads, N, F);
  };
  std::vector<Slot> Slots(Files.size());
  std::atomic<long> Budget{getUnnamedBudget()};
  // Writing a file is mostly system time (an inode, the bytes copied into
  // the page cache): on threads, the kernel does it on every core. The
  // largest files first, so that a 5 MB file does not start last and leave
  // a core idle (a fresh folder: 11 -> 6 ms on two cores).
  std::vector<size_t> Order(Files.size());
  for (size_t I = 0; I != Order.size(); ++I)
    Order[I] = I;
  llvm::stable_sort(Order, [&](size_t A, size_t B) {
    return Files[A].size() > Files[B].size();
  });
  Loop(Order.size(), [&](size_t K) {
    size_t I = Order[K];
    compare(Slots[I], Files[I].Path, Files[I]);
  });
  // A rerun over unchanged files (a reconfigure) stops here, no thread
  // started again.
  bool AnyChanged = any_of(Slots, [](const Slot &S) {
    return S.Status == WriteStatus::Written || S.Kind != ProblemKind::None;
  });
  if (!AnyChanged) {
    if (Statuses)
      Statuses->assign(Slots.size(), WriteStatus::Unchanged);
    return {};
  }
  // A fault hits the FailFile-th file to write, counted in file order.
  size_t FailSlot = Slots.size();
  for (size_t I = 0, Seen = 0; Faults.FailFile && I != Slots.size(); ++I)
    if (Slots[I].Status == WriteStatus::Written && ++Seen == Faults.FailFile)
      FailSlot = I;
  Loop(Order.size(), [&](size_t K) {
    size_t I = Order[K];
    if (Slots[I].Status == WriteStatus::Written)
      stage(Slots[I], Files[I].Path, Files[I].pieces(),
            I == FailSlot ? Faults.FailErrno : 0, Budget);
  });
  std::vector<OutputProblem> Problems = collectProblems(Files, Slots);
  if (Problems.empty()) {
    // Every byte is on the disk: now the names, the only step that changes
    // what a build sees.
    std::atomic<size_t> Placed{0};
    auto Publish = [&](size_t I) {
      Slot &S = Slots[I];
      if (S.Status != WriteStatus::Written)
        return;
      if ((S.EC = publish(S, Files[I].Path))) {
        S.Kind = ProblemKind::File;
        S.Status = WriteStatus::Unchanged;
        return;
      }
      if (Faults.KillAfter && ++Placed == Faults.KillAfter)
        std::raise(SIGKILL);
    };
    // A kill after N files must find no other file half-named: one thread.
    if (Faults.KillAfter)
      for (size_t I = 0; I != Slots.size(); ++I)
        Publish(I);
    else
      Loop(Slots.size(), Publish);
    Problems = collectProblems(Files, Slots);
  } else {
    for (Slot &S : Slots)
      S.Status = WriteStatus::Unchanged;
  }
  discard(Slots);
  if (Statuses) {
    Statuses->clear();
    for (const Slot &S : Slots)
      Statuses->push_back(S.Status);
  }
  return Problems;
}

Expected<WriteStatus> opgen::writeFileIfChanged(StringRef Path,
                                                StringRef Content,
                                                const OutputFaults &Faults) {
  if (Path == "-") {
    outs() << Content;
    outs().flush();
    return WriteStatus::Written;
  }
  std::vector<WriteStatus> Status;
  OutputRequest File{Path, Content};
  std::vector<OutputProblem> Problems =
      writeFilesIfChanged(File, 1, Faults, &Status);
  if (!Problems.empty())
    return createStringError(Problems.front().EC, "cannot write: %s",
                             Problems.front().EC.message().c_str());
  return Status.front();
}
