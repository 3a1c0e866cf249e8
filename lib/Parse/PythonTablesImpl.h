//===- PythonTablesImpl.h - Python tables' internals ------------*- C++ -*-===//
//
// The tokens and statements of a module (PythonTables.cpp) and their
// evaluation (PythonEval.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_LIB_PARSE_PYTHONTABLESIMPL_H
#define OPGEN_LIB_PARSE_PYTHONTABLESIMPL_H

#include "opgen/Parse/PythonTables.h"

#include "llvm/ADT/StringMap.h"

#include <cstring>
#include <string>
#include <utility>
#include <vector>

namespace opgen {
namespace pytables {

enum class Tok { Name, Number, String, Op, Newline, End };

struct Token {
  Tok Kind = Tok::End;
  llvm::StringRef Text;
  /// A string's value (escapes processed unless raw).
  std::string Value;
  llvm::SMLoc Loc;
  /// The first token of a logical line, and its column.
  bool FirstOnLine = false;
  unsigned Indent = 0;
  /// A raw string; an f-string, bytes or one with a Unicode escape (which
  /// a table may not use).
  bool Raw = false, Special = false;

  bool is(llvm::StringRef S) const { return Kind == Tok::Op && Text == S; }
  bool isOneOf(const char *Chars) const {
    return Kind == Tok::Op && Text.size() == 1 && std::strchr(Chars, Text[0]);
  }
  bool isOneOf4(llvm::StringRef A, llvm::StringRef B, llvm::StringRef C,
                llvm::StringRef D) const {
    return is(A) || is(B) || is(C) || is(D);
  }
};

/// A top-level statement: its first logical line (tokens [B, HeadEnd)) and
/// the lines indented under it.
struct Statement {
  enum Kind {
    Other,         ///< anything not followed (def, class, if, ...)
    Import,        ///< from .module import a, b as c
    ForeignImport, ///< an import from outside the folder
    Assign,        ///< a = b = EXPR, a: T = EXPR
    Annotation,    ///< a: T
    AugAssign,     ///< a |= EXPR (+=, -=, &=)
    Mutate,        ///< a[k] = v, a.update(...) (tokens [ExprB, ExprE))
    For            ///< for Target in EXPR: simple statements
  } K = Other;
  size_t B = 0, HeadEnd = 0, E = 0;
  std::vector<std::pair<size_t, size_t>> Body;
  /// The names the statement makes or changes.
  std::vector<std::string> Binds;
  std::vector<std::string> Targets;
  std::string Module, Target;
  std::vector<std::pair<std::string, std::string>> Imports;
  size_t ExprB = 0, ExprE = 0;
};

/// The index of the token closing the bracket at \p I, or \p E.
size_t skipGroup(const std::vector<Token> &T, size_t I, size_t E);

/// The names tokens [B, E) read (not attributes, keywords or keyword
/// arguments).
void collectNames(const std::vector<Token> &T, size_t B, size_t E,
                  std::vector<std::string> &Out);

class ModuleImpl {
public:
  ModuleImpl(Context &Ctx, PythonTables &Owner, std::string File,
             unsigned Buffer)
      : Ctx(Ctx), Owner(Owner), File(std::move(File)), Buffer(Buffer) {}
  bool parse();
  PyRef get(llvm::StringRef Name);

protected:
  void splitStatements();
  void classify(Statement &S);
  /// Run the statements that make \p Names (and what they read), once.
  bool run(const std::vector<std::string> &Names);
  bool exec(const Statement &S);

  Context &Ctx;
  PythonTables &Owner;
  std::string File;
  unsigned Buffer;
  std::vector<Token> Toks;
  std::vector<Statement> Statements;
  /// The globals made so far, and the statements run.
  llvm::StringMap<PyRef> Globals;
  std::vector<bool> Ran;
  /// The statements that failed (and were reported).
  std::vector<bool> Failed;
  /// Names being made (an import cycle is reported, not followed).
  llvm::StringMap<bool> InProgress;
};

} // namespace pytables
} // namespace opgen

class opgen::PythonTables::Module : public pytables::ModuleImpl {
public:
  Module(Context &Ctx, PythonTables &Owner, std::string File, unsigned Buffer);
};

#endif // OPGEN_LIB_PARSE_PYTHONTABLESIMPL_H
