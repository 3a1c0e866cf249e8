//===- PyYamlDump.cpp - PyYAML's yaml.dump text, event by event -----------===//
//
// A port of the parts of PyYAML's emitter (yaml/emitter.py), SafeResolver
// (yaml/resolver.py) and SafeRepresenter that yaml.dump of plain Python data
// in block style reaches. The emitter keeps PyYAML's state (indent stack,
// column, whitespace and indention flags) so the same rules place every
// indicator, line break and space.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/PyYamlDump.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ErrorHandling.h"

#include <array>
#include <cassert>
#include <charconv>
#include <cmath>
#include <vector>

using namespace opgen;
using namespace llvm;

//===----------------------------------------------------------------------===//
// The resolver: which plain scalars do not read back as strings
//===----------------------------------------------------------------------===//

static bool isDigitOrUnderscore(char C) { return isDigit(C) || C == '_'; }

/// Consume `[0-9]` characters at \p I, at most \p Max of them.
static size_t digitsAt(StringRef S, size_t I, size_t Max = SIZE_MAX) {
  size_t N = 0;
  while (I + N < S.size() && N < Max && isDigit(S[I + N]))
    ++N;
  return N;
}

/// The positions where `(?::[0-5]?[0-9])+` starting at \p I can end.
static std::vector<bool> sexagesimalEnds(StringRef S, size_t I) {
  std::vector<bool> Ends(S.size() + 1, false);
  std::vector<bool> Starts(S.size() + 1, false);
  Starts[I] = true;
  // Every group moves forward, so one pass in position order finds all.
  for (size_t P = I; P < S.size(); ++P) {
    if (!Starts[P] || S[P] != ':')
      continue;
    if (P + 1 < S.size() && isDigit(S[P + 1]))
      Ends[P + 2] = Starts[P + 2] = true;
    if (P + 2 < S.size() && S[P + 1] >= '0' && S[P + 1] <= '5' &&
        isDigit(S[P + 2]))
      Ends[P + 3] = Starts[P + 3] = true;
  }
  return Ends;
}

static StringRef dropSign(StringRef S) {
  if (!S.empty() && (S[0] == '-' || S[0] == '+'))
    return S.drop_front();
  return S;
}

/// `[eE][-+][0-9]+` exactly.
static bool isExponent(StringRef S) {
  return S.size() >= 3 && (S[0] == 'e' || S[0] == 'E') &&
         (S[1] == '-' || S[1] == '+') && all_of(S.drop_front(2), isDigit);
}

/// `[0-9_]*` then an optional exponent, to the end.
static bool isFractionTail(StringRef S) {
  S = S.drop_while(isDigitOrUnderscore);
  return S.empty() || isExponent(S);
}

static bool isYamlInt(StringRef S) {
  StringRef R = dropSign(S);
  if (R.empty())
    return false;
  auto AllOf = [](StringRef T, auto Pred) {
    return !T.empty() && all_of(T, Pred);
  };
  if (R.startswith("0b") && AllOf(R.drop_front(2), [](char C) {
        return C == '0' || C == '1' || C == '_';
      }))
    return true;
  if (R[0] == '0' && AllOf(R.drop_front(), [](char C) {
        return (C >= '0' && C <= '7') || C == '_';
      }))
    return true;
  if (R == "0" || (R[0] >= '1' && R[0] <= '9' &&
                   all_of(R.drop_front(), isDigitOrUnderscore)))
    return true;
  if (R.startswith("0x") &&
      AllOf(R.drop_front(2), [](char C) { return isHexDigit(C) || C == '_'; }))
    return true;
  if (R[0] >= '1' && R[0] <= '9') {
    size_t I = 1;
    while (I < R.size() && isDigitOrUnderscore(R[I]))
      ++I;
    if (I < R.size() && R[I] == ':')
      return sexagesimalEnds(R, I)[R.size()];
  }
  return false;
}

