//===- Registry.cpp - Every emitter, from Emitters.def --------------------===//

#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

ArrayRef<EmitterInfo> opgen::getRegisteredEmitters() {
  static const EmitterInfo Infos[] = {
#define OPGEN_TEXT_EMITTER(Name, Function, Description)                        \
  {Name, Description, "", &Function, nullptr},
#define OPGEN_FILE_EMITTER(Name, Function, FileSet, Description)               \
  {Name, Description, FileSet, nullptr, &Function},
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

LogicalResult opgen::runFileEmitters(EmitContext &EC,
                                     ArrayRef<const EmitterInfo *> Set) {
  for (const EmitterInfo *I : Set)
    if (!I->writesFiles() || failed(I->Files(EC)))
      return failure();
  return success();
}
