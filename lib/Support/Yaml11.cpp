//===- Yaml11.cpp - YAML 1.1 scalars as PyYAML's safe loader reads them ---===//
//
// The resolver's patterns are matched by hand rather than with regexes:
// every plain scalar of native_functions.yaml comes through here.
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/Yaml11.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <array>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace opgen;
using namespace llvm;

//===----------------------------------------------------------------------===//
// The resolver
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

/// The implicit boolean words: lower case, capitalized or upper case.
static std::optional<bool> implicitBool(StringRef S) {
  // The words are 2 to 5 letters long: fold the case once and compare the
  // folded word, rather than each of 18 spellings.
  size_t N = S.size();
  if (N < 2 || N > 5)
    return std::nullopt;
  char Folded[5];
  bool Upper = true, LowerTail = true;
  for (size_t I = 0; I < N; ++I) {
    char C = S[I];
    if (C >= 'a' && C <= 'z') {
      Upper = false;
    } else if (C >= 'A' && C <= 'Z') {
      if (I)
        LowerTail = false;
      C = C - 'A' + 'a';
    } else {
      return std::nullopt;
    }
    Folded[I] = C;
  }
  // Not `tRue` or `TRue`.
  if (!Upper && !LowerTail)
    return std::nullopt;
  return constructYaml11Bool(StringRef(Folded, N));
}

Yaml11Tag opgen::resolveYaml11Plain(StringRef S) {
  if (S.empty())
    return Yaml11Tag::Null;
  switch (char C = S[0]) {
  case 'n':
  case 'N':
    if (S == "null" || S == "Null" || S == "NULL")
      return Yaml11Tag::Null;
    [[fallthrough]];
  case 'y':
  case 'Y':
  case 't':
  case 'T':
  case 'f':
  case 'F':
  case 'o':
  case 'O':
    return implicitBool(S) ? Yaml11Tag::Bool : Yaml11Tag::Str;
  case '~':
    return S.size() == 1 ? Yaml11Tag::Null : Yaml11Tag::Str;
  case '=':
    return S.size() == 1 ? Yaml11Tag::Value : Yaml11Tag::Str;
  case '!':
  case '&':
  case '*':
    return S.size() == 1 ? Yaml11Tag::Yaml : Yaml11Tag::Str;
  case '<':
    return S == "<<" ? Yaml11Tag::Merge : Yaml11Tag::Str;
  default:
    if (!isDigit(C) && C != '-' && C != '+' && C != '.')
      return Yaml11Tag::Str;
    // PyYAML tries float before int; no text matches both.
    if (isYamlFloat(S))
      return Yaml11Tag::Float;
    if (isYamlInt(S))
      return Yaml11Tag::Int;
    if (isDigit(C) && isYamlTimestamp(S))
      return Yaml11Tag::Timestamp;
    return Yaml11Tag::Str;
  }
}

//===----------------------------------------------------------------------===//
// Python's int() and float()
//===----------------------------------------------------------------------===//