static bool isYamlFloat(StringRef S) {
  if (S.size() >= 2 && S[0] == '.' && isDigit(S[1]))
    return isFractionTail(S.drop_front(2));
  if (S == ".nan" || S == ".NaN" || S == ".NAN")
    return true;
  StringRef R = dropSign(S);
  if (R == ".inf" || R == ".Inf" || R == ".INF")
    return true;
  if (R.empty() || !isDigit(R[0]))
    return false;
  size_t I = 1;
  while (I < R.size() && isDigitOrUnderscore(R[I]))
    ++I;
  if (I < R.size() && R[I] == '.')
    return isFractionTail(R.drop_front(I + 1));
  if (I < R.size() && R[I] == ':') {
    std::vector<bool> Ends = sexagesimalEnds(R, I);
    for (size_t P = I; P < R.size(); ++P)
      if (Ends[P] && R[P] == '.' &&
          all_of(R.drop_front(P + 1), isDigitOrUnderscore))
        return true;
  }
  return false;
}

static bool isYamlTimestamp(StringRef S) {
  // yyyy-mm-dd exactly, or yyyy-m-d with a time after it.
  if (S.size() == 10 && digitsAt(S, 0) == 4 && S[4] == '-' &&
      digitsAt(S, 5) == 2 && S[7] == '-' && digitsAt(S, 8) == 2)
    return true;
  if (digitsAt(S, 0, 4) != 4 || S.size() < 5 || S[4] != '-')
    return false;
  size_t I = 5;
  auto OneOrTwoDigits = [&]() {
    size_t N = digitsAt(S, I, 2);
    I += N;
    return N != 0;
  };
  auto Char = [&](char C) {
    if (I >= S.size() || S[I] != C)
      return false;
    ++I;
    return true;
  };
  auto Blanks = [&]() {
    size_t B = I;
    while (I < S.size() && (S[I] == ' ' || S[I] == '\t'))
      ++I;
    return I != B;
  };
  if (!OneOrTwoDigits() || !Char('-') || !OneOrTwoDigits())
    return false;
  if (!Char('T') && !Char('t') && !Blanks())
    return false;
  if (!OneOrTwoDigits() || !Char(':') || digitsAt(S, I, 2) != 2)
    return false;
  I += 2;
  if (!Char(':') || digitsAt(S, I, 2) != 2)
    return false;
  I += 2;
  if (Char('.'))
    I += digitsAt(S, I);
  if (I == S.size())
    return true;
  Blanks();
  if (Char('Z'))
    return I == S.size();
  if (!Char('-') && !Char('+'))
    return false;
  if (!OneOrTwoDigits())
    return false;
  if (Char(':')) {
    if (digitsAt(S, I, 2) != 2)
      return false;
    I += 2;
  }
  return I == S.size();
}

/// Non-empty \p S. Like PyYAML, only the resolvers registered for the first
/// character are tried.
static bool resolvesToNonString(StringRef S) {
  static constexpr std::array<StringRef, 18> Bools = {
      "yes",   "Yes",   "YES",   "no", "No", "NO", "true", "True", "TRUE",
      "false", "False", "FALSE", "on", "On", "ON", "off",  "Off",  "OFF"};
  char C = S[0];
  if ((C == 'n' || C == 'N') && (S == "null" || S == "Null" || S == "NULL"))
    return true;
  if (StringRef("yYnNtTfFoO").contains(C))
    return S.size() <= 5 && is_contained(Bools, S);
  // `~` (null), `=` (value), and `!`, `&`, `*`, there for documentation.
  if (StringRef("~=!&*").contains(C))
    return S.size() == 1;
  if (C == '<')
    return S == "<<"; // merge
  if (isDigit(C) || C == '-' || C == '+' || C == '.')
    return isYamlInt(S) || isYamlFloat(S) || isYamlTimestamp(S);
  return false;
}

bool opgen::pyYamlResolvesToNonString(StringRef S) {
  if (S.empty())
    return true; // null
  if (resolvesToNonString(S))
    return true;
  // Python's `$` also matches before a final line break; the resolver is
  // still chosen by the first character, so "\n" alone stays a string.
  return S.size() > 1 && S.back() == '\n' && resolvesToNonString(S.drop_back());
}

