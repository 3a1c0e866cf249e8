//===- Depfile.cpp - Makefile-syntax dependency files ---------------------===//

#include "opgen/Support/Depfile.h"
#include "opgen/Support/OutputFile.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

bool opgen::writeDepfilePath(raw_ostream &OS, StringRef Path) {
  if (Path.find_first_of("\r\n") != StringRef::npos)
    return false;
  // Most paths need no escape: one append instead of one per character.
  if (Path.find_first_of(" #$\\") == StringRef::npos) {
    OS << Path;
    return true;
  }
  // Ninja and CMake read backslashes literally except in a run that ends at
  // a space (or at the end of the word, where our separator follows): there
  // 2N backslashes mean N, and 2N+1 mean N and an escaped space. So such a
  // run is doubled, and a space in the name gets one more.
  for (size_t I = 0, E = Path.size(); I != E; ++I) {
    char C = Path[I];
    if (C == '\\') {
      size_t End = Path.find_first_not_of('\\', I);
      if (End == StringRef::npos)
        End = E;
      size_t Run = End - I;
      bool BeforeSpace = End == E || Path[End] == ' ';
      for (size_t K = BeforeSpace ? 2 * Run : Run; K; --K)
        OS << '\\';
      I = End - 1;
      continue;
    }
    if (C == ' ' || C == '#')
      OS << '\\';
    else if (C == '$')
      OS << '$';
    OS << C;
  }
  return true;
}

Expected<std::string> opgen::formatDepfile(StringRef Target,
                                           ArrayRef<std::string> Deps) {
  std::string Text;
  raw_string_ostream OS(Text);
  auto Bad = [](StringRef P) {
    return createStringError(std::errc::invalid_argument,
                             "a depfile cannot name `%s`: it holds a newline",
                             P.str().c_str());
  };
  if (!writeDepfilePath(OS, Target))
    return Bad(Target);
  OS << ':';
  StringSet<> Seen;
  for (const std::string &D : Deps) {
    if (!Seen.insert(D).second)
      continue;
    OS << " \\\n  ";
    if (!writeDepfilePath(OS, D))
      return Bad(D);
  }
  OS << '\n';
  return std::move(OS.str());
}

std::vector<std::string> opgen::getSourceFileNames(const SourceMgr &SM) {
  std::vector<std::string> Names;
  for (unsigned I = 1, E = SM.getNumBuffers(); I <= E; ++I) {
    StringRef Id = SM.getMemoryBuffer(I)->getBufferIdentifier();
    if (!Id.empty() && Id != "<stdin>")
      Names.push_back(Id.str());
  }
  return Names;
}

Error opgen::writeDepfile(StringRef Path, StringRef Target,
                          ArrayRef<std::string> Deps) {
  Expected<std::string> Text = formatDepfile(Target, Deps);
  if (!Text)
    return Text.takeError();
  // Like the other outputs, the depfile may go into a folder not made yet.
  StringRef Dir = sys::path::parent_path(Path);
  if (!Dir.empty())
    if (std::error_code EC = sys::fs::create_directories(Dir))
      return createStringError(EC, "cannot create the folder: %s",
                               EC.message().c_str());
  Expected<WriteStatus> W = writeFileIfChanged(Path, *Text);
  return W ? Error::success() : W.takeError();
}
