//===- PythonEval.cpp - Running the statements that make tables -----------===//
//
// For the names asked for, the statements that make or change them are
// found, with those making what they read, to a fixpoint; then exactly
// those run, in file order, from a fresh start (asking for more names later
// runs the larger set again, so that every statement sees the values it
// would see in Python). Values are shared objects, as Python's are: `a = b`
// makes one object with two names, and a later `b.update(...)` shows in
// both.
//
//===----------------------------------------------------------------------===//

#include "PythonTablesImpl.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace opgen;
using namespace opgen::pytables;
using namespace llvm;

static const char *const Supported =
    " (opgen reads tables made of literals, other tables, `|`, `&`, `-`, "
    "`+`, set(), frozenset(), list(), tuple(), dict(), sorted(), .keys(), "
    ".values(), .union(), .copy())";

namespace {

PyRef make(PyObject::Kind K, SMLoc Loc) {
  auto O = std::make_shared<PyObject>();
  O->K = K;
  O->Loc = Loc;
  return O;
}

bool hashable(const PyObject &O) {
  switch (O.K) {
  case PyObject::None:
  case PyObject::Bool:
  case PyObject::Int:
  case PyObject::Str:
    return true;
  case PyObject::Tuple:
    return all_of(O.Items, [](const PyRef &I) { return hashable(*I); });
  default:
    return false;
  }
}

bool contains(const std::vector<PyRef> &Items, const PyObject &V) {
  return any_of(Items, [&](const PyRef &I) { return pyEquals(*I, V); });
}

void setAdd(PyObject &S, PyRef V) {
  if (!contains(S.Items, *V))
    S.Items.push_back(std::move(V));
}

void dictSet(PyObject &D, PyRef K, PyRef V) {
  for (auto &[EK, EV] : D.Entries)
    if (pyEquals(*EK, *K)) {
      EV = std::move(V);
      return;
    }
  D.Entries.push_back({std::move(K), std::move(V)});
}

/// Evaluates the tokens of one expression.
class Eval {
public:
  Eval(ModuleImpl &M, DiagnosticEngine &D, const std::vector<Token> &T,
       StringMap<PyRef> &Globals, std::function<PyRef(StringRef)> Lookup)
      : D(D), T(T), Lookup(std::move(Lookup)) {}

  /// The value of tokens [B, E), or null after reporting.
  PyRef run(size_t B, size_t E) {
    P = B;
    End = E;
    PyRef V = expr();
    if (V && P < End) {
      fail(P, "unexpected `" + T[P].Text + "`");
      return nullptr;
    }
    return V;
  }

  /// The items of an iterable: a list, tuple, set, dict (its keys) or
  /// string (its characters).
  std::optional<std::vector<PyRef>> items(const PyRef &V, SMLoc Loc) {
    switch (V->K) {
    case PyObject::List:
    case PyObject::Tuple:
    case PyObject::Set:
      return V->Items;
    case PyObject::Dict: {
      std::vector<PyRef> Keys;
      for (auto &[K, _] : V->Entries)
        Keys.push_back(K);
      return Keys;
    }
    case PyObject::Str: {
      std::vector<PyRef> Chars;
      for (char C : V->S) {
        PyRef S = make(PyObject::Str, V->Loc);
        S->S = std::string(1, C);
        Chars.push_back(S);
      }
      return Chars;
    }
    default:
      D.error(Loc, V->describe() + " is not iterable");
      return std::nullopt;
    }
  }

  PyRef lookup(StringRef N) { return Lookup(N); }

  void fail(size_t At, const Twine &Msg) {
    D.error(At < T.size() ? T[At].Loc : T.back().Loc, Msg);
  }
  void unsupported(size_t At, const Twine &What) {
    fail(At, "cannot read " + What + Supported);
  }

private:
  bool at(StringRef Op) const { return P < End && T[P].is(Op); }

  PyRef expr() { return binary(0); }

