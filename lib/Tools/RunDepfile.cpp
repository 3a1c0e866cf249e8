//===- RunDepfile.cpp - A tool run's outputs and inputs ------------------===//

#include "opgen/Tools/RunDepfile.h"
#include "opgen/Support/Depfile.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"

using namespace opgen;
using namespace llvm;

std::vector<std::string>
opgen::getWrittenPaths(ArrayRef<const FileManager *> Managers) {
  std::vector<std::string> Paths;
  for (const FileManager *FM : Managers)
    for (const GeneratedFile &F : FM->getFiles()) {
      SmallString<256> Path(FM->getOutputDir());
      sys::path::append(Path, F.Name);
      Paths.emplace_back(Path);
    }
  return Paths;
}

LogicalResult opgen::writeRunDepfile(Context &Ctx,
                                     const TemplateCache &Templates,
                                     StringRef Depfile, StringRef Target,
                                     ArrayRef<std::string> ExtraInputs) {
  std::vector<std::string> Inputs = getSourceFileNames(Ctx.getSourceMgr());
  std::vector<std::string> Read = Templates.getReadPaths();
  Inputs.insert(Inputs.end(), Read.begin(), Read.end());
  Inputs.insert(Inputs.end(), ExtraInputs.begin(), ExtraInputs.end());
  if (Error E = writeDepfile(Depfile, Target, Inputs)) {
    Ctx.getDiags().fileError(Depfile, toString(std::move(E)));
    return failure();
  }
  return success();
}
