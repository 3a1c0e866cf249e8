//===- PythonTables.cpp - Tables out of torchgen's Python modules ---------===//
//
// Three steps: the module's text into tokens (Python's rules for strings,
// comments, brackets and line joining, so that code in triple-quoted
// strings is never taken for statements), the tokens into top-level
// statements (a line at column 0 and the indented lines after it), and, for
// a table asked for, the statements that make or change it and what they
// read, run in file order (PythonEval.cpp).
//
//===----------------------------------------------------------------------===//

#include "PythonTablesImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace opgen;
using namespace opgen::pytables;
using namespace llvm;

StringRef PyObject::describe() const {
  switch (K) {
  case None:
    return "None";
  case Bool:
    return "a boolean";
  case Int:
    return "a number";
  case Str:
    return "a string";
  case List:
    return "a list";
  case Tuple:
    return "a tuple";
  case Set:
    return "a set";
  case Dict:
    return "a dict";
  }
  return "a value";
}

bool opgen::pyEquals(const PyObject &A, const PyObject &B) {
  if (A.K != B.K)
    return false;
  switch (A.K) {
  case PyObject::None:
    return true;
  case PyObject::Bool:
    return A.B == B.B;
  case PyObject::Int:
  case PyObject::Str:
    return A.S == B.S;
  case PyObject::Tuple:
  case PyObject::List:
    if (A.Items.size() != B.Items.size())
      return false;
    for (size_t I = 0; I != A.Items.size(); ++I)
      if (!pyEquals(*A.Items[I], *B.Items[I]))
        return false;
    return true;
  default:
    return &A == &B;
  }
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

namespace {

bool isNameStart(char C) {
  return isAlpha(C) || C == '_' || static_cast<unsigned char>(C) >= 0x80;
}
bool isNameChar(char C) { return isNameStart(C) || isDigit(C); }

class Lexer {
public:
  Lexer(StringRef Buf, DiagnosticEngine &D) : Buf(Buf), D(D) {}
  bool run(std::vector<Token> &Out);

private:
  SMLoc loc(size_t At) const { return SMLoc::getFromPointer(Buf.data() + At); }
  bool lexString(size_t Start, size_t QuoteAt, Token &T);

  StringRef Buf;
  DiagnosticEngine &D;
  size_t Pos = 0;
};

bool Lexer::lexString(size_t Start, size_t QuoteAt, Token &T) {
  std::string P = Buf.slice(Start, QuoteAt).lower();
  T.Kind = Tok::String;
  T.Raw = StringRef(P).contains('r');
  T.Special = StringRef(P).contains('f') || StringRef(P).contains('b');
  char Q = Buf[QuoteAt];
  bool Triple = Buf.substr(QuoteAt).startswith(std::string(3, Q));
  size_t I = QuoteAt + (Triple ? 3 : 1);
  std::string V;
  while (true) {
    if (I >= Buf.size() || (!Triple && Buf[I] == '\n')) {
      D.error(T.Loc, "this string is never closed");
      return false;
    }
    char C = Buf[I];
    if (C == Q && (!Triple || Buf.substr(I).startswith(std::string(3, Q)))) {
      I += Triple ? 3 : 1;
      break;
    }
    if (C != '\\') {
      V += C;
      ++I;
      continue;
    }
    char E = I + 1 < Buf.size() ? Buf[I + 1] : '\0';
    if (T.Raw) {
      // A raw string keeps the backslash; it still cannot end the string.
      V += C;
      if (E)
        V += E;
      I += 2;
      continue;
    }
    I += 2;
    switch (E) {
    case '\n':
      break; // a line continuation inside the string
    case '\\':
    case '\'':
    case '"':
      V += E;
      break;
    case 'n':
      V += '\n';
      break;
    case 't':
      V += '\t';
      break;
    case 'r':
      V += '\r';
      break;
    case 'a':
      V += '\a';
      break;
    case 'b':
      V += '\b';
      break;
    case 'f':
      V += '\f';
      break;
    case 'v':
      V += '\v';
      break;
    case 'x': {
      unsigned N = 0;
      if (I + 2 <= Buf.size() && !Buf.substr(I, 2).getAsInteger(16, N)) {
        V += static_cast<char>(N);
        I += 2;
      } else {
        D.error(loc(I - 2), "a `\\x` escape needs two hexadecimal digits");
        return false;
      }
      break;
    }
    default:
      if (E >= '0' && E <= '7') {
        unsigned N = E - '0';
        for (int K = 0;
             K < 2 && I < Buf.size() && Buf[I] >= '0' && Buf[I] <= '7'; ++K)
          N = N * 8 + (Buf[I++] - '0');
        V += static_cast<char>(N);
      } else if (E == 'N' || E == 'u' || E == 'U') {
        // Unicode escapes: a table that needs them is reported when read.
        T.Special = true;
        V += '\\';
        V += E;
      } else {
        // Python keeps an unknown escape as written.
        V += '\\';
        if (E)
          V += E;
      }
    }
  }
  T.Value = std::move(V);
  T.Text = Buf.slice(Start, I);
  Pos = I;
  return true;
}

bool Lexer::run(std::vector<Token> &Out) {
  unsigned Depth = 0;
  bool LineStart = true;
  size_t LineBegin = 0;
  while (true) {
    // Whitespace, comments, line joining.
    while (Pos < Buf.size()) {
      char C = Buf[Pos];
      if (C == '#') {
        Pos = std::min(Buf.find('\n', Pos), Buf.size());
        continue;
      }
      if (C == '\\' && Pos + 1 < Buf.size() && Buf[Pos + 1] == '\n') {
        Pos += 2;
        continue;
      }
      if (C == '\n') {
        ++Pos;
        if (!Depth && !LineStart) {
          Token T;
          T.Kind = Tok::Newline;
          T.Loc = loc(Pos - 1);
          Out.push_back(T);
          LineStart = true;
        }
        if (LineStart)
          LineBegin = Pos;
        continue;
      }
      if (C == ' ' || C == '\t' || C == '\r' || C == '\f') {
        ++Pos;
        continue;
      }
      break;
    }
    if (Pos >= Buf.size()) {
      if (!LineStart) {
        Token T;
        T.Kind = Tok::Newline;
        T.Loc = loc(Buf.size());
        Out.push_back(T);
      }
      Token T;
      T.Kind = Tok::End;
      T.Loc = loc(Buf.size());
      Out.push_back(T);
      return true;
    }
    Token T;
    size_t Start = Pos;
    T.Loc = loc(Start);
    if (LineStart) {
      T.FirstOnLine = true;
      T.Indent = static_cast<unsigned>(Start - LineBegin);
      LineStart = false;
    }
    char C = Buf[Pos];
    if (isNameStart(C)) {
      while (Pos < Buf.size() && isNameChar(Buf[Pos]))
        ++Pos;
      if (Pos < Buf.size() && (Buf[Pos] == '"' || Buf[Pos] == '\'') &&
          Pos - Start <= 2 && all_of(Buf.slice(Start, Pos).lower(), [](char P) {
            return P == 'r' || P == 'b' || P == 'u' || P == 'f';
          })) {
        if (!lexString(Start, Pos, T))
          return false;
        Out.push_back(std::move(T));
        continue;
      }
      T.Kind = Tok::Name;
    } else if (C == '"' || C == '\'') {
      if (!lexString(Start, Pos, T))
        return false;
      Out.push_back(std::move(T));
      continue;
    } else if (isDigit(C) ||
               (C == '.' && Pos + 1 < Buf.size() && isDigit(Buf[Pos + 1]))) {
      while (Pos < Buf.size() &&
             (isAlnum(Buf[Pos]) || Buf[Pos] == '_' || Buf[Pos] == '.' ||
              ((Buf[Pos] == '+' || Buf[Pos] == '-') &&
               (Buf[Pos - 1] == 'e' || Buf[Pos - 1] == 'E'))))
        ++Pos;
      T.Kind = Tok::Number;
    } else {
      static const char *const Multi[] = {
          "**=", "//=", ">>=", "<<=", "...", "**", "//", "<<",
          ">>",  "<=",  ">=",  "==",  "!=",  "->", ":=", "|=",
          "&=",  "-=",  "+=",  "*=",  "/=",  "%=", "^=", "@="};
      size_t Len = 0;
      for (const char *M : Multi)
        if (Buf.substr(Pos).startswith(M)) {
          Len = strlen(M);
          break;
        }
      if (!Len) {
        if (!strchr("()[]{},:.;@=+-*/%&|^~<>!", C)) {
          D.error(T.Loc, "unexpected character `" + Buf.substr(Pos, 1) +
                             "` in a Python module");
          return false;
        }
        Len = 1;
      }
      Pos += Len;
      T.Kind = Tok::Op;
      if (Len == 1 && strchr("([{", C))
        ++Depth;
      else if (Len == 1 && strchr(")]}", C) && Depth)
        --Depth;
    }
    T.Text = Buf.slice(Start, Pos);
    Out.push_back(std::move(T));
  }
}

} // namespace

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

size_t pytables::skipGroup(const std::vector<Token> &T, size_t I, size_t E) {
  unsigned Depth = 0;
  for (; I < E; ++I) {
    if (T[I].isOneOf("([{"))
      ++Depth;
    else if (T[I].isOneOf(")]}") && --Depth == 0)
      return I;
  }
  return E;
}

namespace {

bool isKeyword(StringRef S) {
  static const StringRef Keywords[] = {
      "False",  "None",   "True",    "and",      "as",       "assert", "async",
      "await",  "break",  "class",   "continue", "def",      "del",    "elif",
      "else",   "except", "finally", "for",      "from",     "global", "if",
      "import", "in",     "is",      "lambda",   "nonlocal", "not",    "or",
      "pass",   "raise",  "return",  "try",      "while",    "with",   "yield"};
  return is_contained(Keywords, S);
}

} // namespace

void pytables::collectNames(const std::vector<Token> &T, size_t B, size_t E,
                            std::vector<std::string> &Out) {
  for (size_t I = B; I < E; ++I)
    if (T[I].Kind == Tok::Name && !isKeyword(T[I].Text) &&
        !(I > B && T[I - 1].is(".")) &&
        !(I + 1 < E && T[I + 1].is("=") && I > B &&
          (T[I - 1].is("(") || T[I - 1].is(","))))
      Out.push_back(T[I].Text.str());
}

void pytables::ModuleImpl::splitStatements() {
  size_t I = 0, N = Toks.size();
  while (I < N && Toks[I].Kind != Tok::End) {
    // A logical line at column 0, then the lines indented under it.
    size_t HeadEnd = I;
    while (Toks[HeadEnd].Kind != Tok::Newline && Toks[HeadEnd].Kind != Tok::End)
      ++HeadEnd;
    Statement S;
    S.B = I;
    S.HeadEnd = HeadEnd;
    size_t J = HeadEnd < N && Toks[HeadEnd].Kind == Tok::Newline ? HeadEnd + 1
                                                                 : HeadEnd;
    while (J < N && Toks[J].Kind != Tok::End && Toks[J].FirstOnLine &&
           Toks[J].Indent > 0) {
      size_t L = J;
      while (Toks[L].Kind != Tok::Newline && Toks[L].Kind != Tok::End)
        ++L;
      S.Body.push_back({J, L});
      J = L < N && Toks[L].Kind == Tok::Newline ? L + 1 : L;
    }
    S.E = J;
    classify(S);
    Statements.push_back(std::move(S));
    I = J;
  }
}

void pytables::ModuleImpl::classify(Statement &S) {
  const std::vector<Token> &T = Toks;
  size_t B = S.B, E = S.HeadEnd;
  if (B >= E)
    return;
  auto Bind = [&](StringRef Name) { S.Binds.push_back(Name.str()); };
  const Token &First = T[B];
  if (First.Kind != Tok::Name)
    return;
  StringRef W = First.Text;
  if (W == "from") {
    // from .module import a, b as c   /   from x import ...
    bool Relative = B + 1 < E && T[B + 1].is(".");
    size_t Imp = B + 1;
    while (Imp < E && !(T[Imp].Kind == Tok::Name && T[Imp].Text == "import"))
      ++Imp;
    if (Relative && Imp == B + 3 && T[B + 2].Kind == Tok::Name) {
      S.K = Statement::Import;
      S.Module = T[B + 2].Text.str() + ".py";
    } else {
      S.K = Statement::ForeignImport;
    }
    for (size_t I = Imp + 1; I < E; ++I) {
      if (T[I].Kind != Tok::Name)
        continue;
      StringRef Name = T[I].Text, Alias = Name;
      if (I + 2 < E && T[I + 1].Kind == Tok::Name && T[I + 1].Text == "as" &&
          T[I + 2].Kind == Tok::Name) {
        Alias = T[I + 2].Text;
        I += 2;
      }
      S.Imports.push_back({Name.str(), Alias.str()});
      Bind(Alias);
    }
    return;
  }
  if (W == "import") {
    S.K = Statement::ForeignImport;
    for (size_t I = B + 1; I < E; ++I)
      if (T[I].Kind == Tok::Name &&
          (I == B + 1 || T[I - 1].is(",") ||
           (T[I - 1].Kind == Tok::Name && T[I - 1].Text == "as")))
        Bind(T[I].Text);
    return;
  }
  if (W == "def" || W == "class") {
    if (B + 1 < E && T[B + 1].Kind == Tok::Name)
      Bind(T[B + 1].Text);
    return;
  }
  if (W == "for") {
    // for NAME in EXPR:   with simple statements in its body
    if (B + 3 < E && T[B + 1].Kind == Tok::Name && T[B + 2].Kind == Tok::Name &&
        T[B + 2].Text == "in" && T[E - 1].is(":") && !S.Body.empty()) {
      S.K = Statement::For;
      S.Target = T[B + 1].Text.str();
      S.ExprB = B + 3;
      S.ExprE = E - 1;
      Bind(S.Target);
      for (auto [LB, LE] : S.Body) {
        if (T[LB].Kind == Tok::Name)
          Bind(T[LB].Text);
      }
    } else {
      S.K = Statement::Other;
      for (size_t I = B + 1;
           I < E && !(T[I].Kind == Tok::Name && T[I].Text == "in"); ++I)
        if (T[I].Kind == Tok::Name)
          Bind(T[I].Text);
    }
    return;
  }
  if (isKeyword(W))
    return; // if/try/with/...: nothing a table reader follows
  // NAME = ..., NAME: T = ..., NAME op= ..., NAME[...] = ..., NAME.m(...)
  if (B + 1 >= E)
    return;
  const Token &Second = T[B + 1];
  if (Second.is("=") || Second.is(":")) {
    // Targets: NAME (= NAME)* = EXPR, or NAME: ANNOTATION [= EXPR].
    size_t I = B;
    if (Second.is(":")) {
      Bind(W);
      S.Targets.push_back(W.str());
      size_t Eq = B + 2;
      while (Eq < E && !T[Eq].is("=")) {
        if (T[Eq].isOneOf("([{"))
          Eq = skipGroup(T, Eq, E);
        ++Eq;
      }
      if (Eq >= E) {
        S.K = Statement::Annotation;
        return;
      }
      S.K = Statement::Assign;
      S.ExprB = Eq + 1;
      S.ExprE = E;
      return;
    }
    while (I + 1 < E && T[I].Kind == Tok::Name && T[I + 1].is("=")) {
      S.Targets.push_back(T[I].Text.str());
      Bind(T[I].Text);
      I += 2;
    }
    S.K = Statement::Assign;
    S.ExprB = I;
    S.ExprE = E;
    return;
  }
  if (Second.isOneOf4("|=", "+=", "-=", "&=")) {
    S.K = Statement::AugAssign;
    S.Targets.push_back(W.str());
    Bind(W);
    S.ExprB = B + 2;
    S.ExprE = E;
    return;
  }
  if (Second.is("[") || Second.is(".")) {
    // A change to an object: d[k] = v, x.update(...), ...
    S.K = Statement::Mutate;
    S.Targets.push_back(W.str());
    Bind(W);
    S.ExprB = B;
    S.ExprE = E;
    return;
  }
  // A tuple target (`a, b = ...`) or an expression: what it binds is not
  // followed.
  for (size_t I = B; I < E && !T[I].is("="); ++I)
    if (T[I].Kind == Tok::Name && (I == B || T[I - 1].is(",")))
      Bind(T[I].Text);
}

//===----------------------------------------------------------------------===//
// Modules
//===----------------------------------------------------------------------===//

PythonTables::PythonTables(Context &Ctx,
                           std::function<unsigned(StringRef)> Load)
    : Ctx(Ctx), Load(std::move(Load)) {}

PythonTables::~PythonTables() = default;

PythonTables::Module *PythonTables::getModule(StringRef File) {
  auto [It, Inserted] = Modules.try_emplace(File);
  if (!Inserted)
    return It->second.get();
  unsigned Buf = Load(File);
  if (!Buf)
    return nullptr;
  auto M = std::make_unique<Module>(Ctx, *this, File.str(), Buf);
  if (!M->parse())
    return nullptr;
  It->second = std::move(M);
  return It->second.get();
}

PyRef PythonTables::get(StringRef File, StringRef Name) {
  Module *M = getModule(File);
  return M ? M->get(Name) : nullptr;
}

PythonTables::Module::Module(Context &Ctx, PythonTables &Owner,
                             std::string File, unsigned Buffer)
    : ModuleImpl(Ctx, Owner, std::move(File), Buffer) {}

bool pytables::ModuleImpl::parse() {
  StringRef Text = Ctx.getSourceMgr().getMemoryBuffer(Buffer)->getBuffer();
  Lexer L(Text, Ctx.getDiags());
  if (!L.run(Toks))
    return false;
  splitStatements();
  return true;
}
