//===- OutputFileTest.cpp - Atomic, write-if-changed output ---------------===//

#include "opgen/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <doctest/doctest.h>

using namespace opgen;
using namespace llvm;

TEST_CASE("files are written only when their content changes") {
  SmallString<128> Dir;
  REQUIRE(!sys::fs::createUniqueDirectory("opgen-unittest", Dir));
  SmallString<128> Path(Dir);
  sys::path::append(Path, "out.txt");

  auto W1 = writeFileIfChanged(Path, "hello\n");
  REQUIRE(W1);
  CHECK((*W1 == WriteStatus::Written));
  sys::fs::file_status S1;
  REQUIRE(!sys::fs::status(Path, S1));

  auto W2 = writeFileIfChanged(Path, "hello\n");
  REQUIRE(W2);
  CHECK((*W2 == WriteStatus::Unchanged));

  auto W3 = writeFileIfChanged(Path, "bye\n");
  REQUIRE(W3);
  CHECK((*W3 == WriteStatus::Written));
  auto Buf = MemoryBuffer::getFile(Path);
  REQUIRE(Buf);
  CHECK((*Buf)->getBuffer() == "bye\n");

  // No temporary files are left behind.
  std::error_code EC;
  unsigned Count = 0;
  for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC;
       I.increment(EC))
    ++Count;
  CHECK(Count == 1);
  sys::fs::remove(Path);
  sys::fs::remove(Dir);

  auto Bad = writeFileIfChanged("/nonexistent-dir/x/y.txt", "z");
  CHECK_FALSE(Bad);
  consumeError(Bad.takeError());
}

namespace {
/// A scratch folder holding files, removed at the end.
struct Scratch {
  SmallString<128> Dir;
  Scratch() { REQUIRE(!sys::fs::createUniqueDirectory("opgen-output", Dir)); }
  ~Scratch() { sys::fs::remove_directories(Dir); }
  std::string path(StringRef Name) const {
    SmallString<128> P(Dir);
    sys::path::append(P, Name);
    return std::string(P);
  }
  std::string read(StringRef Name) const {
    auto Buf = MemoryBuffer::getFile(path(Name));
    return Buf ? (*Buf)->getBuffer().str() : "<none>";
  }
  /// Every name in the folder, sorted (a temporary would show here).
  std::vector<std::string> names() const {
    std::vector<std::string> Names;
    std::error_code EC;
    for (sys::fs::directory_iterator I(Dir, EC), E; I != E && !EC;
         I.increment(EC))
      Names.push_back(sys::path::filename(I->path()).str());
    llvm::sort(Names);
    return Names;
  }
};
} // namespace

TEST_CASE("a batch that fails while staging changes no file") {
  Scratch S;
  for (const char *N : {"a", "b", "c", "d"})
    REQUIRE(writeFileIfChanged(S.path(N), std::string("old ") + N));
  std::vector<std::string> Paths = {S.path("a"), S.path("b"), S.path("c"),
                                    S.path("d")};
  // b keeps its bytes; the second file to write is c.
  std::vector<OutputRequest> Files = {{Paths[0], "new a"},
                                      {Paths[1], "old b"},
                                      {Paths[2], "new c"},
                                      {Paths[3], "new d"}};
  OutputFaults F;
  F.FailFile = 2;
  F.FailErrno = ENOSPC;
  std::vector<WriteStatus> Status;
  std::vector<OutputProblem> P = writeFilesIfChanged(Files, 2, F, &Status);
  REQUIRE(P.size() == 1);
  CHECK(P[0].Path == Paths[2]);
  CHECK(P[0].Message == "cannot write: No space left on device");
  CHECK(P[0].EC.value() == ENOSPC);
  for (WriteStatus W : Status)
    CHECK((W == WriteStatus::Unchanged));
  CHECK(S.read("a") == "old a");
  CHECK(S.read("c") == "old c");
  CHECK(S.read("d") == "old d");
  CHECK(S.names() == std::vector<std::string>{"a", "b", "c", "d"});

  // Without the fault every changed file is replaced, b left alone.
  P = writeFilesIfChanged(Files, 2, {}, &Status);
  CHECK(P.empty());
  CHECK((Status[0] == WriteStatus::Written));
  CHECK((Status[1] == WriteStatus::Unchanged));
  CHECK(S.read("a") == "new a");
  CHECK(S.read("d") == "new d");
  CHECK(S.names() == std::vector<std::string>{"a", "b", "c", "d"});
}

