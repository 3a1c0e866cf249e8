//===- AutogradTablesReader.h - The autograd generators' tables -*- C++ -*-===//
//
// Fills AutogradTables (IR/AutogradTables.h) from the Python modules of
// torchgen's autograd folder, as they are when imported: gen_trace_type.py,
// gen_inplace_or_view_type.py, gen_variable_type.py and
// gen_autograd_functions.py, each table from the module that defines it
// (PythonTables.h reads them). Every problem is reported at its place in the
// module; a table of the wrong shape (a set of names that is a dict, a dict
// whose values are not strings) is an error at its definition.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_AUTOGRADTABLESREADER_H
#define OPGEN_PARSE_AUTOGRADTABLESREADER_H

#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/Context.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/StringRef.h"

#include <functional>

namespace opgen {

/// Read the tables through \p Load, which gives the buffer of one module of
/// the autograd folder (`gen_trace_type.py`), or 0 after reporting why it
/// cannot be read.
LogicalResult
readAutogradTables(Context &Ctx,
                   const std::function<unsigned(llvm::StringRef)> &Load,
                   AutogradTables &Out);

/// Read gen_python_functions.py's tables through \p Load, as
/// readAutogradTables.
LogicalResult
readPythonBindingTables(Context &Ctx,
                        const std::function<unsigned(llvm::StringRef)> &Load,
                        PythonBindingTables &Out);

} // namespace opgen

#endif // OPGEN_PARSE_AUTOGRADTABLESREADER_H