  /// Python's precedence: `|` < `^` < `&` < `+`/`-`.
  PyRef binary(int Level) {
    static const char *const Ops[] = {"|", "^", "&", "+-"};
    if (Level == 4)
      return postfix();
    PyRef L = binary(Level + 1);
    while (L && P < End && T[P].Kind == Tok::Op && T[P].Text.size() == 1 &&
           strchr(Ops[Level], T[P].Text[0])) {
      size_t OpAt = P++;
      PyRef R = binary(Level + 1);
      if (!R)
        return nullptr;
      L = apply(T[OpAt].Text[0], L, R, OpAt);
    }
    return L;
  }

  PyRef apply(char Op, const PyRef &L, const PyRef &R, size_t At) {
    SMLoc Loc = T[At].Loc;
    if (Op == '+' && L->K == R->K &&
        (L->K == PyObject::List || L->K == PyObject::Tuple ||
         L->K == PyObject::Str)) {
      PyRef V = make(L->K, Loc);
      V->S = L->S + R->S;
      V->Items = L->Items;
      llvm::append_range(V->Items, R->Items);
      return V;
    }
    if (L->K == PyObject::Set && R->K == PyObject::Set) {
      PyRef V = make(PyObject::Set, Loc);
      for (const PyRef &I : L->Items) {
        bool InR = contains(R->Items, *I);
        if (Op == '|' || Op == '^' || (Op == '&' && InR) || (Op == '-' && !InR))
          if (!(Op == '^' && InR))
            V->Items.push_back(I);
      }
      if (Op == '|' || Op == '^')
        for (const PyRef &I : R->Items)
          if (!contains(L->Items, *I))
            V->Items.push_back(I);
      if (Op != '+')
        return V;
    }
    if (Op == '|' && L->K == PyObject::Dict && R->K == PyObject::Dict) {
      PyRef V = make(PyObject::Dict, Loc);
      V->Entries = L->Entries;
      for (auto &[K, Val] : R->Entries)
        dictSet(*V, K, Val);
      return V;
    }
    fail(At, "`" + T[At].Text + "` of " + L->describe() + " and " +
                 R->describe() + " is not supported");
    return nullptr;
  }

  /// Call arguments: positional only.
  std::optional<std::vector<PyRef>> args() {
    std::vector<PyRef> A;
    ++P; // (
    while (!at(")")) {
      if (P >= End) {
        fail(P, "expected `)`");
        return std::nullopt;
      }
      if (P + 1 < End && T[P].Kind == Tok::Name && T[P + 1].is("=")) {
        unsupported(P, "keyword arguments");
        return std::nullopt;
      }
      if (at("*") || at("**")) {
        unsupported(P, "`*` arguments");
        return std::nullopt;
      }
      PyRef V = expr();
      if (!V)
        return std::nullopt;
      A.push_back(V);
      if (at(","))
        ++P;
      else if (!at(")")) {
        fail(P, "expected `,` or `)`");
        return std::nullopt;
      }
    }
    ++P;
    return A;
  }

