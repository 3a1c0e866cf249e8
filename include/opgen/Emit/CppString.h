//===- CppString.h - Text as a C++ string literal ---------------*- C++ -*-===//
//
// Generated files embed schemas as string literals (`schema_str`,
// `m.def("...")`). The escaping is torchgen's cpp_string: backslash and
// double quote, and the control characters \a \b \f \n \v \t; nothing else
// is touched (no octal or hex escapes), so the bytes match its output.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_CPPSTRING_H
#define OPGEN_EMIT_CPPSTRING_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace opgen {

/// \p S between double quotes, escaped as torchgen's cpp_string escapes it.
inline std::string cppString(llvm::StringRef S) {
  std::string Out;
  Out.reserve(S.size() + 2);
  Out += '"';
  for (char C : S) {
    switch (C) {
    case '\\':
      Out += "\\\\";
      break;
    case '"':
      Out += "\\\"";
      break;
    case '\a':
      Out += "\\a";
      break;
    case '\b':
      Out += "\\b";
      break;
    case '\f':
      Out += "\\f";
      break;
    case '\n':
      Out += "\\n";
      break;
    case '\v':
      Out += "\\v";
      break;
    case '\t':
      Out += "\\t";
      break;
    default:
      Out += C;
    }
  }
  Out += '"';
  return Out;
}

/// cppString(S) appended to \p Out. Schemas have nothing to escape but the
/// odd default string, so callers that know (FunctionTexts::PlainSchema)
/// pass \p Plain and the text is appended whole instead of a character at a
/// time.
inline void appendCppString(std::string &Out, llvm::StringRef S,
                            bool Plain = false) {
  if (!Plain) {
    Out += cppString(S);
    return;
  }
  Out += '"';
  Out.append(S.data(), S.size());
  Out += '"';
}

} // namespace opgen

#endif // OPGEN_EMIT_CPPSTRING_H
