//===- Yaml11.cpp - YAML 1.1 scalars as PyYAML's safe loader builds them --===//
//
// SafeConstructor's ints, floats, booleans and binary data, and the Python
// int() and float() they rely on. The resolver and timestamps are in
// Yaml11Resolve.cpp.
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/Yaml11.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/ConvertUTF.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <vector>

using namespace opgen;
using namespace llvm;

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

/// What int() and float() do to text first: every Unicode white space
/// character becomes a space and every decimal digit (`٢`, `２`) its ASCII
/// digit (CPython's _PyUnicode_TransformDecimalAndSpaceToASCII; Unicode
/// 14.0, Python 3.11's tables). Other text is kept, and fails to parse.
static std::string asciiNumberText(StringRef S) {
  if (all_of(S, [](char C) { return isASCII(C); }))
    return S.str();
  // Where each run of ten decimal digits starts (the zero).
  static constexpr uint32_t Zeros[] = {
      0x30,    0x660,   0x6f0,   0x7c0,   0x966,   0x9e6,   0xa66,   0xae6,
      0xb66,   0xbe6,   0xc66,   0xce6,   0xd66,   0xde6,   0xe50,   0xed0,
      0xf20,   0x1040,  0x1090,  0x17e0,  0x1810,  0x1946,  0x19d0,  0x1a80,
      0x1a90,  0x1b50,  0x1bb0,  0x1c40,  0x1c50,  0xa620,  0xa8d0,  0xa900,
      0xa9d0,  0xa9f0,  0xaa50,  0xabf0,  0xff10,  0x104a0, 0x10d30, 0x11066,
      0x110f0, 0x11136, 0x111d0, 0x112f0, 0x11450, 0x114d0, 0x11650, 0x116c0,
      0x11730, 0x118e0, 0x11950, 0x11c50, 0x11d50, 0x11da0, 0x16a60, 0x16ac0,
      0x16b50, 0x1d7ce, 0x1d7d8, 0x1d7e2, 0x1d7ec, 0x1d7f6, 0x1e140, 0x1e2f0,
      0x1e950, 0x1fbf0};
  auto IsSpace = [](uint32_t C) {
    return C == 0x85 || C == 0xa0 || C == 0x1680 ||
           (C >= 0x2000 && C <= 0x200a) || C == 0x2028 || C == 0x2029 ||
           C == 0x202f || C == 0x205f || C == 0x3000;
  };
  std::string Out;
  const auto *P = reinterpret_cast<const UTF8 *>(S.begin());
  const auto *E = reinterpret_cast<const UTF8 *>(S.end());
  while (P < E) {
    const UTF8 *Start = P;
    UTF32 C;
    if (*P < 0x80 ||
        convertUTF8Sequence(&P, E, &C, strictConversion) != conversionOK) {
      Out += static_cast<char>(*Start);
      P = Start + 1;
      continue;
    }
    if (IsSpace(C)) {
      Out += ' ';
      continue;
    }
    const uint32_t *Z = std::upper_bound(std::begin(Zeros), std::end(Zeros), C);
    if (Z != std::begin(Zeros) && C - Z[-1] < 10) {
      Out += static_cast<char>('0' + (C - Z[-1]));
      continue;
    }
    Out.append(reinterpret_cast<const char *>(Start), P - Start);
  }
  return Out;
}

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
static std::optional<BigInt> pythonInt(StringRef Text, unsigned Base) {
  std::string Ascii = asciiNumberText(Text);
  StringRef S = stripPythonSpace(Ascii);
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

std::optional<double> opgen::parsePythonFloat(StringRef Input) {
  std::string Ascii = asciiNumberText(Input);
  StringRef S = stripPythonSpace(Ascii);
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
  // Every boolean field of every entry comes here (asBool): fold the case
  // into a small buffer, as the words have 2 to 5 letters.
  if (S.size() < 2 || S.size() > 5)
    return std::nullopt;
  char Buf[5];
  for (size_t I = 0; I < S.size(); ++I)
    Buf[I] = toLower(S[I]);
  StringRef L(Buf, S.size());
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
