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