//===----------------------------------------------------------------------===//
// Python values
//===----------------------------------------------------------------------===//

std::string opgen::pyYamlFloat(double D) {
  if (std::isnan(D))
    return ".nan";
  if (std::isinf(D))
    return D > 0 ? ".inf" : "-.inf";
  // The shortest digits that read back to D, as repr() finds them.
  char Buf[64];
  std::to_chars_result R =
      std::to_chars(Buf, Buf + sizeof(Buf), D, std::chars_format::scientific);
  StringRef Sci(Buf, R.ptr - Buf);
  std::string Out;
  if (Sci.consume_front("-"))
    Out += '-';
  auto [Mantissa, ExpText] = Sci.split('e');
  std::string Digits;
  for (char C : Mantissa)
    if (C != '.')
      Digits += C;
  int Exp = 0;
  std::from_chars(ExpText.data() + (ExpText[0] == '+'),
                  ExpText.data() + ExpText.size(), Exp);
  // repr() writes d.ddde+XX outside 1e-4 <= |D| < 1e16, else positional.
  int DecPt = Exp + 1;
  int N = static_cast<int>(Digits.size());
  if (DecPt > -4 && DecPt <= 16) {
    if (DecPt <= 0)
      Out += "0." + std::string(-DecPt, '0') + Digits;
    else if (DecPt >= N)
      Out += Digits + std::string(DecPt - N, '0') + ".0";
    else
      Out += Digits.substr(0, DecPt) + "." + Digits.substr(DecPt);
    return Out;
  }
  // PyYAML adds `.0` so that the text resolves as a float.
  Out += Digits[0];
  Out += '.';
  Out += N > 1 ? Digits.substr(1) : "0";
  Out += 'e';
  Out += Exp < 0 ? '-' : '+';
  unsigned AbsExp = static_cast<unsigned>(Exp < 0 ? -Exp : Exp);
  if (AbsExp < 10)
    Out += '0';
  Out += std::to_string(AbsExp);
  return Out;
}

static StringRef stripPythonSpace(StringRef S) {
  while (!S.empty() && isPythonSpace(S.front()))
    S = S.drop_front();
  while (!S.empty() && isPythonSpace(S.back()))
    S = S.drop_back();
  return S;
}

/// Consume `digit (["_"] digit)*` from the front of \p S into \p Digits.
static bool consumeDigitPart(StringRef &S, std::string &Digits) {
  if (S.empty() || !isDigit(S[0]))
    return false;
  Digits += S[0];
  S = S.drop_front();
  while (!S.empty()) {
    if (isDigit(S[0])) {
      Digits += S[0];
      S = S.drop_front();
    } else if (S[0] == '_' && S.size() > 1 && isDigit(S[1])) {
      Digits += S[1];
      S = S.drop_front(2);
    } else {
      break;
    }
  }
  return true;
}

std::optional<std::string> opgen::parsePythonInt(StringRef S) {
  S = stripPythonSpace(S);
  bool Negative = S.consume_front("-");
  if (!Negative)
    S.consume_front("+");
  std::string Digits;
  if (!consumeDigitPart(S, Digits) || !S.empty())
    return std::nullopt;
  StringRef Value = StringRef(Digits).ltrim('0');
  if (Value.empty())
    return std::string("0");
  return (Negative ? "-" : "") + Value.str();
}

