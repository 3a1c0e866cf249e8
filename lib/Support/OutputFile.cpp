//===- OutputFile.cpp - Atomic, write-if-changed output -------------------===//

#include "opgen/Support/OutputFile.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

Expected<WriteStatus> opgen::writeFileIfChanged(StringRef Path,
                                                StringRef Content) {
  if (Path == "-") {
    outs() << Content;
    outs().flush();
    return WriteStatus::Written;
  }
  if (auto Old = MemoryBuffer::getFile(Path, /*IsText=*/false,
                                       /*RequiresNullTerminator=*/false))
    if ((*Old)->getBuffer() == Content)
      return WriteStatus::Unchanged;

  SmallString<256> Temp(Path);
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
