//===- EnumTag.cpp - enum_tag.h -------------------------------------------===//
//
// at::Tag, with one enumerator per tag tags.yaml declares, sorted. It goes
// to the header-only folder (by default <install>/core).
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

LogicalResult opgen::emitEnumTag(EmitContext &EC) {
  if (!EC.Options.GenerateHeaders)
    return success();
  // ValidTags is a sorted set.
  std::string Tags;
  for (const std::string &T : EC.M.ValidTags) {
    if (!Tags.empty())
      Tags += ",\n";
    Tags += T;
  }
  return EC.files(OutputFolder::HeaderOnly)
      .write("enum_tag.h", {{"enum_of_valid_tags", std::move(Tags)}});
}
