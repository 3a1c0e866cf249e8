//===- NodeGetters.h - How Python reads a Node's saved values ---*- C++ -*-===//
//
// The getter functions python_functions.cpp defines for a Node's saved
// values (gen_autograd_functions.py's GETTER_* templates and bodies). Which
// getter a value gets follows from how the Node holds it, which
// NodeParts.cpp decides; this file only writes the texts.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_EMIT_DEST_NODEGETTERS_H
#define OPGEN_LIB_EMIT_DEST_NODEGETTERS_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace opgen {
namespace autograd_functions {

/// The getter's frame: how it reaches the member `prop`.
enum class GetterFrame {
  Value,         ///< `auto prop = node->x;`
  Optional,      ///< None for an empty `std::optional`, else its value
  OptionalArray, ///< None for an empty `c10::OptionalArray`, else its list
  SavedVariable, ///< `const auto& prop = node->x_;`
  RawSavedVariable,
  SavedList, ///< `node->x_`, an error once released
  RawSavedList,
  ScalarList, ///< `node->x`, an error once released
};

/// What the getter does with `prop`.
enum class GetterBody {
  SavedVariable,
  RawSavedVariable,
  SavedList,
  RawSavedList,
  IntList,
  SymIntList,
  DoubleList,
  Int,
  SymInt,
  Double,
  Bool,
  String,
  Scalar,
  ScalarList,
};

/// The getter `THP<Op>_<Name>_getter` (`_raw_getter` for the raw frames).
std::string getterDefinition(GetterFrame Frame, GetterBody Body,
                             llvm::StringRef Op, llvm::StringRef Name);

/// The PyGetSetDef entry naming that getter: `_saved_<Name>`, or with
/// \p Raw `_raw_saved_<Name>`.
std::string getSetDefStruct(bool Raw, llvm::StringRef Op, llvm::StringRef Name);

} // namespace autograd_functions
} // namespace opgen

#endif // OPGEN_LIB_EMIT_DEST_NODEGETTERS_H
