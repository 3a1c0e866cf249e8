//===- FallbackOpsReader.cpp - Read torchgen's aoti/fallback_ops.py -------===//
//
// A strict reader of the few Python forms fallback_ops.py uses. It reads in
// two steps: the text into a tree of strings, lists and dicts (the Python
// literal syntax), then the tree into AotiFallbackOps (what the values
// mean). Both report every problem they can and carry on: a bad value is
// skipped up to the next `,` or closing bracket, a bad statement up to the
// end of its line.
//
// torchgen checks an operator's versions only when it generates that
// operator's shim, and then stops with an AssertionError; opgen checks every
// entry while reading. It is also stricter where torchgen would silently
// read something else: a key given twice (Python keeps the last), an
// unknown key in a version (ignored by torchgen), an operator name that is
// not `<namespace>.<name>.<overload>` (it would never match).
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/FallbackOpsReader.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace opgen;
using namespace llvm;

namespace {

enum class Tok { Name, String, Number, Punct, Newline, End, Bad };

struct Token {
  Tok Kind = Tok::End;
  StringRef Text;    ///< as written
  std::string Value; ///< a string's value
  SMLoc Loc;
  bool is(char C) const {
    return Kind == Tok::Punct && Text.size() == 1 && Text[0] == C;
  }
};

/// A literal: a string, a list or a dict (keys are strings).
struct PyValue {
  enum Kind { Str, List, Dict } K = Str;
  SMLoc Loc;
  std::string S;
  std::vector<PyValue> Items;
  std::vector<std::pair<Token, PyValue>> Entries;
};

class Lexer {
public:
  Lexer(StringRef Buf, DiagnosticEngine &Diags) : Buf(Buf), Diags(Diags) {}

  Token next();
  /// Brackets open: newlines are not tokens inside them.
  unsigned Depth = 0;

private:
  SMLoc loc(size_t At) const { return SMLoc::getFromPointer(Buf.data() + At); }
  Token lexString(size_t Start);

  StringRef Buf;
  DiagnosticEngine &Diags;
  size_t Pos = 0;
  /// The last token was a newline (or none came yet): blank lines and
  /// comment lines make no tokens.
  bool AtLineStart = true;
};

Token Lexer::lexString(size_t Start) {
  char Quote = Buf[Start];
  Token T;
  T.Kind = Tok::String;
  T.Loc = loc(Start);
  if (Buf.substr(Start).startswith(std::string(3, Quote))) {
    Diags.error(T.Loc, "triple-quoted strings are not supported here");
    T.Kind = Tok::Bad;
  }
  size_t I = Start + 1;
  for (; I < Buf.size() && Buf[I] != Quote; ++I) {
    char C = Buf[I];
    if (C == '\n')
      break;
    if (C != '\\') {
      T.Value += C;
      continue;
    }
    char E = I + 1 < Buf.size() ? Buf[I + 1] : '\0';
    const char *Known = "\\'\"nt";
    if (!E || !strchr(Known, E)) {
      Diags.error(loc(I), "unsupported escape in a string");
      T.Kind = Tok::Bad;
    }
    T.Value += E == 'n' ? '\n' : E == 't' ? '\t' : E;
    ++I;
  }
  if (I >= Buf.size() || Buf[I] != Quote) {
    Diags.error(T.Loc, "unterminated string");
    Pos = I;
    T.Kind = Tok::Bad;
    T.Text = Buf.slice(Start, I);
    return T;
  }
  Pos = I + 1;
  T.Text = Buf.slice(Start, Pos);
  return T;
}

Token Lexer::next() {
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
      size_t At = Pos++;
      if (Depth || AtLineStart)
        continue;
      AtLineStart = true;
      Token T;
      T.Kind = Tok::Newline;
      T.Loc = loc(At);
      return T;
    }
    if (C == ' ' || C == '\t' || C == '\r' || C == '\f') {
      ++Pos;
      continue;
    }
    break;
  }
  Token T;
  if (Pos >= Buf.size()) {
    T.Loc = loc(Buf.size());
    if (!AtLineStart && !Depth) {
      // The last line ends the statement even without a newline.
      AtLineStart = true;
      T.Kind = Tok::Newline;
    }
    return T;
  }
  AtLineStart = false;
  size_t Start = Pos;
  T.Loc = loc(Start);
  char C = Buf[Pos];
  if (isAlpha(C) || C == '_') {
    while (Pos < Buf.size() && (isAlnum(Buf[Pos]) || Buf[Pos] == '_'))
      ++Pos;
    // A string prefix (r"", b"", f"") reads differently: not supported.
    if (Pos < Buf.size() && (Buf[Pos] == '"' || Buf[Pos] == '\'')) {
      Diags.error(T.Loc, "string prefixes are not supported here");
      Token S = lexString(Pos);
      S.Kind = Tok::Bad;
      S.Loc = T.Loc;
      return S;
    }
    T.Kind = Tok::Name;
  } else if (isDigit(C) ||
             (C == '-' && Pos + 1 < Buf.size() && isDigit(Buf[Pos + 1]))) {
    ++Pos;
    while (Pos < Buf.size() &&
           (isAlnum(Buf[Pos]) || Buf[Pos] == '_' || Buf[Pos] == '.'))
      ++Pos;
    T.Kind = Tok::Number;
  } else if (C == '"' || C == '\'') {
    return lexString(Pos);
  } else if (strchr("{}[]():,=|.", C)) {
    ++Pos;
    T.Kind = Tok::Punct;
    if (strchr("{[(", C))
      ++Depth;
    else if (strchr("}])", C) && Depth)
      --Depth;
  } else {
    ++Pos;
    T.Kind = Tok::Bad;
    Diags.error(T.Loc, "unexpected character `" + Buf.slice(Start, Pos) + "`");
  }
  T.Text = Buf.slice(Start, Pos);
  return T;
}