  PyRef builtin(StringRef Name, size_t At, const std::vector<PyRef> &A) {
    SMLoc Loc = T[At].Loc;
    auto Collect = [&](PyObject::Kind K) -> PyRef {
      PyRef V = make(K, Loc);
      if (A.size() > 1) {
        fail(At, Name + "() takes at most one argument here");
        return nullptr;
      }
      if (A.empty())
        return V;
      if (K == PyObject::Dict) {
        if (A[0]->K != PyObject::Dict) {
          unsupported(At, "dict() of " + A[0]->describe());
          return nullptr;
        }
        V->Entries = A[0]->Entries;
        return V;
      }
      std::optional<std::vector<PyRef>> Items = items(A[0], Loc);
      if (!Items)
        return nullptr;
      for (PyRef &I : *Items) {
        if (K == PyObject::Set) {
          if (!hashable(*I)) {
            fail(At, I->describe() + " cannot be in a set");
            return nullptr;
          }
          setAdd(*V, I);
        } else {
          V->Items.push_back(I);
        }
      }
      return V;
    };
    if (Name == "set" || Name == "frozenset")
      return Collect(PyObject::Set);
    if (Name == "list")
      return Collect(PyObject::List);
    if (Name == "tuple")
      return Collect(PyObject::Tuple);
    if (Name == "dict")
      return Collect(PyObject::Dict);
    if (Name == "sorted") {
      PyRef V = Collect(PyObject::List);
      if (!V)
        return nullptr;
      if (!all_of(V->Items,
                  [](const PyRef &I) { return I->K == PyObject::Str; })) {
        unsupported(At, "sorted() of anything but strings");
        return nullptr;
      }
      llvm::stable_sort(
          V->Items, [](const PyRef &X, const PyRef &Y) { return X->S < Y->S; });
      return V;
    }
    unsupported(At, "a call of `" + Name + "`");
    return nullptr;
  }

  PyRef method(PyRef Obj, StringRef Name, size_t At,
               const std::vector<PyRef> &A) {
    SMLoc Loc = T[At].Loc;
    if (Obj->K == PyObject::Dict && A.empty() &&
        (Name == "keys" || Name == "values")) {
      PyRef V = make(Name == "keys" ? PyObject::Set : PyObject::List, Loc);
      for (auto &[K, Val] : Obj->Entries)
        V->Items.push_back(Name == "keys" ? K : Val);
      return V;
    }
    if (Name == "copy" && A.empty() &&
        (Obj->K == PyObject::Dict || Obj->K == PyObject::Set ||
         Obj->K == PyObject::List)) {
      PyRef V = make(Obj->K, Loc);
      V->Items = Obj->Items;
      V->Entries = Obj->Entries;
      return V;
    }
    if (Name == "union" && Obj->K == PyObject::Set) {
      PyRef V = make(PyObject::Set, Loc);
      V->Items = Obj->Items;
      for (const PyRef &Arg : A) {
        std::optional<std::vector<PyRef>> Items = items(Arg, Loc);
        if (!Items)
          return nullptr;
        for (PyRef &I : *Items)
          setAdd(*V, I);
      }
      return V;
    }
    unsupported(At, "`." + Name + "()` of " + Obj->describe());
    return nullptr;
  }

  PyRef postfix() {
    size_t Start = P;
    PyRef V = atom();
    while (V && P < End) {
      if (at(".") && P + 2 < End && T[P + 1].Kind == Tok::Name &&
          T[P + 2].is("(")) {
        size_t NameAt = P + 1;
        P += 2;
        std::optional<std::vector<PyRef>> A = args();
        if (!A)
          return nullptr;
        V = method(V, T[NameAt].Text, NameAt, *A);
        continue;
      }
      if (at(".")) {
        unsupported(P, "attributes");
        return nullptr;
      }
      if (at("[")) {
        size_t At = P++;
        PyRef Key = expr();
        if (!Key)
          return nullptr;
        if (!at("]")) {
          fail(P, "expected `]`");
          return nullptr;
        }
        ++P;
        if (V->K != PyObject::Dict) {
          unsupported(At, "indexing " + V->describe());
          return nullptr;
        }
        PyRef Found;
        for (auto &[K, Val] : V->Entries)
          if (pyEquals(*K, *Key))
            Found = Val;
        if (!Found) {
          fail(At, "the dict has no such key");
          return nullptr;
        }
        V = Found;
        continue;
      }
      if (at("(")) {
        unsupported(P, "calling " + V->describe());
        return nullptr;
      }
      break;
    }
    (void)Start;
    return V;
  }

