//===- YamlMain.h - opgen-yaml: opgen's YAML value trees, printed -*- C++
//-*-===//
//
// opgen-yaml reads YAML documents as opgen's readers do (readYamlValue, or
// the fast reader for native_functions.yaml's shape) and prints each one's
// value, computed as PyYAML's safe loader would, as one line of JSON. The
// PyYAML oracle (utils/yaml-oracle.py) prints PyYAML's values the same way
// and compares the lines.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_YAMLMAIN_H
#define OPGEN_TOOLS_YAMLMAIN_H

#include "opgen/Parse/YamlSupport.h"

#include <optional>
#include <string>

namespace opgen {

/// The canonical form of \p V: `["null"]`, `["bool",true]`, `["int","12"]`,
/// `["float","0.5"]`, `["str","a"]`, `["timestamp","2001-01-01"]`,
/// `["binary","<base64>"]`, `["seq",[...]]`, `["map",[[k,v],...]]`, as
/// json.dumps(ensure_ascii=True, separators=(",", ":")) writes them; nothing
/// if a scalar's value cannot be constructed.
std::optional<std::string> printCanonicalYaml(const YamlValue &V);

int yamlMain(int Argc, char **Argv);

} // namespace opgen

#endif // OPGEN_TOOLS_YAMLMAIN_H