class Parser {
public:
  Parser(Context &Ctx, StringRef Buf)
      : Diags(Ctx.getDiags()), Lex(Buf, Diags),
        EndLoc(SMLoc::getFromPointer(Buf.data() + Buf.size())) {
    Cur = Lex.next();
  }

  /// Every `NAME[: annotation] = literal` statement, by name; no value
  /// when it was reported.
  std::vector<std::pair<Token, std::optional<PyValue>>> parseFile();
  SMLoc getEndLoc() const { return EndLoc; }

private:
  void advance() { Cur = Lex.next(); }
  std::optional<PyValue> parseValue();
  /// After a problem inside a bracket: skip to the `,` or closing bracket
  /// that ends the current item.
  void skipItem(unsigned Inner);
  void skipLine();
  bool skipAnnotation();
  std::string describe(const Token &T) const {
    switch (T.Kind) {
    case Tok::End:
      return "the end of the file";
    case Tok::Newline:
      return "the end of the line";
    default:
      return "`" + T.Text.str() + "`";
    }
  }
  void expected(StringRef What) {
    if (Cur.Kind != Tok::Bad) // a bad token was reported by the lexer
      Diags.error(Cur.Loc, "expected " + What + ", found " + describe(Cur));
  }

  DiagnosticEngine &Diags;
  Lexer Lex;
  Token Cur;
  SMLoc EndLoc;
};

static bool isCloser(const Token &T) {
  return T.is('}') || T.is(']') || T.is(')');
}

void Parser::skipItem(unsigned Inner) {
  // Inner is the depth inside the container; Lex.Depth already counts the
  // current token's bracket.
  while (Cur.Kind != Tok::End) {
    if (Lex.Depth == Inner && Cur.is(','))
      return;
    if (Lex.Depth + 1 == Inner && isCloser(Cur))
      return;
    advance();
  }
}

void Parser::skipLine() {
  while (Cur.Kind != Tok::Newline && Cur.Kind != Tok::End)
    advance();
  if (Cur.Kind == Tok::Newline)
    advance();
}

