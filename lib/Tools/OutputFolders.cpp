//===- OutputFolders.cpp - The folders a file set writes into -------------===//

#include "opgen/Tools/OutputFolders.h"
#include "opgen/Support/OutputFile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

std::vector<OutputFolderSpec>
opgen::getAtenFolders(const std::string &InstallDir,
                      const std::string &HeaderOnlyDir,
                      const std::string &AotiDir, bool Xpu) {
  std::vector<OutputFolderSpec> Specs = {
      {OutputFolder::Install, InstallDir, std::string()},
      {OutputFolder::CpuVec, InstallDir, std::string("cpu_vec_")},
      {OutputFolder::Core, InstallDir + "/core", std::string("core_")},
      {OutputFolder::Ops, InstallDir + "/ops", std::string("ops_")},
      {OutputFolder::Cuda, InstallDir, std::string("cuda_")},
  };
  if (Xpu)
    Specs.push_back({OutputFolder::Xpu, InstallDir, std::string("xpu_")});
  Specs.push_back({OutputFolder::HeaderOnly, HeaderOnlyDir, std::nullopt});
  Specs.push_back({OutputFolder::Aoti, AotiDir, std::nullopt});
  return Specs;
}

std::vector<OutputFolderSpec>
opgen::getFileSetFolders(const FileSetInfo &Set, const std::string &OutputDir) {
  if (Set.Name == "aten")
    return getAtenFolders(OutputDir, OutputDir + "/core", OutputDir + "/aoti",
                          false);
  return {{OutputFolder::Install, OutputDir, std::string()}};
}

OutputFolders::OutputFolders(Context &Ctx, TemplateCache &Templates,
                             std::vector<OutputFolderSpec> Specs,
                             const std::string &Generator, bool DryRun)
    : Ctx(Ctx), Specs(std::move(Specs)) {
  for (const OutputFolderSpec &S : this->Specs)
    Managers.push_back(std::make_unique<FileManager>(Ctx, Templates, S.Dir,
                                                     Generator, DryRun));
}

void OutputFolders::bind(EmitContext &EC) const {
  for (size_t I = 0; I != Specs.size(); ++I)
    EC.Folders[static_cast<unsigned>(Specs[I].Which)] = Managers[I].get();
  EC.Files = EC.Folders[static_cast<unsigned>(OutputFolder::Install)];
}

size_t OutputFolders::getNumFiles() const {
  size_t N = 0;
  for (const std::unique_ptr<FileManager> &FM : Managers)
    N += FM->getFiles().size();
  return N;
}

LogicalResult OutputFolders::commit(unsigned Threads, bool EveryFolder,
                                    const OutputFaults &Faults) {
  // Nothing reaches the disk unless every file of every folder was made.
  if (Ctx.getDiags().getNumErrors())
    return failure();
  // torchgen makes every output folder, ops/ too when it writes nothing
  // there (default mode): so does opgen, first, so that the install folders
  // are the same to `diff -r` and a folder that cannot be made stops the run
  // before any file changes. A dry run makes none.
  for (size_t I = 0; EveryFolder && I != Specs.size(); ++I) {
    if (Managers[I]->isDryRun())
      continue;
    if (std::optional<OutputProblem> P = makeFolder(Specs[I].Dir)) {
      Ctx.getDiags().fileError(P->Path, P->Message);
      return failure();
    }
  }
  std::vector<FileManager *> FMs;
  for (const std::unique_ptr<FileManager> &FM : Managers)
    FMs.push_back(FM.get());
  return FileManager::commitAll(FMs, Threads, Faults);
}

LogicalResult OutputFolders::writeOutputLists(StringRef Depfile,
                                              raw_ostream &ErrOS) const {
  // pathlib's resolve(): absolute, without `.` and `..`.
  SmallString<256> Abs(Depfile);
  if (std::error_code EC = sys::fs::make_absolute(Abs)) {
    Ctx.getDiags().fileError(Depfile, "cannot resolve: " + EC.message());
    return failure();
  }
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  StringRef Dir = sys::path::parent_path(Abs);
  StringRef Name = sys::path::filename(Abs);
  StringRef Stem = sys::path::stem(Abs);
  if (std::optional<OutputProblem> P = makeFolder(Dir)) {
    Ctx.getDiags().fileError(P->Path, P->Message);
    return failure();
  }
  // The lists are one batch too: all of them or none.
  std::vector<std::string> Paths, Texts;
  for (size_t I = 0; I != Specs.size(); ++I) {
    if (!Specs[I].ListPrefix)
      continue;
    const std::string &Prefix = *Specs[I].ListPrefix;
    SmallString<256> Path(Dir);
    sys::path::append(Path, Prefix + Name.str());
    Paths.push_back(std::string(Path));
    Texts.push_back(Managers[I]->getOutputList(Prefix + Stem.str()));
  }
  std::vector<OutputRequest> Files;
  for (size_t I = 0; I != Paths.size(); ++I)
    Files.push_back({Paths[I], Texts[I]});
  bool Ok = true;
  for (const OutputProblem &P : writeFilesIfChanged(Files)) {
    Ctx.getDiags().fileError(P.Path, P.Message);
    Ok = false;
  }
  return success(Ok);
}