namespace {
/// A non-negative integer of any size, in base 1e9 limbs, low first.
class BigNat {
public:
  void mulAdd(uint32_t Mul, uint32_t Add) {
    uint64_t Carry = Add;
    for (uint32_t &L : Limbs) {
      uint64_t V = uint64_t(L) * Mul + Carry;
      L = uint32_t(V % Base);
      Carry = V / Base;
    }
    while (Carry) {
      Limbs.push_back(uint32_t(Carry % Base));
      Carry /= Base;
    }
  }
  void add(const BigNat &O) {
    uint64_t Carry = 0;
    for (size_t I = 0; I < O.Limbs.size() || Carry; ++I) {
      if (I == Limbs.size())
        Limbs.push_back(0);
      uint64_t V =
          uint64_t(Limbs[I]) + Carry + (I < O.Limbs.size() ? O.Limbs[I] : 0);
      Limbs[I] = uint32_t(V % Base);
      Carry = V / Base;
    }
  }
  /// -1, 0 or 1 as this is below, equal to or above \p O.
  int compare(BigNat O) const {
    BigNat A = *this;
    A.trim();
    O.trim();
    if (A.Limbs.size() != O.Limbs.size())
      return A.Limbs.size() < O.Limbs.size() ? -1 : 1;
    for (size_t I = A.Limbs.size(); I-- > 0;)
      if (A.Limbs[I] != O.Limbs[I])
        return A.Limbs[I] < O.Limbs[I] ? -1 : 1;
    return 0;
  }
  /// this -= O, for O <= this.
  void sub(const BigNat &O) {
    int64_t Borrow = 0;
    for (size_t I = 0; I < Limbs.size(); ++I) {
      int64_t V = int64_t(Limbs[I]) - Borrow -
                  (I < O.Limbs.size() ? int64_t(O.Limbs[I]) : 0);
      Borrow = V < 0;
      Limbs[I] = uint32_t(V + (Borrow ? Base : 0));
    }
    trim();
  }
  bool isZero() const {
    return all_of(Limbs, [](uint32_t L) { return L == 0; });
  }
  std::string str() const {
    BigNat A = *this;
    A.trim();
    if (A.Limbs.empty())
      return "0";
    std::string Out = std::to_string(A.Limbs.back());
    for (size_t I = A.Limbs.size() - 1; I-- > 0;) {
      std::string Part = std::to_string(A.Limbs[I]);
      Out += std::string(9 - Part.size(), '0') + Part;
    }
    return Out;
  }

private:
  static constexpr uint64_t Base = 1000000000;
  void trim() {
    while (!Limbs.empty() && Limbs.back() == 0)
      Limbs.pop_back();
  }
  std::vector<uint32_t> Limbs;
};

/// A signed integer, as a magnitude and a sign.
struct BigInt {
  BigNat Mag;
  bool Negative = false;
  std::string str() const {
    return (Negative && !Mag.isZero() ? "-" : "") + Mag.str();
  }
  void add(const BigInt &O) {
    if (Negative == O.Negative) {
      Mag.add(O.Mag);
      return;
    }
    if (Mag.compare(O.Mag) >= 0) {
      Mag.sub(O.Mag);
      return;
    }
    BigNat R = O.Mag;
    R.sub(Mag);
    Mag = R;
    Negative = O.Negative;
  }
};
} // namespace

static StringRef stripPythonSpace(StringRef S) {
  while (!S.empty() && isPythonSpace(S.front()))
    S = S.drop_front();
  while (!S.empty() && isPythonSpace(S.back()))
    S = S.drop_back();
  return S;
}

static int digitValue(char C) {
  if (isDigit(C))
    return C - '0';
  if (C >= 'a' && C <= 'z')
    return C - 'a' + 10;
  if (C >= 'A' && C <= 'Z')
    return C - 'A' + 10;
  return 99;
}

/// Python's int(S, Base) as a BigInt.
static std::optional<BigInt> pythonInt(StringRef S, unsigned Base) {
  S = stripPythonSpace(S);
  BigInt R;
  R.Negative = S.consume_front("-");
  if (!R.Negative)
    S.consume_front("+");
  // The prefix of the base is allowed, and then one `_` before the digits.
  bool Prefixed = false;
  if (S.size() >= 2 && S[0] == '0') {
    char P = toLower(S[1]);
    if ((Base == 2 && P == 'b') || (Base == 8 && P == 'o') ||
        (Base == 16 && P == 'x')) {
      S = S.drop_front(2);
      Prefixed = true;
    }
  }
  if (Prefixed && S.startswith("_"))
    S = S.drop_front();
  // digit (["_"] digit)*
  if (S.empty())
    return std::nullopt;
  bool LastDigit = false;
  for (char C : S) {
    if (C == '_') {
      if (!LastDigit)
        return std::nullopt;
      LastDigit = false;
      continue;
    }
    int D = digitValue(C);
    if (D >= int(Base))
      return std::nullopt;
    R.Mag.mulAdd(Base, D);
    LastDigit = true;
  }
  if (!LastDigit)
    return std::nullopt;
  return R;
}

