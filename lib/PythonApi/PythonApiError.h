//===- PythonApiError.h - The Python API model's errors ---------*- C++ -*-===//
//
// Private to PythonApi: what the model reports where torchgen raises, as an
// llvm::Error its callers turn into a located diagnostic.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_PYTHONAPI_PYTHONAPIERROR_H
#define OPGEN_LIB_PYTHONAPI_PYTHONAPIERROR_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/Error.h"

namespace opgen {

inline llvm::Error pythonApiError(const llvm::Twine &Msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), Msg);
}

} // namespace opgen

#endif // OPGEN_LIB_PYTHONAPI_PYTHONAPIERROR_H