TEST_CASE("a batch reports each problem once, in file order") {
  Scratch S;
  std::string Missing = S.path("missing");
  std::vector<std::string> Paths = {S.path("missing/x"), S.path("missing/y"),
                                    S.path("ok1"), S.path("ok2"),
                                    S.path("missing/z")};
  std::vector<OutputRequest> Files;
  for (const std::string &P : Paths)
    Files.push_back({P, "text"});
  OutputFaults F;
  F.FailFile = 4; // ok2: the folder's three files come before and after
  F.FailErrno = EIO;
  std::vector<OutputProblem> P = writeFilesIfChanged(Files, 3, F);
  REQUIRE(P.size() == 2);
  CHECK(P[0].Path == Missing);
  CHECK(P[0].Message ==
        "cannot write into the folder: No such file or directory");
  CHECK(P[1].Path == Paths[3]);
  CHECK(P[1].Message == "cannot write: Input/output error");
  // Nothing was named: ok1 could have been, and is not.
  CHECK(S.names().empty());

  // A folder where a file should be is that file's problem.
  REQUIRE(!sys::fs::create_directory(S.path("dir")));
  std::string DirPath = S.path("dir");
  OutputRequest Dir{DirPath, "text"};
  P = writeFilesIfChanged(Dir);
  REQUIRE(P.size() == 1);
  CHECK(P[0].Message == "cannot write: Is a directory");
}

TEST_CASE("makeFolder names the file in the way, once") {
  Scratch S;
  REQUIRE(writeFileIfChanged(S.path("file"), "x"));
  CHECK_FALSE(makeFolder(S.path("a/b/c")));
  CHECK(sys::fs::is_directory(S.path("a/b/c")));
  CHECK_FALSE(makeFolder(S.path("a/b/c")));
  std::optional<OutputProblem> Leaf = makeFolder(S.path("file"));
  REQUIRE(Leaf);
  CHECK(Leaf->Path == S.path("file"));
  CHECK(Leaf->Message == "cannot create the folder: File exists");
  std::optional<OutputProblem> Under = makeFolder(S.path("file/x/y"));
  REQUIRE(Under);
  CHECK(Under->Path == S.path("file"));
  CHECK(Under->Message == "cannot create the folder `" + S.path("file/x/y") +
                              "`: Not a directory");
}

TEST_CASE("output faults are read from the flag's text") {
  Expected<OutputFaults> F = parseOutputFaults("enospc:3,kill:7");
  REQUIRE(F);
  CHECK(F->FailFile == 3);
  CHECK(F->FailErrno == ENOSPC);
  CHECK(F->KillAfter == 7);
  Expected<OutputFaults> None = parseOutputFaults("");
  REQUIRE(None);
  CHECK(None->FailFile == 0);
  CHECK(None->KillAfter == 0);
  for (const char *Bad : {"enospc", "enospc:0", "enospc:x", "full:1"}) {
    Expected<OutputFaults> B = parseOutputFaults(Bad);
    CHECK_FALSE(B);
    consumeError(B.takeError());
  }
}

#if defined(__linux__)
#include <csignal>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

TEST_CASE("a batch killed between files leaves old or new files only") {
  Scratch S;
  std::vector<std::string> Paths;
  std::vector<std::string> New;
  for (int I = 0; I != 4; ++I) {
    Paths.push_back(S.path("f" + std::to_string(I)));
    REQUIRE(writeFileIfChanged(Paths.back(), "old"));
    New.push_back("new " + std::to_string(I));
  }
  std::vector<OutputRequest> Files;
  for (int I = 0; I != 4; ++I)
    Files.push_back({Paths[I], New[I]});
  pid_t Child = fork();
  REQUIRE(Child >= 0);
  if (Child == 0) {
    OutputFaults F;
    F.KillAfter = 2;
    writeFilesIfChanged(Files, 1, F);
    _exit(0); // not reached: the batch kills the process
  }
  int WaitStatus = 0;
  REQUIRE(waitpid(Child, &WaitStatus, 0) == Child);
  CHECK(WIFSIGNALED(WaitStatus));
  CHECK(WTERMSIG(WaitStatus) == SIGKILL);
  // In the batch's order: the first two in place, the others untouched.
  CHECK(S.read("f0") == "new 0");
  CHECK(S.read("f1") == "new 1");
  CHECK(S.read("f2") == "old");
  CHECK(S.read("f3") == "old");
  CHECK(S.names() == std::vector<std::string>{"f0", "f1", "f2", "f3"});
}