std::optional<std::string> opgen::parsePythonInt(StringRef S, unsigned Base) {
  if (std::optional<BigInt> I = pythonInt(S, Base))
    return I->str();
  return std::nullopt;
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
  std::from_chars_result R =
      std::from_chars(Text.data(), Text.data() + Text.size(), D);
  // from_chars leaves D alone on overflow and underflow, where Python
  // gives inf or a rounded denormal or 0: strtod (C locale) does the same.
  if (R.ec == std::errc::result_out_of_range)
    D = std::strtod(Text.c_str(), nullptr);
  return Sign * D;
}

std::string opgen::pythonFloatRepr(double D) {
  if (std::isnan(D))
    return "nan";
  if (std::isinf(D))
    return D > 0 ? "inf" : "-inf";
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
  Out += Digits[0];
  if (N > 1)
    Out += "." + Digits.substr(1);
  Out += 'e';
  Out += Exp < 0 ? '-' : '+';
  unsigned AbsExp = static_cast<unsigned>(Exp < 0 ? -Exp : Exp);
  if (AbsExp < 10)
    Out += '0';
  Out += std::to_string(AbsExp);
  return Out;
}

//===----------------------------------------------------------------------===//
// SafeConstructor
//===----------------------------------------------------------------------===//

std::optional<bool> opgen::constructYaml11Bool(StringRef S) {
  std::string L = S.lower();
  if (L == "yes" || L == "true" || L == "on")
    return true;
  if (L == "no" || L == "false" || L == "off")
    return false;
  return std::nullopt;
}

/// What construct_yaml_int and _float share: `_` dropped, and the sign
/// taken off the front.
static bool dropUnderscoresAndSign(StringRef S, std::string &V,
                                   bool &Negative) {
  for (char C : S)
    if (C != '_')
      V += C;
  if (V.empty())
    return false; // value[0] raises IndexError
  Negative = V[0] == '-';
  if (V[0] == '-' || V[0] == '+')
    V.erase(0, 1);
  return true;
}

std::optional<std::string> opgen::constructYaml11Int(StringRef S) {
  std::string V;
  bool Negative;
  if (!dropUnderscoresAndSign(S, V, Negative))
    return std::nullopt;
  StringRef T = V;
  std::optional<BigInt> R;
  if (T == "0")
    return std::string("0");
  if (T.startswith("0b"))
    R = pythonInt(T.drop_front(2), 2);
  else if (T.startswith("0x"))
    R = pythonInt(T.drop_front(2), 16);
  else if (T.empty())
    return std::nullopt;
  else if (T[0] == '0')
    R = pythonInt(T, 8);
  else if (T.contains(':')) {
    // Base 60, the last part the units; each part is int() of itself.
    SmallVector<StringRef, 4> Parts;
    T.split(Parts, ':');
    BigInt Sum;
    for (StringRef P : Parts) {
      std::optional<BigInt> D = pythonInt(P, 10);
      if (!D)
        return std::nullopt;
      Sum.Mag.mulAdd(60, 0);
      Sum.add(*D);
    }
    R = Sum;
  } else {
    R = pythonInt(T, 10);
  }
  if (!R)
    return std::nullopt;
  if (Negative)
    R->Negative = !R->Negative;
  return R->str();
}

std::optional<double> opgen::constructYaml11Float(StringRef S) {
  std::string V;
  bool Negative;
  if (!dropUnderscoresAndSign(S.lower(), V, Negative))
    return std::nullopt;
  double Sign = Negative ? -1.0 : 1.0;
  if (V == ".inf")
    return Sign * HUGE_VAL;
  if (V == ".nan")
    return NAN;
  if (StringRef(V).contains(':')) {
    SmallVector<StringRef, 4> Parts;
    StringRef(V).split(Parts, ':');
    double Value = 0.0, Base = 1.0;
    for (size_t I = Parts.size(); I-- > 0;) {
      std::optional<double> D = parsePythonFloat(Parts[I]);
      if (!D)
        return std::nullopt;
      Value += *D * Base;
      Base *= 60;
    }
    return Sign * Value;
  }
  std::optional<double> D = parsePythonFloat(V);
  if (!D)
    return std::nullopt;
  return Sign * *D;
}

