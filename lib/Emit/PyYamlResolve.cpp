//===- PyYamlResolve.cpp - PyYAML's resolver and Python's values ---------===//
//
// The parts of PyYAML's SafeResolver (yaml/resolver.py) and SafeRepresenter
// that yaml.dump of plain Python data reaches, and Python's int() and
// float() of text, for Declarations.yaml's defaults. Apart from the emitter
// (PyYamlDump.cpp) because neither is on its hot path.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/PyYamlDump.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <array>
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
  // Only a few first characters have resolvers; most texts start with a
  // letter that has none.
  switch (char C = S[0]) {
  case 'n':
  case 'N':
    if (S == "null" || S == "Null" || S == "NULL")
      return true;
    [[fallthrough]];
  case 'y':
  case 'Y':
  case 't':
  case 'T':
  case 'f':
  case 'F':
  case 'o':
  case 'O':
    return S.size() <= 5 && is_contained(Bools, S);
  // `~` (null), `=` (value), and `!`, `&`, `*`, there for documentation.
  case '~':
  case '=':
  case '!':
  case '&':
  case '*':
    return S.size() == 1;
  case '<':
    return S == "<<"; // merge
  default:
    if (isDigit(C) || C == '-' || C == '+' || C == '.')
      return isYamlInt(S) || isYamlFloat(S) || isYamlTimestamp(S);
    return false;
  }
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
