//===- LazyIrClass.h - One lazy IR node class -------------------*- C++ -*-===//
//
// torchgen's GenLazyIR.gen (and the TorchScript and torch_xla writers'
// overrides): the C++ class of one node, for LazyIr.h and LazyNonNativeIr.h.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_EMIT_LAZY_LAZYIRCLASS_H
#define OPGEN_LIB_EMIT_LAZY_LAZYIRCLASS_H

#include "opgen/LazyApi/LazyOptions.h"

#include <optional>
#include <string>

namespace opgen {
namespace lazy {

/// The class of \p S's node, or nullopt with what torchgen rejects (an
/// argument type the base constructor cannot take) in \p Error.
std::optional<std::string> genLazyIrClass(const LazyIrSchema &S,
                                          const LazyTensorOptions &O,
                                          std::string &Error);

} // namespace lazy
} // namespace opgen

#endif // OPGEN_LIB_EMIT_LAZY_LAZYIRCLASS_H