  /// A display's items: `[a, *b]`, `{a, b}`, `{k: v, **d}`, `(a, b)`.
  PyRef display() {
    size_t OpenAt = P;
    char Open = T[P].Text[0];
    char Close = Open == '(' ? ')' : Open == '[' ? ']' : '}';
    ++P;
    SMLoc Loc = T[OpenAt].Loc;
    PyObject::Kind K = Open == '[' ? PyObject::List : PyObject::Tuple;
    bool Decided = Open != '{';
    bool SawComma = false;
    PyRef V = make(K, Loc);
    std::string CloseText(1, Close);
    while (!at(CloseText)) {
      if (P >= End) {
        fail(OpenAt, "this `" + StringRef(&Open, 1) + "` is never closed");
        return nullptr;
      }
      if (T[P].Kind == Tok::Name && T[P].Text == "for") {
        unsupported(P, "comprehensions");
        return nullptr;
      }
      if (at("**")) {
        size_t At = P++;
        if (!Decided) {
          V->K = PyObject::Dict;
          Decided = true;
        }
        PyRef X = binary(0);
        if (!X)
          return nullptr;
        if (V->K != PyObject::Dict || X->K != PyObject::Dict) {
          fail(At, "`**` needs a dict in a dict display");
          return nullptr;
        }
        for (auto &[Key, Val] : X->Entries)
          dictSet(*V, Key, Val);
      } else if (at("*")) {
        size_t At = P++;
        if (!Decided) {
          V->K = PyObject::Set;
          Decided = true;
        }
        PyRef X = binary(0);
        if (!X)
          return nullptr;
        if (V->K == PyObject::Dict) {
          fail(At, "`*` in a dict display");
          return nullptr;
        }
        std::optional<std::vector<PyRef>> Items = items(X, T[At].Loc);
        if (!Items)
          return nullptr;
        for (PyRef &I : *Items)
          if (!add(*V, I, At))
            return nullptr;
      } else {
        size_t At = P;
        PyRef X = expr();
        if (!X)
          return nullptr;
        if (at(":") && Open == '{') {
          if (!Decided) {
            V->K = PyObject::Dict;
            Decided = true;
          }
          if (V->K != PyObject::Dict) {
            fail(P, "unexpected `:` in a set display");
            return nullptr;
          }
          ++P;
          PyRef Val = expr();
          if (!Val)
            return nullptr;
          if (!hashable(*X)) {
            fail(At, X->describe() + " cannot be a dict key");
            return nullptr;
          }
          dictSet(*V, X, Val);
        } else {
          if (!Decided) {
            V->K = PyObject::Set;
            Decided = true;
          }
          if (V->K == PyObject::Dict) {
            fail(P, "expected `:` in a dict display");
            return nullptr;
          }
          if (!add(*V, X, At))
            return nullptr;
        }
      }
      if (at(",")) {
        ++P;
        SawComma = true;
      } else if (!at(CloseText)) {
        fail(P, "expected `,` or `" + CloseText + "`");
        return nullptr;
      }
    }
    ++P;
    if (Open == '{' && !Decided)
      V->K = PyObject::Dict; // `{}` is an empty dict
    if (Open == '(' && !SawComma && V->Items.size() == 1)
      return V->Items[0]; // parentheses, not a tuple
    return V;
  }

  bool add(PyObject &V, PyRef X, size_t At) {
    if (V.K == PyObject::Set) {
      if (!hashable(*X)) {
        fail(At, X->describe() + " cannot be in a set");
        return false;
      }
      setAdd(V, std::move(X));
    } else {
      V.Items.push_back(std::move(X));
    }
    return true;
  }

