//===- PythonText.h - Python's notions of text ------------------*- C++ -*-===//
//
// Where torchgen's output depends on Python string methods (strip,
// splitlines, regex `\s`), opgen must use the same character classes.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_PYTHONTEXT_H
#define OPGEN_SUPPORT_PYTHONTEXT_H

namespace opgen {

/// Python's str.isspace() for ASCII: space, \t \n \v \f \r, and \x1c-\x1f.
inline bool isPythonSpace(char C) {
  return C == ' ' || (C >= '\t' && C <= '\r') || (C >= '\x1c' && C <= '\x1f');
}

} // namespace opgen

#endif // OPGEN_SUPPORT_PYTHONTEXT_H