std::optional<double> opgen::parsePythonFloat(StringRef S) {
  S = stripPythonSpace(S);
  bool Negative = S.consume_front("-");
  if (!Negative)
    S.consume_front("+");
  double Sign = Negative ? -1.0 : 1.0;
  if (S.equals_insensitive("inf") || S.equals_insensitive("infinity"))
    return Sign * HUGE_VAL;
  if (S.equals_insensitive("nan"))
    return std::copysign(NAN, Sign);
  // digitpart ["." [digitpart]] | "." digitpart, then [eE][+-]digitpart.
  std::string Text;
  bool IntPart = consumeDigitPart(S, Text);
  bool FracPart = false;
  if (S.consume_front(".")) {
    Text += '.';
    FracPart = consumeDigitPart(S, Text);
  }
  if (!IntPart && !FracPart)
    return std::nullopt;
  if (!S.empty() && (S[0] == 'e' || S[0] == 'E')) {
    Text += 'e';
    S = S.drop_front();
    if (!S.empty() && (S[0] == '-' || S[0] == '+')) {
      Text += S[0];
      S = S.drop_front();
    }
    if (!consumeDigitPart(S, Text))
      return std::nullopt;
  }
  if (!S.empty())
    return std::nullopt;
  double D = 0;
  std::from_chars(Text.data(), Text.data() + Text.size(), D);
  return Sign * D;
}

//===----------------------------------------------------------------------===//
// The emitter
//===----------------------------------------------------------------------===//

namespace {
/// What analyze_scalar finds out about a string, for block context.
struct ScalarAnalysis {
  bool Empty = false;
  bool Multiline = false;
  bool AllowBlockPlain = true;
  bool AllowSingleQuoted = true;
};
} // namespace

/// PyYAML's analyze_scalar, on bytes. Any character outside printable ASCII
/// and `\n` is special (allow_unicode is off), which forces double quotes
/// whatever else is found, so multi-byte characters need no decoding here.
static ScalarAnalysis analyzeScalar(StringRef S) {
  ScalarAnalysis A;
  if (S.empty()) {
    A.Empty = true;
    return A;
  }
  bool BlockIndicators = S.startswith("---") || S.startswith("...");
  bool LineBreaks = false, Special = false;
  bool LeadingSpace = false, LeadingBreak = false;
  bool TrailingSpace = false, TrailingBreak = false;
  bool BreakSpace = false, SpaceBreak = false;
  bool PreviousSpace = false, PreviousBreak = false;
  auto IsBlank = [](char C) {
    return C == '\0' || C == ' ' || C == '\t' || C == '\r' || C == '\n';
  };
  size_t N = S.size();
  // Leading indicators.
  char First = S[0];
  if (StringRef("#,[]{}&*!|>'\"%@`").contains(First) ||
      ((First == '?' || First == ':' || First == '-') &&
       (N == 1 || IsBlank(S[1]))))
    BlockIndicators = true;
  for (size_t I = 0; I != N; ++I) {
    char C = S[I];
    // Most characters matter only for not being a space or a break.
    if (C > ' ' && C <= '~' && C != ':' && C != '#') {
      PreviousSpace = PreviousBreak = false;
      continue;
    }
    if (I != 0) {
      if (C == ':' && (I + 1 >= N || IsBlank(S[I + 1])))
        BlockIndicators = true;
      if (C == '#' && IsBlank(S[I - 1]))
        BlockIndicators = true;
    }
    unsigned char U = static_cast<unsigned char>(C);
    if (C == '\n') {
      LineBreaks = true;
    } else if (U < 0x20 || U > 0x7E) {
      Special = true;
      // NEL, LS and PS in UTF-8 are line breaks too: they make a key
      // multi-line.
      StringRef Rest = S.substr(I);
      if (Rest.startswith("\xC2\x85") || Rest.startswith("\xE2\x80\xA8") ||
          Rest.startswith("\xE2\x80\xA9"))
        LineBreaks = true;
    }

    if (C == ' ') {
      LeadingSpace |= I == 0;
      TrailingSpace |= I == N - 1;
      BreakSpace |= PreviousBreak;
      PreviousSpace = true;
      PreviousBreak = false;
    } else if (C == '\n') {
      LeadingBreak |= I == 0;
      TrailingBreak |= I == N - 1;
      SpaceBreak |= PreviousSpace;
      PreviousSpace = false;
      PreviousBreak = true;
    } else {
      PreviousSpace = PreviousBreak = false;
    }
  }
  A.Multiline = LineBreaks;
  if (LeadingSpace || LeadingBreak || TrailingSpace || TrailingBreak ||
      LineBreaks || BlockIndicators)
    A.AllowBlockPlain = false;
  if (BreakSpace || SpaceBreak || Special)
    A.AllowBlockPlain = A.AllowSingleQuoted = false;
  return A;
}