  PyRef atom() {
    if (P >= End) {
      fail(P, "expected a value");
      return nullptr;
    }
    const Token &Tk = T[P];
    if (Tk.Kind == Tok::String) {
      PyRef V = make(PyObject::Str, Tk.Loc);
      // Adjacent literals are one string.
      while (P < End && T[P].Kind == Tok::String) {
        if (T[P].Special) {
          unsupported(P, "f-strings, bytes and Unicode escapes");
          return nullptr;
        }
        V->S += T[P].Value;
        ++P;
      }
      return V;
    }
    if (Tk.Kind == Tok::Number) {
      PyRef V = make(PyObject::Int, Tk.Loc);
      V->S = Tk.Text.str();
      ++P;
      return V;
    }
    if (Tk.isOneOf("([{"))
      return display();
    if (Tk.Kind == Tok::Name) {
      size_t At = P++;
      StringRef N = Tk.Text;
      if (N == "True" || N == "False") {
        PyRef V = make(PyObject::Bool, Tk.Loc);
        V->B = N == "True";
        return V;
      }
      if (N == "None")
        return make(PyObject::None, Tk.Loc);
      if (at("(") &&
          is_contained(ArrayRef<StringRef>{"set", "frozenset", "list", "tuple",
                                           "dict", "sorted"},
                       N)) {
        if (PyRef Bound = Lookup(N))
          (void)Bound; // a global shadowing a builtin is not supported
        std::optional<std::vector<PyRef>> A = args();
        if (!A)
          return nullptr;
        return builtin(N, At, *A);
      }
      static const StringRef Unsupported[] = {"lambda", "not", "if", "await",
                                              "yield"};
      if (is_contained(Unsupported, N)) {
        unsupported(At, "`" + N + "`");
        return nullptr;
      }
      if (PyRef V = Lookup(N))
        return V;
      fail(At, "`" + N + "` is not defined before this statement");
      return nullptr;
    }
    unsupported(P, "`" + Tk.Text + "`");
    return nullptr;
  }

  DiagnosticEngine &D;
  const std::vector<Token> &T;
  std::function<PyRef(StringRef)> Lookup;
  size_t P = 0, End = 0;
};

/// `NAME[KEY] = VALUE` or `NAME.method(ARGS)` in tokens [B, E).
bool mutate(const std::vector<Token> &T, size_t B, size_t E, Eval &Ev) {
  if (B + 1 >= E || T[B].Kind != Tok::Name) {
    Ev.unsupported(B, "this statement");
    return false;
  }
  PyRef Obj = Ev.lookup(T[B].Text);
  if (!Obj) {
    Ev.fail(B, "`" + T[B].Text + "` is not defined before this statement");
    return false;
  }
  if (T[B + 1].is("[")) {
    size_t Close = skipGroup(T, B + 1, E);
    if (Close + 1 >= E || !T[Close + 1].is("=")) {
      Ev.unsupported(B, "this statement");
      return false;
    }
    if (Obj->K != PyObject::Dict) {
      Ev.unsupported(B + 1, "item assignment to " + Obj->describe());
      return false;
    }
    PyRef Key = Ev.run(B + 2, Close);
    if (!Key)
      return false;
    PyRef Val = Ev.run(Close + 2, E);
    if (!Val)
      return false;
    if (!hashable(*Key)) {
      Ev.fail(B + 2, Key->describe() + " cannot be a dict key");
      return false;
    }
    dictSet(*Obj, Key, Val);
    return true;
  }
  // NAME . METHOD ( ARGS )
  if (!(B + 3 < E && T[B + 1].is(".") && T[B + 2].Kind == Tok::Name &&
        T[B + 3].is("(") && skipGroup(T, B + 3, E) == E - 1)) {
    Ev.unsupported(B, "this statement");
    return false;
  }
  StringRef M = T[B + 2].Text;
  std::vector<PyRef> Args;
  for (size_t I = B + 4; I < E - 1;) {
    size_t J = I;
    while (J < E - 1 && !T[J].is(",")) {
      if (T[J].isOneOf("([{"))
        J = skipGroup(T, J, E - 1);
      ++J;
    }
    PyRef A = Ev.run(I, J);
    if (!A)
      return false;
    Args.push_back(A);
    I = J + 1;
  }
  SMLoc Loc = T[B + 2].Loc;
  auto Items = [&](const PyRef &A) { return Ev.items(A, Loc); };
  if (Obj->K == PyObject::Set) {
    if ((M == "add" || M == "discard" || M == "remove") && Args.size() == 1) {
      if (!hashable(*Args[0])) {
        Ev.fail(B + 2, Args[0]->describe() + " cannot be in a set");
        return false;
      }
      if (M == "add") {
        setAdd(*Obj, Args[0]);
        return true;
      }
      auto It = llvm::find_if(
          Obj->Items, [&](const PyRef &I) { return pyEquals(*I, *Args[0]); });
      if (It == Obj->Items.end()) {
        if (M == "remove") {
          Ev.fail(B + 2, "remove() of a value the set does not hold");
          return false;
        }
        return true;
      }
      Obj->Items.erase(It);
      return true;
    }
    if (M == "update") {
      for (const PyRef &A : Args) {
        std::optional<std::vector<PyRef>> L = Items(A);
        if (!L)
          return false;
        for (const PyRef &I : *L) {
          if (!hashable(*I)) {
            Ev.fail(B + 2, I->describe() + " cannot be in a set");
            return false;
          }
          setAdd(*Obj, I);
        }
      }
      return true;
    }
  }
  if (Obj->K == PyObject::Dict && M == "update" && Args.size() == 1 &&
      Args[0]->K == PyObject::Dict) {
    for (auto &[K, V] : Args[0]->Entries)
      dictSet(*Obj, K, V);
    return true;
  }
  if (Obj->K == PyObject::List && Args.size() == 1 &&
      (M == "append" || M == "extend")) {
    if (M == "append") {
      Obj->Items.push_back(Args[0]);
      return true;
    }
    std::optional<std::vector<PyRef>> L = Items(Args[0]);
    if (!L)
      return false;
    llvm::append_range(Obj->Items, *L);
    return true;
  }
  Ev.unsupported(B + 2, "`." + M + "()` of " + Obj->describe());
  return false;
}

} // namespace

