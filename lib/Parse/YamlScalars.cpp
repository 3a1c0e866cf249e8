//===- YamlScalars.cpp - A YAML scalar's value, as PyYAML constructs it ---===//
//
// The rules are in Support/Yaml11.h; this applies them to YamlScalar: which
// scalars the safe loader cannot construct, and which keys torchgen's
// loader takes for duplicates. Its check is `key in keys` on a list, that
// is Python's ==, under which 1, 0x1, 1.0 and true are one key, and `1` and
// `'1'` are two.
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/YamlSupport.h"
#include "opgen/Support/Yaml11.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>

using namespace opgen;
using namespace llvm;

std::optional<std::string> opgen::yamlScalarError(const YamlScalar &S) {
  auto Cannot = [&](StringRef What) {
    return ("PyYAML's loader cannot read `" + S.Value + "` as " + What).str();
  };
  switch (S.Kind) {
  case YamlKind::Bool:
    if (!constructYaml11Bool(S.Value))
      return Cannot("a boolean");
    break;
  case YamlKind::Int:
    if (!constructYaml11Int(S.Value))
      return Cannot("an integer");
    break;
  case YamlKind::Float:
    if (!constructYaml11Float(S.Value))
      return Cannot("a float");
    break;
  case YamlKind::Timestamp:
    if (!constructYaml11Timestamp(S.Value))
      return Cannot("a timestamp: there is no such date, time or UTC offset");
    break;
  case YamlKind::Binary:
    if (!constructYaml11Binary(S.Value))
      return Cannot("base64 data");
    break;
  case YamlKind::Other:
    // A plain `<<`, `=`, `!`, `&` or `*`: the resolver's merge, value and
    // yaml tags, for which the safe loader has no constructor. (torchgen's
    // loader builds every key itself, so even `<<` merges nothing.)
    return std::string("PyYAML's loader cannot read a plain `") + S.Value +
           "` (tag:yaml.org,2002:" +
           (S.Value == "<<"  ? "merge"
            : S.Value == "=" ? "value"
                             : "yaml") +
           "); quote it";
  default:
    break;
  }
  return std::nullopt;
}

std::optional<std::string> opgen::yamlKeyIdentity(const YamlScalar &K) {
  switch (K.Kind) {
  case YamlKind::Str:
    return "s" + K.Value;
  case YamlKind::Null:
    return std::string("n");
  case YamlKind::Bool:
    return std::string(constructYaml11Bool(K.Value).value_or(false) ? "i1"
                                                                    : "i0");
  case YamlKind::Int:
    return "i" + constructYaml11Int(K.Value).value_or("");
  case YamlKind::Float: {
    double D = constructYaml11Float(K.Value).value_or(NAN);
    if (std::isnan(D)) {
      // nan != nan, but every `.nan` is SafeConstructor's one nan_value
      // object, and `in` finds an object by identity first.
      std::string Lower = StringRef(K.Value).lower();
      llvm::erase_value(Lower, '_');
      if (StringRef(Lower).ltrim("+-") == ".nan")
        return std::string("fnan");
      return std::nullopt;
    }
    // An integral float equals the int of the same value.
    if (std::isfinite(D) && D == std::trunc(D))
      return "i" + pythonIntOfFloat(D);
    return "f" + pythonFloatRepr(D);
  }
  case YamlKind::Timestamp: {
    std::string Iso = constructYaml11Timestamp(K.Value).value_or("");
    // Aware datetimes are equal at the same instant; dates, naive and
    // aware datetimes are never equal to each other.
    if (std::optional<std::string> At = yaml11TimestampInstant(Iso))
      return "z" + *At;
    return (Iso.size() == 10 ? "d" : "t") + Iso;
  }
  case YamlKind::Binary:
    return "b" + constructYaml11Binary(K.Value).value_or("");
  default:
    return "?" + K.Value;
  }
}

bool opgen::sameYamlKey(const YamlScalar &A, const YamlScalar &B) {
  // Nearly every key is a string: compare those without building texts.
  if (A.Kind == YamlKind::Str || B.Kind == YamlKind::Str)
    return A.Kind == B.Kind && A.Value == B.Value;
  std::optional<std::string> IA = yamlKeyIdentity(A);
  return IA && IA == yamlKeyIdentity(B);
}