std::optional<PyValue> Parser::parseValue() {
  PyValue V;
  V.Loc = Cur.Loc;
  if (Cur.Kind == Tok::String) {
    V.S = Cur.Value;
    advance();
    return V;
  }
  char Open = Cur.is('{') ? '{' : Cur.is('[') ? '[' : '\0';
  if (!Open) {
    expected("a string, a list or a dict");
    return std::nullopt;
  }
  std::string Close(1, Open == '{' ? '}' : ']');
  V.K = Open == '{' ? PyValue::Dict : PyValue::List;
  unsigned Inner = Lex.Depth;
  advance();
  while (true) {
    if (Cur.Kind == Tok::End) {
      Diags.error(V.Loc, std::string("this `") + Open + "` is never closed");
      return std::nullopt;
    }
    if (Lex.Depth + 1 == Inner && isCloser(Cur)) {
      if (Cur.Text != Close)
        expected("`" + Close + "`");
      advance();
      return V;
    }
    bool ItemOk = false;
    if (V.K == PyValue::List) {
      if (std::optional<PyValue> Item = parseValue()) {
        V.Items.push_back(std::move(*Item));
        ItemOk = true;
      }
    } else if (Cur.Kind != Tok::String) {
      if (Cur.Kind != Tok::Bad)
        Diags.error(Cur.Loc,
                    "dict keys must be strings, found " + describe(Cur));
    } else {
      Token Key = Cur;
      advance();
      if (!Cur.is(':')) {
        expected("`:` after the key");
      } else {
        advance();
        if (std::optional<PyValue> Val = parseValue()) {
          V.Entries.push_back({std::move(Key), std::move(*Val)});
          ItemOk = true;
        }
      }
    }
    if (!ItemOk)
      skipItem(Inner);
    if (Lex.Depth == Inner && Cur.is(',')) {
      advance();
      continue;
    }
    if ((Lex.Depth + 1 == Inner && isCloser(Cur)) || Cur.Kind == Tok::End)
      continue;
    expected("`,` or `" + Close + "`");
    skipItem(Inner);
    if (Cur.is(','))
      advance();
  }
}

bool Parser::skipAnnotation() {
  // A type such as dict[str, dict[str, str | list[str]]]: names, brackets,
  // commas, `|` and `.`, up to the `=` outside brackets.
  unsigned Base = Lex.Depth;
  while (!(Cur.is('=') && Lex.Depth == Base)) {
    bool Fine =
        Cur.Kind == Tok::Name || (Cur.Kind == Tok::Punct && !Cur.is('{') &&
                                  !Cur.is('}') && !Cur.is(':') && !Cur.is('='));
    if (!Fine) {
      expected("a type annotation and `=`");
      return false;
    }
    advance();
  }
  return true;
}

std::vector<std::pair<Token, std::optional<PyValue>>> Parser::parseFile() {
  std::vector<std::pair<Token, std::optional<PyValue>>> Out;
  while (Cur.Kind != Tok::End) {
    if (Cur.Kind == Tok::Newline) {
      advance();
      continue;
    }
    if (Cur.Kind != Tok::Name) {
      expected("an assignment such as `inductor_fallback_ops = {...}`");
      skipLine();
      continue;
    }
    Token Name = Cur;
    advance();
    if (Cur.is(':')) {
      advance();
      if (!skipAnnotation()) {
        skipLine();
        continue;
      }
    }
    if (!Cur.is('=')) {
      expected("`=` after `" + Name.Text.str() + "`");
      skipLine();
      continue;
    }
    advance();
    std::optional<PyValue> V = parseValue();
    if (V && Cur.Kind != Tok::Newline && Cur.Kind != Tok::End) {
      expected("the end of the line after the value of `" + Name.Text.str() +
               "`");
      V.reset();
    }
    if (!V)
      skipLine();
    Out.push_back({std::move(Name), std::move(V)});
  }
  return Out;
}

/// What the tree means: the checks torchgen makes on an operator's entry
/// (gen_declaration_and_definition), made on every entry.
class Interpreter {
public:
  explicit Interpreter(DiagnosticEngine &Diags) : Diags(Diags) {}

