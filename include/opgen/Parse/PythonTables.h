//===- PythonTables.h - Tables out of torchgen's Python modules --*- C++
//-*-===//
//
// torchgen keeps policy in Python: module-level tables such as
//
//   DONT_RECORD_TRACE = {"convolution", "conv1d", ...}
//   MANUAL_AUTOGRAD = MANUAL_TRACER = MANUAL_BACKEND |
//   MANUAL_AUTOGRAD_AND_TRACER RETURNS_VIEWS_OF_INPUT =
//   set(VIEW_FUNCTIONS.keys()).union({"chunk", ...}) for key in
//   VIEW_FUNCTIONS_WITH_METADATA_CHANGE:
//       VIEW_FUNCTIONS[key] = "self"
//   from .gen_inplace_or_view_type import VIEW_FUNCTIONS
//
// in files that are otherwise ordinary code. opgen does not run Python: it
// tokenizes a module as Python does, finds the top-level statements that
// make or change the tables asked for (and those they read), and evaluates
// just those, in file order, with Python's semantics for what they use:
// literals (strings, numbers, True/False/None, lists, tuples, sets, dicts,
// `*x` and `**x` in displays), names (shared objects, so an alias sees later
// changes), `|`, `&`, `-`, `+`, set(), frozenset(), list(), tuple(), dict(),
// sorted(), .keys(), .values(), .union(), .copy(), the statements `a = b =
// expr`, `a: T = expr`, `a |= expr`, `a[k] = v`, `a.update(...)`,
// `.add()`, `.append()`, `.extend()`, `.discard()`, `.remove()`, and a `for`
// loop over such statements, and `from .module import name` of a sibling
// module. The rest of the file (functions, classes, other globals) is
// skipped unread. A table made any other way is reported at the construct,
// naming what is supported.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_PARSE_PYTHONTABLES_H
#define OPGEN_PARSE_PYTHONTABLES_H

#include "opgen/IR/Context.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/SMLoc.h"

#include <functional>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace opgen {

/// A Python value of the kinds tables hold.
struct PyObject {
  enum Kind { None, Bool, Int, Str, List, Tuple, Set, Dict } K = None;
  /// For Bool: the value; for Int: the digits as written; for Str: the
  /// value.
  bool B = false;
  std::string S;
  /// List, Tuple and Set items (a set's in insertion order, each once).
  std::vector<std::shared_ptr<PyObject>> Items;
  /// Dict entries, in insertion order.
  std::vector<std::pair<std::shared_ptr<PyObject>, std::shared_ptr<PyObject>>>
      Entries;
  /// Where the value was made (a display's opening bracket, a literal).
  llvm::SMLoc Loc;

  /// "a string", "a dict", ...
  llvm::StringRef describe() const;
};
using PyRef = std::shared_ptr<PyObject>;

/// Python's == for the hashable values (None, bools, ints, strings,
/// tuples of them).
bool pyEquals(const PyObject &A, const PyObject &B);

/// Reads tables from the Python modules of one folder.
class PythonTables {
public:
  /// \p Load gives the buffer of a module file of the folder (`gen_x.py`),
  /// or 0 after reporting why it cannot be read.
  PythonTables(Context &Ctx, std::function<unsigned(llvm::StringRef)> Load);
  ~PythonTables();

  /// The value global \p Name has once module \p File (`gen_x.py`) has run;
  /// null after reporting why it cannot be read.
  PyRef get(llvm::StringRef File, llvm::StringRef Name);

  class Module;

private:
  Module *getModule(llvm::StringRef File);

  Context &Ctx;
  std::function<unsigned(llvm::StringRef)> Load;
  llvm::StringMap<std::unique_ptr<Module>> Modules;
};

} // namespace opgen

#endif // OPGEN_PARSE_PYTHONTABLES_H