PyYamlEmitter PyYamlEmitter::forRootSequenceItem(std::string &Out) {
  PyYamlEmitter E(Out);
  E.Frames.push_back({Frame::Sequence});
  E.increaseIndent(/*Flow=*/false, /*Indentless=*/false);
  return E;
}

void PyYamlEmitter::increaseIndent(bool Flow, bool Indentless) {
  Indents.push_back(Indent);
  if (Indent < 0)
    Indent = Flow ? 2 : 0;
  else if (!Indentless)
    Indent += 2;
}

void PyYamlEmitter::popIndent() { Indent = Indents.pop_back_val(); }

void PyYamlEmitter::writeLineBreak() {
  Out += '\n';
  Whitespace = Indention = true;
  Column = 0;
}

void PyYamlEmitter::writeText(StringRef S) {
  Out += S;
  Column += S.size();
}

void PyYamlEmitter::writeIndent() {
  size_t I = Indent < 0 ? 0 : static_cast<size_t>(Indent);
  if (!Indention || Column > I || (Column == I && !Whitespace))
    writeLineBreak();
  if (Column < I) {
    Whitespace = true;
    Out.append(I - Column, ' ');
    Column = I;
  }
}

void PyYamlEmitter::writeIndicator(StringRef Indicator, bool NeedWhitespace,
                                   bool NewWhitespace, bool KeepIndention) {
  if (!Whitespace && NeedWhitespace) {
    Out += ' ';
    ++Column;
  }
  writeText(Indicator);
  Whitespace = NewWhitespace;
  Indention = Indention && KeepIndention;
  OpenEnded = false;
}

void PyYamlEmitter::startNode(bool IsKey) {
  if (Frames.empty()) {
    assert(!IsKey && "a key outside a mapping");
    RootContext = true;
    MappingContext = SimpleKeyContext = false;
    return;
  }
  RootContext = false;
  Frame &Parent = Frames.back();
  if (Parent.K == Frame::Sequence) {
    assert(!IsKey && "a key in a sequence");
    writeIndent();
    writeIndicator("-", true, false, true);
    MappingContext = SimpleKeyContext = false;
    return;
  }
  MappingContext = true;
  if (!Parent.ValueNext) {
    assert(IsKey && "a mapping key must be a string given to key()");
    writeIndent();
    SimpleKeyContext = true;
    Parent.ValueNext = true;
    return;
  }
  assert(!IsKey && "a key where a value was expected");
  writeIndicator(":", false);
  SimpleKeyContext = false;
  Parent.ValueNext = false;
}

void PyYamlEmitter::flushPending() {
  if (!Pending)
    return;
  // A block sequence under a key is not indented further.
  bool Indentless = *Pending == Frame::Sequence && MappingContext && !Indention;
  increaseIndent(/*Flow=*/false, Indentless);
  Frames.push_back({*Pending});
  Pending.reset();
}

void PyYamlEmitter::beginCollection(Frame::Kind K) {
  flushPending();
  startNode(/*IsKey=*/false);
  // Whether it is empty (`[]`, `{}`) is known at the next event.
  Pending = K;
}

void PyYamlEmitter::endCollection() {
  if (Pending) {
    bool Seq = *Pending == Frame::Sequence;
    Pending.reset();
    writeIndicator(Seq ? "[" : "{", true, /*NewWhitespace=*/true);
    writeIndicator(Seq ? "]" : "}", false);
    return;
  }
  assert(!Frames.empty() && !Frames.back().ValueNext &&
         "collection end without a begin, or a key without a value");
  popIndent();
  Frames.pop_back();
}