  bool readDict(const PyValue &V, StringRef Var,
                std::vector<AotiFallbackOp> &Out);

private:
  bool readOp(const Token &Key, const PyValue &V, AotiFallbackOp &Op);
  bool readSince(const PyValue &V, std::optional<std::string> &Out);
  bool noDuplicateKeys(const PyValue &Dict);

  DiagnosticEngine &Diags;
};

bool Interpreter::noDuplicateKeys(const PyValue &Dict) {
  bool Ok = true;
  StringSet<> Seen;
  for (const auto &[K, _] : Dict.Entries)
    if (!Seen.insert(K.Value).second) {
      Diags.error(K.Loc, "key `" + K.Value + "` is given twice");
      Ok = false;
    }
  return Ok;
}

static bool isTorchVersion(StringRef S) {
  // TORCH_VERSION_<digits>_<digits>_<digits>
  if (!S.consume_front("TORCH_VERSION_"))
    return false;
  SmallVector<StringRef, 3> Parts;
  S.split(Parts, '_');
  return Parts.size() == 3 && all_of(Parts, [](StringRef P) {
           return !P.empty() && all_of(P, isDigit);
         });
}

bool Interpreter::readSince(const PyValue &V, std::optional<std::string> &Out) {
  if (V.K != PyValue::Str || !isTorchVersion(V.S)) {
    Diags.error(V.Loc, "`since` must be a string of the form "
                       "TORCH_VERSION_X_Y_Z");
    return false;
  }
  Out = V.S;
  return true;
}

bool Interpreter::readOp(const Token &Key, const PyValue &V,
                         AotiFallbackOp &Op) {
  Op.Name = Key.Value;
  Op.Loc = Key.Loc;
  SmallVector<StringRef, 3> Parts;
  StringRef(Op.Name).split(Parts, '.');
  bool Ok = true;
  if (Parts.size() != 3 ||
      any_of(Parts, [](StringRef P) { return P.empty(); })) {
    Diags.error(Key.Loc, "operator `" + Op.Name +
                             "` is not `<namespace>.<name>.<overload>` "
                             "(`default` for no overload)");
    Ok = false;
  }
  if (V.K != PyValue::Dict) {
    Diags.error(V.Loc, "the versions of `" + Op.Name + "` must be a dict");
    return false;
  }
  Ok &= noDuplicateKeys(V);
  AotiOpVersion V1;
  std::vector<AotiOpVersion> Later;
  // torchgen reads a version's `since` under the key `v<N>` spelled that
  // way, so that `v02` counts as version 2 but has no `since`.
  for (const auto &[K, Val] : V.Entries) {
    StringRef Name = K.Value;
    if (Name == "since") {
      Ok &= readSince(Val, V1.Since);
      continue;
    }
    StringRef Digits = Name;
    unsigned N = 0;
    if (!Digits.consume_front("v")) {
      Diags.error(K.Loc, "version `" + Name + "` of `" + Op.Name +
                             "` does not start with `v`");
      Ok = false;
      continue;
    }
    if (Digits.empty() || !all_of(Digits, isDigit) ||
        Digits.getAsInteger(10, N)) {
      Diags.error(K.Loc, "version `" + Name + "` of `" + Op.Name +
                             "` is not `v` and an integer");
      Ok = false;
      continue;
    }
    if (N == 1 ||
        any_of(Later, [&](const AotiOpVersion &O) { return O.Version == N; })) {
      Diags.error(K.Loc, "version " + Twine(N) + " of `" + Op.Name +
                             "` is defined twice" +
                             (N == 1 ? " (v1 is the operator itself)" : ""));
      Ok = false;
      continue;
    }
    if (Val.K != PyValue::Dict) {
      Diags.error(Val.Loc, "version `" + Name + "` of `" + Op.Name +
                               "` must be a dict of the form {\"new_args\": "
                               "[...], \"since\": \"TORCH_VERSION_X_Y_Z\"}");
      Ok = false;
      continue;
    }
    Ok &= noDuplicateKeys(Val);
    AotiOpVersion Ver;
    Ver.Version = N;
    bool Canonical = Name == ("v" + Twine(N)).str();
    for (const auto &[VK, VV] : Val.Entries) {
      if (VK.Value == "since") {
        std::optional<std::string> Since;
        Ok &= readSince(VV, Since);
        if (Canonical)
          Ver.Since = Since;
      } else if (VK.Value == "new_args") {
        if (VV.K != PyValue::List) {
          Diags.error(VV.Loc, "`new_args` of `" + Op.Name +
                                  "` must be a list of argument names");
          Ok = false;
          continue;
        }
        for (const PyValue &A : VV.Items) {
          if (A.K != PyValue::Str) {
            Diags.error(A.Loc, "`new_args` of `" + Op.Name +
                                   "` must be a list of argument names");
            Ok = false;
            continue;
          }
          Ver.NewArgs.push_back(A.S);
        }
      } else {
        Diags.error(VK.Loc, "unknown key `" + VK.Value + "` in version `" +
                                Name + "` of `" + Op.Name +
                                "` (expected `new_args` or `since`)");
        Ok = false;
      }
    }
    Later.push_back(std::move(Ver));
  }
  llvm::sort(Later, [](const AotiOpVersion &A, const AotiOpVersion &B) {
    return A.Version > B.Version;
  });
  Op.Versions = std::move(Later);
  Op.Versions.push_back(std::move(V1));
  return Ok;
}

