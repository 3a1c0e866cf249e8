//===- Module.h - Everything read from one native_functions.yaml -*- C++
//-*-===//

#ifndef OPGEN_IR_MODULE_H
#define OPGEN_IR_MODULE_H

#include "opgen/IR/NativeFunction.h"

#include <set>
#include <string>
#include <vector>

namespace opgen {

/// The operator IR of one native_functions.yaml plus its tags.yaml.
struct Module {
  /// Native functions in file order (generated ones follow their sources
  /// once variant synthesis has run).
  std::vector<NativeFunction> Functions;
  /// Tags declared in tags.yaml.
  std::set<std::string> ValidTags;
};

} // namespace opgen

#endif // OPGEN_IR_MODULE_H
