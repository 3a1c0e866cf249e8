//===- PythonTypes.h - Schema types as the Python bindings spell them -*- C++
//-*-===//
//
// torchgen's api/python spells each schema type for the Python argument
// parser (`Tensor?`, `IntArrayRef[2]`, `c10::string_view`) and for the
// tests' annotations (its "simple" form, without list sizes).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PYTHONAPI_PYTHONTYPES_H
#define OPGEN_PYTHONAPI_PYTHONTYPES_H

#include "opgen/IR/Type.h"

#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace opgen {

struct PythonTypeOptions {
  /// Leave out list sizes, and spell `Tensor?[]` as a value type.
  bool SimpleType = false;
  /// Spell `SymInt[]` as `SymIntArrayRef` (else `IntArrayRef`).
  bool SymInt = true;
};

/// python.argument_type_str: \p T as the argument parser names it; an error
/// for the types the Python bindings have no spelling of (a Dimname, a
/// SymBool, a custom class, a `bool[]` without a size).
llvm::Expected<std::string> pythonArgumentType(Type T,
                                               PythonTypeOptions Options = {});

/// python.argument_type_size: the fixed size of a list (or optional list)
/// type other than `bool[N]`, if written.
std::optional<uint64_t> pythonArgumentTypeSize(Type T);

} // namespace opgen

#endif // OPGEN_PYTHONAPI_PYTHONTYPES_H
