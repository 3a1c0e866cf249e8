//===- Yaml11Resolve.cpp - PyYAML's resolver, and its timestamps ---------===//
//
// The resolver's patterns are matched by hand rather than with regexes:
// every plain scalar of native_functions.yaml comes through here. The
// timestamp constructor lives here too, as it reads the same pattern.
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/Yaml11.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <cstdint>
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

namespace {
/// A place in a scalar and the steps both timestamp scanners take. They
/// scan different patterns, as PyYAML's resolver and constructor use two
/// regular expressions, but with the same pieces.
struct Cursor {
  StringRef S;
  size_t I = 0;

  bool atEnd() const { return I == S.size(); }
  /// Step over \p C if it is next.
  bool take(char C) {
    if (I >= S.size() || S[I] != C)
      return false;
    ++I;
    return true;
  }
  /// Step over spaces and tabs; whether there were any.
  bool blanks() {
    size_t B = I;
    while (I < S.size() && (S[I] == ' ' || S[I] == '\t'))
      ++I;
    return I != B;
  }
  /// Step over \p Min to \p Max digits, their value into \p Out if given.
  bool digits(size_t Min, size_t Max, unsigned *Out = nullptr) {
    size_t N = digitsAt(S, I, Max);
    if (N < Min)
      return false;
    if (Out) {
      *Out = 0;
      for (size_t K = 0; K < N; ++K)
        *Out = *Out * 10 + (S[I + K] - '0');
    }
    I += N;
    return true;
  }
};
} // namespace

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
  Cursor C{S, 5};
  if (!C.digits(1, 2) || !C.take('-') || !C.digits(1, 2))
    return false;
  if (!C.take('T') && !C.take('t') && !C.blanks())
    return false;
  if (!C.digits(1, 2) || !C.take(':') || !C.digits(2, 2) || !C.take(':') ||
      !C.digits(2, 2))
    return false;
  if (C.take('.'))
    C.digits(0, SIZE_MAX);
  if (C.atEnd())
    return true;
  C.blanks();
  if (C.take('Z'))
    return C.atEnd();
  if (!C.take('-') && !C.take('+'))
    return false;
  if (!C.digits(1, 2))
    return false;
  if (C.take(':') && !C.digits(2, 2))
    return false;
  return C.atEnd();
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

/// The resolver's patterns, without the final line break rule.
static Yaml11Tag resolvePatterns(StringRef S) {
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

Yaml11Tag opgen::resolveYaml11Plain(StringRef S) {
  Yaml11Tag T = resolvePatterns(S);
  // Python's `$` also matches before a final line break, which a scalar
  // tagged `!` may end with (`! "0\n"` is an int); the resolver is still
  // chosen by the first character, so "\n" alone stays a string.
  if (T == Yaml11Tag::Str && S.size() > 1 && S.back() == '\n')
    T = resolvePatterns(S.drop_back());
  return T;
}

//===----------------------------------------------------------------------===//
// Timestamps
//===----------------------------------------------------------------------===//

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
  Cursor C{S};
  unsigned Year, Month, Day;
  if (!C.digits(4, 4, &Year) || !C.take('-') || !C.digits(1, 2, &Month) ||
      !C.take('-') || !C.digits(1, 2, &Day))
    return std::nullopt;
  // date() and datetime() check the fields.
  if (Year < 1 || Month < 1 || Month > 12 || Day < 1 ||
      Day > daysInMonth(Year, Month))
    return std::nullopt;
  std::string Date =
      std::to_string(Year) + "-" + twoDigits(Month) + "-" + twoDigits(Day);
  Date.insert(0, 10 - Date.size(), '0');
  if (C.atEnd())
    return Date;
  if (!C.take('T') && !C.take('t') && !C.blanks())
    return std::nullopt;
  unsigned Hour, Minute, Second;
  if (!C.digits(1, 2, &Hour) || !C.take(':') || !C.digits(2, 2, &Minute) ||
      !C.take(':') || !C.digits(2, 2, &Second))
    return std::nullopt;
  unsigned Micro = 0;
  if (C.take('.')) {
    size_t N = digitsAt(S, C.I);
    // The first six digits, padded with zeros.
    for (size_t K = 0; K < 6; ++K)
      Micro = Micro * 10 + (K < N ? S[C.I + K] - '0' : 0);
    C.I += N;
  }
  std::string Zone;
  if (!C.atEnd()) {
    C.blanks();
    if (C.take('Z')) {
      Zone = "+00:00";
    } else {
      bool Minus = C.take('-');
      unsigned ZH, ZM = 0;
      if ((!Minus && !C.take('+')) || !C.digits(1, 2, &ZH))
        return std::nullopt;
      if (C.take(':') && !C.digits(2, 2, &ZM))
        return std::nullopt;
      // timezone() wants an offset strictly within a day.
      unsigned Total = ZH * 60 + ZM;
      if (Total >= 24 * 60)
        return std::nullopt;
      Zone = std::string(Minus && Total ? "-" : "+") + twoDigits(Total / 60) +
             ":" + twoDigits(Total % 60);
    }
    if (!C.atEnd())
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
