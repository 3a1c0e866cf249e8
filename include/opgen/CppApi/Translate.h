//===- Translate.h - Expressions from one C++ API to another ----*- C++ -*-===//
//
// Generated wrappers call a kernel whose C++ signature differs a little from
// their own: a kernel without SymInt takes `int64_t` where the wrapper has a
// `c10::SymInt`, an out= fallback calls the functional wrapper with fewer
// arguments. translate() finds, for each goal (the callee's parameters), an
// expression over the bindings in scope (the caller's parameters), by
// torchgen's rules (torchgen/api/translate.py):
//
//   goal `int64_t dim`, binding `c10::SymInt dim`
//     -> `dim.guard_int(__FILE__, __LINE__)`
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_CPPAPI_TRANSLATE_H
#define OPGEN_CPPAPI_TRANSLATE_H

#include "opgen/CppApi/CppTypes.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace opgen {

/// An expression with the C++ type it provides.
struct Expr {
  std::string Text;
  NamedCType Type;
};

/// One expression per goal, in the goals' order; an error (listing what was
/// in scope) when a goal cannot be made from the bindings. \p Method adds the
/// implicit `self` of a Tensor method.
llvm::Expected<std::vector<std::string>>
translate(const std::vector<Expr> &Bindings,
          const std::vector<NamedCType> &Goals, bool Method = false,
          bool AllowExpensiveConversions = false);

/// The same with bindings and goals given as function parameters.
llvm::Expected<std::vector<std::string>>
translate(const std::vector<Binding> &Bindings,
          const std::vector<Binding> &Goals, bool Method = false);

} // namespace opgen

#endif // OPGEN_CPPAPI_TRANSLATE_H