TEST_CASE("more changed files than descriptors to hold them open") {
  struct rlimit Saved;
  REQUIRE(getrlimit(RLIMIT_NOFILE, &Saved) == 0);
  // Room for a few unnamed files only: the rest become named temporaries,
  // renamed into place all the same.
  struct rlimit Low = Saved;
  Low.rlim_cur = 140;
  REQUIRE(setrlimit(RLIMIT_NOFILE, &Low) == 0);
  Scratch S;
  std::vector<std::string> Paths;
  for (int I = 0; I != 40; ++I)
    Paths.push_back(S.path("f" + std::to_string(I)));
  REQUIRE(writeFileIfChanged(Paths[0], "old"));
  std::vector<OutputRequest> Files;
  for (const std::string &P : Paths)
    Files.push_back({P, "new"});
  std::vector<OutputProblem> P = writeFilesIfChanged(Files, 2);
  setrlimit(RLIMIT_NOFILE, &Saved);
  CHECK(P.empty());
  CHECK(S.names().size() == 40);
  CHECK(S.read("f0") == "new");
  CHECK(S.read("f39") == "new");

  // And a failure then removes the named ones too.
  REQUIRE(setrlimit(RLIMIT_NOFILE, &Low) == 0);
  std::vector<OutputRequest> Again;
  for (const std::string &Path : Paths)
    Again.push_back({Path, "newer"});
  OutputFaults F;
  F.FailFile = 40;
  F.FailErrno = ENOSPC;
  P = writeFilesIfChanged(Again, 1, F);
  setrlimit(RLIMIT_NOFILE, &Saved);
  CHECK(P.size() == 1);
  CHECK(S.names().size() == 40);
  CHECK(S.read("f0") == "new");
}
#endif

TEST_CASE("a file given as pieces is written as their bytes joined") {
  Scratch S;
  // Pieces of every size around the staging threshold, more of them than
  // one writev takes, and more small bytes than the staging buffer holds:
  // a sharded file's items with `\n` between them.
  std::vector<std::string> Store;
  std::string Joined;
  unsigned Seed = 7;
  for (size_t I = 0; I != 5000; ++I) {
    Seed = Seed * 1103515245u + 12345u;
    size_t N = I % 3 == 0 ? 1 : (Seed >> 8) % 700;
    std::string P(N, static_cast<char>('a' + I % 26));
    Joined += P;
    Store.push_back(std::move(P));
  }
  Store.emplace_back(100000, 'z');
  Joined += Store.back();
  std::vector<StringRef> Pieces(Store.begin(), Store.end());
  std::string Path = S.path("pieces.txt");
  std::vector<OutputRequest> Files = {{Path, StringRef(), Pieces}};
  std::vector<WriteStatus> Statuses;
  CHECK(writeFilesIfChanged(Files, 1, {}, &Statuses).empty());
  CHECK(S.read("pieces.txt") == Joined);
  CHECK((Statuses[0] == WriteStatus::Written));
  // The same bytes in other pieces: unchanged.
  std::vector<OutputRequest> Whole = {{Path, Joined}};
  CHECK(writeFilesIfChanged(Whole, 1, {}, &Statuses).empty());
  CHECK((Statuses[0] == WriteStatus::Unchanged));
  // One byte different in the last piece: written.
  Store.back().back() = 'y';
  Pieces.back() = Store.back();
  CHECK(writeFilesIfChanged(Files, 1, {}, &Statuses).empty());
  CHECK((Statuses[0] == WriteStatus::Written));
  CHECK(S.read("pieces.txt").back() == 'y');
  CHECK(S.names() == std::vector<std::string>{"pieces.txt"});
}
