//===- PythonEnumTag.cpp - python_enum_tag.cpp ----------------------------===//
//
// torch.Tag for Python: a pybind11 enum with a `.value` per tag tags.yaml
// declares, sorted (gen_python_functions.py's gen_tags_enum).
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/Emitters.h"

using namespace opgen;
using namespace llvm;

LogicalResult opgen::emitPythonEnumTag(EmitContext &EC) {
  // ValidTags is a sorted set. Each value starts a line of its own, so the
  // block placeholder's first line is its indentation alone, as torchgen's.
  std::string Values;
  for (const std::string &T : EC.M.ValidTags)
    Values += "\n.value(\"" + T + "\", at::Tag::" + T + ")";
  return EC.files().write("python_enum_tag.cpp",
                          {{"enum_of_valid_tags", std::move(Values)}});
}