void PyYamlEmitter::writeSingleQuoted(StringRef S) {
  writeIndicator("'", true);
  bool Spaces = false, Breaks = false;
  size_t Start = 0;
  for (size_t End = 0; End <= S.size(); ++End) {
    bool AtEnd = End == S.size();
    char C = AtEnd ? '\0' : S[End];
    if (Spaces) {
      if (AtEnd || C != ' ') {
        writeText(S.slice(Start, End));
        Start = End;
      }
    } else if (Breaks) {
      if (AtEnd || C != '\n') {
        // A line break in single quotes is written as an empty line.
        if (S[Start] == '\n')
          writeLineBreak();
        for (size_t K = Start; K != End; ++K)
          writeLineBreak();
        writeIndent();
        Start = End;
      }
    } else if (AtEnd || C == ' ' || C == '\n' || C == '\'') {
      if (Start < End) {
        writeText(S.slice(Start, End));
        Start = End;
      }
    }
    if (!AtEnd && C == '\'') {
      writeText("''");
      Start = End + 1;
    }
    if (!AtEnd) {
      Spaces = C == ' ';
      Breaks = C == '\n';
    }
  }
  writeIndicator("'", false);
}

/// The next code point of UTF-8 text \p S at \p I; a byte that does not
/// start a valid sequence stands for itself.
static uint32_t nextCodePoint(StringRef S, size_t &I) {
  unsigned char B = S[I];
  unsigned Len = B < 0x80         ? 1
                 : (B >> 5) == 6  ? 2
                 : (B >> 4) == 14 ? 3
                 : (B >> 3) == 30 ? 4
                                  : 0;
  if (Len <= 1 || I + Len > S.size()) {
    ++I;
    return B;
  }
  uint32_t CP = B & (0x7F >> Len);
  for (unsigned K = 1; K != Len; ++K) {
    unsigned char C = S[I + K];
    if ((C & 0xC0) != 0x80) {
      ++I;
      return B;
    }
    CP = (CP << 6) | (C & 0x3F);
  }
  I += Len;
  return CP;
}

void PyYamlEmitter::writeDoubleQuoted(StringRef S) {
  writeIndicator("\"", true);
  size_t I = 0;
  while (I < S.size()) {
    size_t Start = I;
    uint32_t CP = nextCodePoint(S, I);
    if (CP >= 0x20 && CP <= 0x7E && CP != '"' && CP != '\\') {
      size_t Run = I;
      while (Run < S.size() && S[Run] >= 0x20 && S[Run] <= 0x7E &&
             S[Run] != '"' && S[Run] != '\\')
        ++Run;
      writeText(S.slice(Start, Run));
      I = Run;
      continue;
    }
    char Short = 0;
    switch (CP) {
    case 0x00:
      Short = '0';
      break;
    case 0x07:
      Short = 'a';
      break;
    case 0x08:
      Short = 'b';
      break;
    case 0x09:
      Short = 't';
      break;
    case 0x0A:
      Short = 'n';
      break;
    case 0x0B:
      Short = 'v';
      break;
    case 0x0C:
      Short = 'f';
      break;
    case 0x0D:
      Short = 'r';
      break;
    case 0x1B:
      Short = 'e';
      break;
    case '"':
      Short = '"';
      break;
    case '\\':
      Short = '\\';
      break;
    case 0x85:
      Short = 'N';
      break;
    case 0xA0:
      Short = '_';
      break;
    case 0x2028:
      Short = 'L';
      break;
    case 0x2029:
      Short = 'P';
      break;
    default:
      break;
    }
    if (Short) {
      char Esc[2] = {'\\', Short};
      writeText(StringRef(Esc, 2));
      continue;
    }
    unsigned Width = CP <= 0xFF ? 2 : CP <= 0xFFFF ? 4 : 8;
    std::string Esc = "\\";
    Esc += Width == 2 ? 'x' : Width == 4 ? 'u' : 'U';
    for (unsigned K = Width; K-- > 0;)
      Esc += hexdigit((CP >> (4 * K)) & 0xF, /*LowerCase=*/false);
    writeText(Esc);
  }
  writeIndicator("\"", false);
}

