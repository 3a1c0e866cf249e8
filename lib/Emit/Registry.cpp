//===- Registry.cpp - Every emitter, from Emitters.def --------------------===//

#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

ArrayRef<EmitterInfo> opgen::getRegisteredEmitters() {
  static const EmitterInfo Infos[] = {
#define OPGEN_TEXT_EMITTER(Name, Function, Releases, Description)              \
  {Name, Description, "", EmitterReleases::Releases, &Function, nullptr},
#define OPGEN_FILE_EMITTER(Name, Function, FileSet, Releases, Description)     \
  {Name, Description, FileSet, EmitterReleases::Releases, nullptr, &Function},
#include "opgen/Emit/Emitters.def"
  };
  return Infos;
}

ArrayRef<FileSetInfo> opgen::getRegisteredFileSets() {
  static const FileSetInfo Infos[] = {
#define OPGEN_FILE_SET(Name, Generator, Description)                           \
  {Name, Generator, Description},
#include "opgen/Emit/Emitters.def"
  };
  return Infos;
}

const FileSetInfo *opgen::findFileSet(StringRef Name) {
  for (const FileSetInfo &I : getRegisteredFileSets())
    if (I.Name == Name)
      return &I;
  return nullptr;
}

const EmitterInfo *opgen::findEmitter(StringRef Name) {
  for (const EmitterInfo &I : getRegisteredEmitters())
    if (I.Name == Name)
      return &I;
  return nullptr;
}

std::vector<const EmitterInfo *> opgen::getFileSet(StringRef FileSet) {
  std::vector<const EmitterInfo *> Set;
  for (const EmitterInfo &I : getRegisteredEmitters())
    if (I.writesFiles() && I.FileSet == FileSet)
      Set.push_back(&I);
  return Set;
}

/// Refuse a module read with another release's checks when \p E only
/// reproduces torchgen 2.14.
static LogicalResult checkRelease(EmitContext &EC, const EmitterInfo &E) {
  if (E.Releases == EmitterReleases::AnyRelease ||
      EC.M.Release == TorchRelease::V2_14)
    return success();
  EC.Ctx.getDiags().error(SMLoc(), "emitter `" + E.Name +
                                       "` writes what torchgen 2.14 writes; "
                                       "the input was read with torchgen " +
                                       toString(EC.M.Release) +
                                       "'s checks (--release)");
  return failure();
}

LogicalResult opgen::runTextEmitter(EmitContext &EC, const EmitterInfo &E,
                                    raw_ostream &OS) {
  if (!E.Text || failed(checkRelease(EC, E)))
    return failure();
  return E.Text(EC, OS);
}

LogicalResult opgen::runFileEmitters(EmitContext &EC,
                                     ArrayRef<const EmitterInfo *> Set) {
  for (const EmitterInfo *I : Set)
    if (!I->writesFiles() || failed(checkRelease(EC, *I)) ||
        failed(I->Files(EC)))
      return failure();
  return success();
}
