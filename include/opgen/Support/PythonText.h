//===- PythonText.h - Python's notions of text ------------------*- C++ -*-===//
//
// Where torchgen's output depends on Python string methods (strip,
// splitlines, regex `\s`), opgen must use the same character classes.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_PYTHONTEXT_H
#define OPGEN_SUPPORT_PYTHONTEXT_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace opgen {

/// Python's str.isspace() for ASCII: space, \t \n \v \f \r, and \x1c-\x1f.
inline bool isPythonSpace(char C) {
  return C == ' ' || (C >= '\t' && C <= '\r') || (C >= '\x1c' && C <= '\x1f');
}

/// Python's repr() of a str: in single quotes, or double quotes when the
/// text has a single quote and no double one; backslashes, that quote and
/// ASCII control characters escaped as Python escapes them. Bytes above
/// ASCII are copied as they are (Python does so for printable characters,
/// which are all a schema or a name holds).
std::string pyReprString(llvm::StringRef S);

} // namespace opgen

#endif // OPGEN_SUPPORT_PYTHONTEXT_H
