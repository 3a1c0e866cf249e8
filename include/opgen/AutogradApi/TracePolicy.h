//===- TracePolicy.h - Which functions the JIT tracer records ---*- C++ -*-===//
//
// gen_trace_type.py's should_trace, which TraceType's kernels and the Python
// bindings (a binding is traceable only if all its overloads are) both ask.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_AUTOGRADAPI_TRACEPOLICY_H
#define OPGEN_AUTOGRADAPI_TRACEPOLICY_H

#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/NativeFunction.h"

namespace opgen {

/// should_trace: not for Storage arguments, nor for functions returning no
/// tensor, nor for DONT_RECORD_TRACE's.
bool shouldTrace(const NativeFunction &F, const AutogradTables &Tables);

} // namespace opgen

#endif // OPGEN_AUTOGRADAPI_TRACEPOLICY_H