bool Interpreter::readDict(const PyValue &V, StringRef Var,
                           std::vector<AotiFallbackOp> &Out) {
  if (V.K != PyValue::Dict) {
    Diags.error(V.Loc, "`" + Var + "` must be a dict of operator names");
    return false;
  }
  bool Ok = noDuplicateKeys(V);
  for (const auto &[K, Val] : V.Entries) {
    AotiFallbackOp Op;
    Ok &= readOp(K, Val, Op);
    Out.push_back(std::move(Op));
  }
  llvm::stable_sort(Out, [](const AotiFallbackOp &A, const AotiFallbackOp &B) {
    return A.Name < B.Name;
  });
  return Ok;
}

} // namespace

LogicalResult opgen::readAotiFallbackOps(Context &Ctx, unsigned BufferID,
                                         AotiFallbackOps &Out) {
  DiagnosticEngine &Diags = Ctx.getDiags();
  unsigned ErrorsBefore = Diags.getNumErrors();
  StringRef Buf = Ctx.getSourceMgr().getMemoryBuffer(BufferID)->getBuffer();
  Parser P(Ctx, Buf);
  std::vector<std::pair<Token, std::optional<PyValue>>> Statements =
      P.parseFile();
  Interpreter I(Diags);
  bool SeenInductor = false, SeenAten = false;
  for (const auto &[Name, V] : Statements) {
    bool Inductor = Name.Text == "inductor_fallback_ops";
    if (!Inductor && Name.Text != "aten_shimified_ops") {
      Diags.error(Name.Loc, "unexpected `" + Name.Text +
                                "`: fallback_ops.py holds "
                                "inductor_fallback_ops and aten_shimified_ops");
      continue;
    }
    bool &Seen = Inductor ? SeenInductor : SeenAten;
    if (Seen) {
      Diags.error(Name.Loc, "`" + Name.Text + "` is assigned twice");
      continue;
    }
    Seen = true;
    if (V)
      I.readDict(*V, Name.Text,
                 Inductor ? Out.InductorFallbackOps : Out.AtenShimifiedOps);
  }
  for (auto [Seen, Var] :
       {std::pair<bool, StringRef>{SeenInductor, "inductor_fallback_ops"},
        {SeenAten, "aten_shimified_ops"}})
    if (!Seen)
      Diags.error(P.getEndLoc(), "no `" + Var + "` dict in fallback_ops.py");
  return success(Diags.getNumErrors() == ErrorsBefore);
}