static bool isLeapYear(unsigned Y) {
  return (Y % 4 == 0 && Y % 100 != 0) || Y % 400 == 0;
}

static unsigned daysInMonth(unsigned Y, unsigned M) {
  static constexpr unsigned Days[] = {31, 28, 31, 30, 31, 30,
                                      31, 31, 30, 31, 30, 31};
  return M == 2 && isLeapYear(Y) ? 29 : Days[M - 1];
}

static std::string twoDigits(unsigned N) {
  return std::string(1, char('0' + N / 10 % 10)) + char('0' + N % 10);
}

std::optional<std::string> opgen::constructYaml11Timestamp(StringRef S) {
  // Python's `$` also matches before a final line break.
  if (S.endswith("\n"))
    S = S.drop_back();
  size_t I = 0;
  auto Digits = [&](size_t Min, size_t Max, unsigned &Out) {
    size_t N = digitsAt(S, I, Max);
    if (N < Min)
      return false;
    Out = 0;
    for (size_t K = 0; K < N; ++K)
      Out = Out * 10 + (S[I + K] - '0');
    I += N;
    return true;
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
  unsigned Year, Month, Day;
  if (!Digits(4, 4, Year) || !Char('-') || !Digits(1, 2, Month) || !Char('-') ||
      !Digits(1, 2, Day))
    return std::nullopt;
  // date() and datetime() check the fields.
  if (Year < 1 || Month < 1 || Month > 12 || Day < 1 ||
      Day > daysInMonth(Year, Month))
    return std::nullopt;
  std::string Date =
      std::to_string(Year) + "-" + twoDigits(Month) + "-" + twoDigits(Day);
  Date.insert(0, 10 - Date.size(), '0');
  if (I == S.size())
    return Date;
  if (!Char('T') && !Char('t') && !Blanks())
    return std::nullopt;
  unsigned Hour, Minute, Second;
  if (!Digits(1, 2, Hour) || !Char(':') || !Digits(2, 2, Minute) ||
      !Char(':') || !Digits(2, 2, Second))
    return std::nullopt;
  unsigned Micro = 0;
  if (Char('.')) {
    size_t N = digitsAt(S, I);
    // The first six digits, padded with zeros.
    for (size_t K = 0; K < 6; ++K)
      Micro = Micro * 10 + (K < N ? S[I + K] - '0' : 0);
    I += N;
  }
  std::string Zone;
  if (I != S.size()) {
    Blanks();
    if (Char('Z')) {
      Zone = "+00:00";
    } else {
      bool Minus = I < S.size() && S[I] == '-';
      unsigned ZH, ZM = 0;
      if ((!Char('-') && !Char('+')) || !Digits(1, 2, ZH))
        return std::nullopt;
      if (Char(':') && !Digits(2, 2, ZM))
        return std::nullopt;
      // timezone() wants an offset strictly within a day.
      unsigned Total = ZH * 60 + ZM;
      if (Total >= 24 * 60)
        return std::nullopt;
      Zone = std::string(Minus && Total ? "-" : "+") + twoDigits(Total / 60) +
             ":" + twoDigits(Total % 60);
    }
    if (I != S.size())
      return std::nullopt;
  }
  if (Hour > 23 || Minute > 59 || Second > 59)
    return std::nullopt;
  std::string Out = Date + "T" + twoDigits(Hour) + ":" + twoDigits(Minute) +
                    ":" + twoDigits(Second);
  if (Micro) {
    std::string F = std::to_string(Micro);
    Out += "." + std::string(6 - F.size(), '0') + F;
  }
  return Out + Zone;
}

std::optional<std::string> opgen::constructYaml11Binary(StringRef S) {
  // binascii.a2b_base64 outside strict mode: characters outside the
  // alphabet are skipped, and padding ends the data once a quad is full.
  auto Value = [](unsigned char C) -> int {
    if (C >= 'A' && C <= 'Z')
      return C - 'A';
    if (C >= 'a' && C <= 'z')
      return C - 'a' + 26;
    if (C >= '0' && C <= '9')
      return C - '0' + 52;
    if (C == '+')
      return 62;
    if (C == '/')
      return 63;
    return -1;
  };
  // .encode('ascii') comes first and raises on any other character.
  if (any_of(S, [](char C) { return static_cast<unsigned char>(C) >= 0x80; }))
    return std::nullopt;
  std::string Out;
  unsigned Quad = 0, Pads = 0, Left = 0;
  for (unsigned char C : S) {
    if (C == '=') {
      if (Quad >= 2 && Quad + ++Pads >= 4)
        return Out;
      continue;
    }
    int V = Value(C);
    if (V < 0)
      continue;
    Pads = 0;
    switch (Quad) {
    case 0:
      Left = V;
      Quad = 1;
      break;
    case 1:
      Out += char((Left << 2) | (V >> 4));
      Left = V & 0xf;
      Quad = 2;
      break;
    case 2:
      Out += char((Left << 4) | (V >> 2));
      Left = V & 0x3;
      Quad = 3;
      break;
    case 3:
      Out += char((Left << 6) | V);
      Quad = 0;
      break;
    }
  }
  if (Quad != 0)
    return std::nullopt;
  return Out;
}

std::string opgen::pythonIntOfFloat(double D) {
  int Exp;
  double M = std::frexp(std::fabs(D), &Exp);
  // |D| = Mant * 2^(Exp - 53), with Mant a 53-bit integer.
  auto Mant = static_cast<uint64_t>(std::ldexp(M, 53));
  Exp -= 53;
  while (Exp < 0 && Mant && !(Mant & 1)) {
    Mant >>= 1;
    ++Exp;
  }
  if (Exp < 0)
    Mant >>= -Exp; // not integral; int() truncates
  BigNat N;
  N.mulAdd(1, uint32_t(Mant / 1000000000 / 1000000000));
  N.mulAdd(1000000000, uint32_t(Mant / 1000000000 % 1000000000));
  N.mulAdd(1000000000, uint32_t(Mant % 1000000000));
  for (int I = 0; I < Exp; ++I)
    N.mulAdd(2, 0);
  BigInt R{N, D < 0};
  return R.str();
}

/// Days from 0001-01-01 to \p Y - \p M - \p D (proleptic Gregorian).
static int64_t daysFromCivil(int64_t Y, unsigned M, unsigned D) {
  Y -= M <= 2;
  int64_t Era = (Y >= 0 ? Y : Y - 399) / 400;
  unsigned Yoe = static_cast<unsigned>(Y - Era * 400);
  unsigned Doy = (153 * (M + (M > 2 ? -3 : 9)) + 2) / 5 + D - 1;
  unsigned Doe = Yoe * 365 + Yoe / 4 - Yoe / 100 + Doy;
  return Era * 146097 + static_cast<int64_t>(Doe);
}

std::optional<std::string> opgen::yaml11TimestampInstant(StringRef Iso) {
  // YYYY-MM-DDTHH:MM:SS[.ffffff](+|-)HH:MM, as constructYaml11Timestamp
  // writes it.
  if (Iso.size() < 25)
    return std::nullopt;
  StringRef Zone = Iso.take_back(6);
  if (Zone[0] != '+' && Zone[0] != '-')
    return std::nullopt;
  auto Num = [&](size_t At, size_t Len) {
    unsigned N = 0;
    Iso.substr(At, Len).getAsInteger(10, N);
    return N;
  };
  int64_t Minutes = daysFromCivil(Num(0, 4), Num(5, 2), Num(8, 2)) * 1440 +
                    Num(11, 2) * 60 + Num(14, 2);
  int64_t Offset = Num(Iso.size() - 5, 2) * 60 + Num(Iso.size() - 2, 2);
  Minutes -= Zone[0] == '-' ? -Offset : Offset;
  // Seconds and the fraction are not moved by an offset of whole minutes.
  return std::to_string(Minutes) + Iso.slice(16, Iso.size() - 6).str();
}
