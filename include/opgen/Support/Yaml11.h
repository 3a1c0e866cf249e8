//===- Yaml11.h - YAML 1.1 scalars as PyYAML's safe loader reads them -*- C++
//-*-===//
//
// torchgen loads every yaml with PyYAML (CSafeLoader): a plain scalar's type
// comes from PyYAML's YAML 1.1 resolver (yaml/resolver.py), and its value
// from SafeConstructor (yaml/constructor.py), which leans on Python's int()
// and float(). Both readers of opgen, the Declarations.yaml emitter and the
// oracle tool share this one copy, so a rule fixed here is fixed for all.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_YAML11_H
#define OPGEN_SUPPORT_YAML11_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace opgen {

/// The tag PyYAML's resolver gives a plain scalar. Merge (`<<`), Value (`=`)
/// and Yaml (`!`, `&`, `*`) have no constructor in the safe loader.
enum class Yaml11Tag : unsigned char {
  Null,
  Bool,
  Int,
  Float,
  Timestamp,
  Str,
  Merge,
  Value,
  Yaml
};

/// The resolver's tag for plain scalar \p S (or one tagged `!`, which may
/// end with a line break). Only the patterns registered for its first
/// character are tried, as in PyYAML, so text starting with most letters
/// costs one switch.
Yaml11Tag resolveYaml11Plain(llvm::StringRef S);

namespace detail {
/// Whether \p C starts no pattern of the resolver: most letters.
inline bool startsNoYaml11Pattern(char C) {
  switch (C) {
  case 'n':
  case 'N':
  case 'y':
  case 'Y':
  case 't':
  case 'T':
  case 'f':
  case 'F':
  case 'o':
  case 'O':
    return false;
  default:
    return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') || C == '_';
  }
}
} // namespace detail

/// resolveYaml11Plain with the common case inline: the fast reader asks for
/// every plain scalar, and most start with a letter no pattern starts with.
inline Yaml11Tag resolveYaml11PlainFast(llvm::StringRef S) {
  if (!S.empty() && detail::startsNoYaml11Pattern(S.front()))
    return Yaml11Tag::Str;
  return resolveYaml11Plain(S);
}

/// construct_yaml_bool: the case-folded word, or nothing where it raises.
std::optional<bool> constructYaml11Bool(llvm::StringRef S);

/// construct_yaml_int: the value's decimal digits, any size (`-255` for
/// `-0xff`, `5400` for `1:30:00`), or nothing where it raises.
std::optional<std::string> constructYaml11Int(llvm::StringRef S);

/// construct_yaml_float, or nothing where it raises.
std::optional<double> constructYaml11Float(llvm::StringRef S);

/// construct_yaml_timestamp: the date's or datetime's isoformat(), or
/// nothing where it raises (no match, or an impossible date or offset).
std::optional<std::string> constructYaml11Timestamp(llvm::StringRef S);

/// construct_yaml_binary: base64.decodebytes of ASCII text, or nothing.
std::optional<std::string> constructYaml11Binary(llvm::StringRef S);

/// Python's repr() of a float: the shortest digits that read back
/// (`0.1`, `1e+16`, `1.5e-05`), `inf`, `-inf`, `nan`.
std::string pythonFloatRepr(double D);

/// The decimal digits of \p D, which must be finite and integral (what
/// int(D) gives in Python).
std::string pythonIntOfFloat(double D);

/// The UTC instant of an aware datetime's isoformat() text (one with an
/// offset), as comparable text; nothing for dates and naive datetimes.
std::optional<std::string> yaml11TimestampInstant(llvm::StringRef Iso);

/// Python's int(S, Base) for Base 2, 8, 10 or 16: the value's
/// decimal digits (`-7` for ` -0_07 `), or nothing where int() raises.
std::optional<std::string> parsePythonInt(llvm::StringRef S,
                                          unsigned Base = 10);

/// Python's float(S), or nothing where float() raises.
std::optional<double> parsePythonFloat(llvm::StringRef S);

} // namespace opgen

#endif // OPGEN_SUPPORT_YAML11_H
