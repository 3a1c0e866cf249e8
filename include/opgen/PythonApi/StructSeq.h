//===- StructSeq.h - Named tuples of returns for Python ---------*- C++ -*-===//
//
// A function whose returns are all named returns a Python structseq
// (`torch.return_types.max(values=..., indices=...)`); python_return_types
// defines one type per C++ name and field list, and the bindings refer to
// it by the same key.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PYTHONAPI_STRUCTSEQ_H
#define OPGEN_PYTHONAPI_STRUCTSEQ_H

#include "opgen/IR/NativeFunction.h"

#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace opgen {

/// python.structseq_fieldnames: the return names of a function with more
/// than one return and a name for each; none when no return has a name or
/// there is only one. Some returns named and others not is an error (the
/// codegen has no unnamed fields).
llvm::Expected<std::vector<std::string>>
structseqFieldnames(const FunctionSchema &Func);

/// gen_structseq_typename_key: the C++ name and the field names, joined by
/// `_`; functions with the same key share a type.
std::string structseqTypenameKey(const NativeFunction &F,
                                 const std::vector<std::string> &Fieldnames);

} // namespace opgen

#endif // OPGEN_PYTHONAPI_STRUCTSEQ_H
