//===- PyYamlResolve.cpp - PyYAML's resolver and Python's floats, for dumping
//-===//
//
// What yaml.dump of plain Python data needs from PyYAML's SafeResolver and
// SafeRepresenter. The rules themselves are in Support/Yaml11.h, shared
// with the readers.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/PyYamlDump.h"
#include "opgen/Support/Yaml11.h"

#include <cmath>

using namespace opgen;
using namespace llvm;

bool opgen::pyYamlResolvesToNonString(StringRef S) {
  return resolveYaml11Plain(S) != Yaml11Tag::Str;
}

std::string opgen::pyYamlFloat(double D) {
  if (std::isnan(D))
    return ".nan";
  if (std::isinf(D))
    return D > 0 ? ".inf" : "-.inf";
  // repr() in lower case; PyYAML adds `.0` to an exponent form without a
  // dot, so that the text resolves as a float.
  std::string R = pythonFloatRepr(D);
  size_t E = R.find('e');
  if (E != std::string::npos && R.find('.') == std::string::npos)
    R.insert(E, ".0");
  return R;
}