PyRef ModuleImpl::get(StringRef Name) {
  if (InProgress.lookup(Name)) {
    Ctx.getDiags().error(
        SMLoc::getFromPointer(
            Ctx.getSourceMgr().getMemoryBuffer(Buffer)->getBufferStart()),
        "`" + Name + "` in " + File + " depends on itself through imports");
    return nullptr;
  }
  InProgress[Name] = true;
  bool Ok = run({Name.str()});
  InProgress[Name] = false;
  if (!Ok)
    return nullptr;
  PyRef V = Globals.lookup(Name);
  if (!V)
    Ctx.getDiags().fileError(
        Ctx.getSourceMgr().getMemoryBuffer(Buffer)->getBufferIdentifier(),
        "defines no `" + Name + "` (a table torchgen's generators read)");
  return V;
}

bool ModuleImpl::run(const std::vector<std::string> &Names) {
  static const StringRef Builtins[] = {"set",   "frozenset", "list",
                                       "tuple", "dict",      "sorted"};
  // The statements the names need, to a fixpoint.
  StringSet<> Needed;
  for (const std::string &N : Names)
    Needed.insert(N);
  std::vector<bool> Closure(Statements.size(), false);
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (size_t I = 0; I != Statements.size(); ++I) {
      const Statement &S = Statements[I];
      if (Closure[I] || none_of(S.Binds, [&](const std::string &B) {
            return Needed.count(B);
          }))
        continue;
      Closure[I] = Changed = true;
      std::vector<std::string> Reads;
      if (S.K == Statement::Assign || S.K == Statement::AugAssign ||
          S.K == Statement::Mutate || S.K == Statement::For)
        collectNames(Toks, S.ExprB, S.ExprE, Reads);
      if (S.K == Statement::AugAssign)
        Reads.push_back(S.Targets[0]);
      for (auto [LB, LE] : S.Body)
        collectNames(Toks, LB, LE, Reads);
      for (const std::string &R : Reads)
        if (!is_contained(Builtins, R))
          Needed.insert(R);
    }
  }
  bool AllRan = Ran.size() == Statements.size();
  for (size_t I = 0; AllRan && I != Statements.size(); ++I)
    AllRan = !Closure[I] || Ran[I];
  if (AllRan)
    return true;
  // Union with what ran before, from a fresh start.
  for (size_t I = 0; I != Ran.size(); ++I)
    Closure[I] = Closure[I] || Ran[I];
  Globals.clear();
  Ran = Closure;
  Failed.resize(Statements.size(), false);
  for (size_t I = 0; I != Statements.size(); ++I) {
    if (!Closure[I])
      continue;
    // A statement that failed was reported when it first ran; a later
    // table needing it fails too, without saying so again.
    if (Failed[I] || !exec(Statements[I])) {
      Failed[I] = true;
      return false;
    }
  }
  return true;
}

