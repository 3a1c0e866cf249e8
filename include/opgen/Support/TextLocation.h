//===- TextLocation.h - Map offsets in a string to the source ---*- C++ -*-===//
//
// A schema string or a derivative formula is a YAML scalar. When the scalar
// is plain, or quoted without escapes, each character of its value sits at
// a known place in the file, and a diagnostic can point at the exact token.
// Otherwise (folded or escaped scalars) diagnostics point at the start of
// the scalar.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_TEXTLOCATION_H
#define OPGEN_SUPPORT_TEXTLOCATION_H

#include "llvm/Support/SMLoc.h"

#include <cstddef>

namespace opgen {

struct TextLocation {
  /// Where the first character of the value is, or the scalar's start.
  llvm::SMLoc Start;
  /// True when offset N of the value is at Start + N in the buffer.
  bool Exact = false;

  llvm::SMLoc at(size_t Offset) const {
    if (!Exact || !Start.isValid())
      return Start;
    return llvm::SMLoc::getFromPointer(Start.getPointer() + Offset);
  }
};

} // namespace opgen

#endif // OPGEN_SUPPORT_TEXTLOCATION_H
