//===- Namespaces.h - Opening and closing C++ namespaces --------*- C++ -*-===//
//
// torchgen's NamespaceHelper, which the generated files of backends use to
// open their (possibly nested) C++ namespace and close it again.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_DEST_NAMESPACES_H
#define OPGEN_EMIT_DEST_NAMESPACES_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <utility>

namespace opgen {

/// For `a::b`: the lines `namespace a {` and `namespace b {`, and the
/// lines `} // namespace b` and `} // namespace a`, each joined with `\n`.
std::pair<std::string, std::string>
getNamespaceLines(llvm::StringRef CppNamespace);

} // namespace opgen

#endif // OPGEN_EMIT_DEST_NAMESPACES_H