void PyYamlEmitter::scalar(StringRef S, PyYamlStyle St) {
  assert(St != PyYamlStyle::NotAKey && "PyYamlEmitter: not a simple key");
  // Only line breaks in single quotes are indented.
  if (St == PyYamlStyle::Single) {
    increaseIndent(/*Flow=*/true, /*Indentless=*/false);
    writeSingleQuoted(S);
    popIndent();
    return;
  }
  switch (St) {
  case PyYamlStyle::Plain:
    if (RootContext)
      OpenEnded = true;
    if (!S.empty()) {
      if (!Whitespace)
        writeText(" ");
      writeText(S);
      Whitespace = Indention = false;
    }
    break;
  default:
    writeDoubleQuoted(S);
    break;
  }
}

void PyYamlEmitter::plainValue(StringRef S) {
  flushPending();
  startNode(/*IsKey=*/false);
  scalar(S, PyYamlStyle::Plain);
}

void PyYamlEmitter::integer(int64_t I) { plainValue(std::to_string(I)); }

/// choose_scalar_style for a str in block context, as a value or a key.
/// Whether \p S is a C identifier (`self`, `out`, `Tensor`), the common
/// case that needs no analysis: PyYAML writes it plain unless it reads as a
/// bool or null. Skipping analyzeScalar for them saves about 10 M
/// instructions of Declarations.yaml's dump.
static bool isIdentifier(StringRef S) {
  if (S.empty() || S.size() >= 128 || isDigit(S[0]))
    return false;
  return llvm::all_of(S, [](char C) { return isAlnum(C) || C == '_'; });
}

static PyYamlStyle chooseStyle(StringRef S, bool SimpleKey) {
  if (isIdentifier(S))
    return pyYamlResolvesToNonString(S) ? PyYamlStyle::Single
                                        : PyYamlStyle::Plain;
  ScalarAnalysis A = analyzeScalar(S);
  // Longer or multi-line keys take PyYAML's `? key` form, which nothing
  // here needs.
  if (SimpleKey && (A.Empty || A.Multiline || S.size() >= 128))
    return PyYamlStyle::NotAKey;
  if (A.AllowBlockPlain && !pyYamlResolvesToNonString(S))
    return PyYamlStyle::Plain;
  return A.AllowSingleQuoted ? PyYamlStyle::Single : PyYamlStyle::Double;
}

PyYamlString::PyYamlString(std::string S)
    : Text(std::move(S)), ValueStyle(chooseStyle(Text, false)),
      KeyStyle(chooseStyle(Text, true)) {}

void PyYamlEmitter::string(StringRef S) {
  flushPending();
  startNode(/*IsKey=*/false);
  scalar(S, chooseStyle(S, false));
}

void PyYamlEmitter::string(const PyYamlString &S) {
  flushPending();
  startNode(/*IsKey=*/false);
  scalar(S.Text, S.ValueStyle);
}

void PyYamlEmitter::key(StringRef K) {
  flushPending();
  PyYamlStyle St = chooseStyle(K, true);
  if (St == PyYamlStyle::NotAKey)
    report_fatal_error("PyYamlEmitter: not a simple key");
  startNode(/*IsKey=*/true);
  scalar(K, St);
}

void PyYamlEmitter::key(const PyYamlString &K) {
  flushPending();
  if (K.KeyStyle == PyYamlStyle::NotAKey)
    report_fatal_error("PyYamlEmitter: not a simple key");
  startNode(/*IsKey=*/true);
  scalar(K.Text, K.KeyStyle);
}

void PyYamlEmitter::finishDocument() {
  assert(!Pending && "a collection was not ended");
  writeIndent();
  if (OpenEnded) {
    writeIndicator("...", true);
    writeIndent();
  }
}