bool ModuleImpl::exec(const Statement &S) {
  DiagnosticEngine &D = Ctx.getDiags();
  StringMap<PyRef> Locals;
  Eval E(*this, D, Toks, Globals, [&](StringRef N) -> PyRef {
    if (PyRef V = Locals.lookup(N))
      return V;
    return Globals.lookup(N);
  });
  switch (S.K) {
  case Statement::Import:
    for (const auto &[Name, Alias] : S.Imports) {
      PyRef V = Owner.get(S.Module, Name);
      if (!V) {
        D.note(Toks[S.B].Loc,
               "`" + Name + "` is imported from " + S.Module + " here");
        return false;
      }
      Globals[Alias] = V;
    }
    return true;
  case Statement::Annotation:
    return true;
  case Statement::Assign: {
    PyRef V = E.run(S.ExprB, S.ExprE);
    if (!V)
      return false;
    for (const std::string &Tgt : S.Targets)
      Globals[Tgt] = V;
    return true;
  }
  case Statement::AugAssign: {
    PyRef Cur = Globals.lookup(S.Targets[0]);
    if (!Cur) {
      E.fail(S.B, "`" + S.Targets[0] +
                      "` is not defined before this "
                      "statement");
      return false;
    }
    PyRef R = E.run(S.ExprB, S.ExprE);
    if (!R)
      return false;
    StringRef Op = Toks[S.B + 1].Text;
    if (Op == "|=" && Cur->K == PyObject::Set && R->K == PyObject::Set) {
      for (const PyRef &I : R->Items)
        setAdd(*Cur, I);
      return true;
    }
    if (Op == "|=" && Cur->K == PyObject::Dict && R->K == PyObject::Dict) {
      for (auto &[K, V] : R->Entries)
        dictSet(*Cur, K, V);
      return true;
    }
    if (Op == "+=" && Cur->K == PyObject::List) {
      std::optional<std::vector<PyRef>> Items = E.items(R, Toks[S.B + 1].Loc);
      if (!Items)
        return false;
      llvm::append_range(Cur->Items, *Items);
      return true;
    }
    E.unsupported(S.B + 1, "`" + Op + "` on " + Cur->describe());
    return false;
  }
  case Statement::Mutate:
    return mutate(Toks, S.ExprB, S.ExprE, E);
  case Statement::For: {
    PyRef Iter = E.run(S.ExprB, S.ExprE);
    if (!Iter)
      return false;
    std::optional<std::vector<PyRef>> Items = E.items(Iter, Toks[S.ExprB].Loc);
    if (!Items)
      return false;
    for (const PyRef &I : *Items) {
      Locals[S.Target] = I;
      for (auto [LB, LE] : S.Body)
        if (!mutate(Toks, LB, LE, E))
          return false;
    }
    // The loop variable stays bound, as in Python.
    Globals[S.Target] = Items->empty() ? nullptr : Items->back();
    return true;
  }
  case Statement::Other:
  case Statement::ForeignImport:
    E.unsupported(S.B, "a table made by this statement");
    return false;
  }
  return false;
}
