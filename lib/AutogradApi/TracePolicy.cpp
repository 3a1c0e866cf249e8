//===- TracePolicy.cpp - Which functions the JIT tracer records -----------===//

#include "opgen/AutogradApi/TracePolicy.h"

#include "llvm/ADT/STLExtras.h"

using namespace opgen;
using namespace llvm;

bool opgen::shouldTrace(const NativeFunction &F, const AutogradTables &T) {
  // Storage (and Type, which no schema of the IR can name) arguments are
  // not traceable.
  for (const Argument *A : F.Func.schemaOrderArguments())
    if (A->Ty.isBase(BaseTy::Storage))
      return false;
  if (none_of(F.Func.Returns,
              [](const Return &R) { return R.Ty.isTensorLike(); }))
    return false;
  return !T.DontRecordTrace.count(F.Func.Name.Name.Base);
}
