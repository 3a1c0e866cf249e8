//===- PyYamlDump.cpp - PyYAML's yaml.dump text, event by event -----------===//
//
// A port of the parts of PyYAML's emitter (yaml/emitter.py) that yaml.dump
// of plain Python data in block style reaches. The emitter keeps PyYAML's
// state (indent stack, column, whitespace and indention flags) so the same
// rules place every indicator, line break and space.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/PyYamlDump.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"

#include <array>
#include <cassert>
#include <charconv>
#include <cstring>

using namespace opgen;
using namespace llvm;

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

static bool isBlank(char C) {
  return C == '\0' || C == ' ' || C == '\t' || C == '\r' || C == '\n';
}

/// Leading indicators forbid the plain style.
static bool hasLeadingIndicator(StringRef S) {
  switch (S[0]) {
  case '#':
  case ',':
  case '[':
  case ']':
  case '{':
  case '}':
  case '&':
  case '*':
  case '!':
  case '|':
  case '>':
  case '\'':
  case '"':
  case '%':
  case '@':
  case '`':
    return true;
  case '?':
  case ':':
    return S.size() == 1 || isBlank(S[1]);
  case '-':
    return S.size() == 1 || isBlank(S[1]) || S.startswith("---");
  case '.':
    return S.startswith("...");
  default:
    return false;
  }
}

namespace {
/// Bytes of a word of text, as the high bit of each: Special for control
/// characters and those outside ASCII, Marked for `:` and `#`.
struct WordBytes {
  uint64_t Special, Marked;
};
} // namespace

static WordBytes classifyBytes(uint64_t W) {
  constexpr uint64_t Ones = 0x0101010101010101, High = Ones * 0x80,
                     Low = Ones * 0x7F;
  // Byte by byte without carries from one into the next: the low seven
  // bits plus at most 0x7F stay within the byte.
  auto IsZero = [](uint64_t X) { return ~(((X & Low) + Low) | X) & High; };
  uint64_t Below20 = ~(((W & Low) + Ones * 0x60) | W) & High;
  return {(W & High) | Below20 | IsZero(W ^ Low),
          IsZero(W ^ (Ones * ':')) | IsZero(W ^ (Ones * '#'))};
}

static ScalarAnalysis analyzeScalarFully(StringRef S);

/// PyYAML's analyze_scalar, on bytes. Any character outside printable ASCII
/// and `\n` is special (allow_unicode is off), which forces double quotes
/// whatever else is found, so multi-byte characters need no decoding here.
///
/// Without line breaks and special characters, which is nearly every text
/// here, only spaces at the ends and `: `, ` #` inside matter: eight bytes
/// at a time, the scan finds the `:` and `#` to look at, and sends a text
/// with anything else to the full analysis. It saves about 5 M
/// instructions of Declarations.yaml's dump.
static ScalarAnalysis analyzeScalar(StringRef S) {
  ScalarAnalysis A;
  size_t N = S.size();
  if (N == 0) {
    A.Empty = true;
    return A;
  }
  const char *P = S.data();
  bool BlockIndicators = hasLeadingIndicator(S);
  // Blanks next to `:` and `#` can only be spaces here: the others are
  // special characters or breaks.
  auto Look = [&](size_t I) {
    if (I != 0 &&
        (P[I] == ':' ? I + 1 == N || P[I + 1] == ' ' : P[I - 1] == ' '))
      BlockIndicators = true;
  };
  if (N < 8) {
    // The bytes in one word, some twice, the rest of it `a`.
    uint64_t W;
    if (N >= 4) {
      W = support::endian::read32le(P) |
          uint64_t(support::endian::read32le(P + N - 4)) << 32;
    } else {
      W = 0x6161616161000000 | uint64_t(uint8_t(P[0])) |
          uint64_t(uint8_t(P[N / 2])) << 8 | uint64_t(uint8_t(P[N - 1])) << 16;
    }
    WordBytes B = classifyBytes(W);
    if (B.Special)
      return analyzeScalarFully(S);
    if (B.Marked)
      for (size_t I = 0; I != N; ++I)
        if (P[I] == ':' || P[I] == '#')
          Look(I);
  } else {
    // Whole words, then the last eight bytes (some seen again, harmlessly).
    for (size_t Base = 0;; Base += 8) {
      if (Base + 8 > N)
        Base = N - 8;
      WordBytes B = classifyBytes(support::endian::read64le(P + Base));
      if (B.Special)
        return analyzeScalarFully(S);
      for (uint64_t M = B.Marked; M; M &= M - 1)
        Look(Base + countTrailingZeros(M) / 8);
      if (Base + 8 == N)
        break;
    }
  }
  if (P[0] == ' ' || P[N - 1] == ' ' || BlockIndicators)
    A.AllowBlockPlain = false;
  return A;
}

static ScalarAnalysis analyzeScalarFully(StringRef S) {
  ScalarAnalysis A;
  bool BlockIndicators = hasLeadingIndicator(S);
  bool LineBreaks = false, Special = false;
  bool LeadingSpace = false, LeadingBreak = false;
  bool TrailingSpace = false, TrailingBreak = false;
  bool BreakSpace = false, SpaceBreak = false;
  bool PreviousSpace = false, PreviousBreak = false;
  size_t N = S.size();
  for (size_t I = 0; I != N; ++I) {
    char C = S[I];
    // Most characters matter only for not being a space or a break.
    if (C > ' ' && C <= '~' && C != ':' && C != '#') {
      PreviousSpace = PreviousBreak = false;
      continue;
    }
    if (I != 0) {
      if (C == ':' && (I + 1 >= N || isBlank(S[I + 1])))
        BlockIndicators = true;
      if (C == '#' && isBlank(S[I - 1]))
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

void PyYamlEmitter::Output::grow(size_t N) {
  // resize zero-fills the step before it is written over; steps of 1 kB
  // stay under glibc's threshold for `rep stosb`, which callgrind counts
  // byte by byte.
  S->resize(Len + std::max<size_t>(N, 1024));
  Buf = &(*S)[0];
  Cap = S->size();
}

inline void PyYamlEmitter::increaseIndent(bool Flow, bool Indentless) {
  Indents.push_back(Indent);
  if (Indent < 0)
    Indent = Flow ? 2 : 0;
  else if (!Indentless)
    Indent += 2;
}

inline void PyYamlEmitter::popIndent() { Indent = Indents.pop_back_val(); }

inline void PyYamlEmitter::writeLineBreak() {
  O.put('\n');
  Whitespace = Indention = true;
  Column = 0;
}

inline void PyYamlEmitter::writeText(StringRef S) {
  O.put(S);
  Column += S.size();
}

static constexpr char Spaces[33] = "                                ";

inline void PyYamlEmitter::Output::putSpacesUnchecked(size_t N) {
  // Whole runs of 32, the bytes past N being working space.
  char *D = Buf + Len;
  Len += N;
  for (;;) {
    std::memcpy(D, Spaces, 32);
    if (N <= 32)
      return;
    D += 32;
    N -= 32;
  }
}

inline void PyYamlEmitter::writeIndent() {
  size_t I = Indent < 0 ? 0 : static_cast<size_t>(Indent);
  if (!Indention || Column > I || (Column == I && !Whitespace))
    writeLineBreak();
  if (Column < I) {
    Whitespace = true;
    O.reserve(I - Column + 32);
    O.putSpacesUnchecked(I - Column);
    Column = I;
  }
}

inline void PyYamlEmitter::writeIndicator(StringRef Indicator,
                                          bool NeedWhitespace,
                                          bool NewWhitespace,
                                          bool KeepIndention) {
  if (!Whitespace && NeedWhitespace) {
    O.put(' ');
    ++Column;
  }
  writeText(Indicator);
  Whitespace = NewWhitespace;
  Indention = Indention && KeepIndention;
  OpenEnded = false;
}

inline void PyYamlEmitter::startNode(bool IsKey) {
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

void PyYamlEmitter::flushPendingSlow() {
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

bool PyYamlEmitter::atNewLine() const {
  assert(!Pending && "a pending collection");
  if (Frames.empty() ||
      (Frames.back().K == Frame::Mapping && Frames.back().ValueNext))
    return false;
  // writeIndent's condition for a line break: after it the text no longer
  // depends on what came before.
  size_t I = Indent < 0 ? 0 : static_cast<size_t>(Indent);
  return !Indention || Column > I || (Column == I && !Whitespace);
}

void PyYamlEmitter::beginRun(Run &R) {
  flushPending();
  R.Indent = atNewLine() ? Indent : -2;
  R.InMapping = !Frames.empty() && Frames.back().K == Frame::Mapping;
  R.Begin = O.size();
}

void PyYamlEmitter::endRun(Run &R) {
  assert(!Pending && "a run's collection was not ended");
  assert(
      (R.Indent == -2 || (Indent == R.Indent && !Frames.empty() &&
                          (Frames.back().K == Frame::Mapping) == R.InMapping &&
                          !Frames.back().ValueNext)) &&
      "a run must be whole items or key and value pairs");
  R.End = O.size();
  R.Column = Column;
  R.Whitespace = Whitespace;
  R.Indention = Indention;
  R.OpenEnded = OpenEnded;
  R.MappingContext = MappingContext;
  R.SimpleKeyContext = SimpleKeyContext;
}

bool PyYamlEmitter::repeatRun(const Run &R) {
  flushPending();
  if (R.Indent == -2 || R.Indent != Indent || !atNewLine() ||
      (Frames.back().K == Frame::Mapping) != R.InMapping)
    return false;
  O.repeat(R.Begin, R.End);
  Column = R.Column;
  Whitespace = R.Whitespace;
  Indention = R.Indention;
  OpenEnded = R.OpenEnded;
  RootContext = false;
  MappingContext = R.MappingContext;
  SimpleKeyContext = R.SimpleKeyContext;
  return true;
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

void PyYamlEmitter::plainScalar(StringRef S) {
  if (RootContext)
    OpenEnded = true;
  if (S.empty())
    return;
  O.reserve(S.size() + 1);
  if (!Whitespace) {
    O.putUnchecked(" ", 1);
    ++Column;
  }
  O.putUnchecked(S.data(), S.size());
  Column += S.size();
  Whitespace = Indention = false;
}

void PyYamlEmitter::scalar(StringRef S, PyYamlStyle St) {
  assert(St != PyYamlStyle::NotAKey && "PyYamlEmitter: not a simple key");
  switch (St) {
  case PyYamlStyle::Plain:
    plainScalar(S);
    break;
  case PyYamlStyle::Single:
    // Only line breaks in single quotes are indented.
    increaseIndent(/*Flow=*/true, /*Indentless=*/false);
    writeSingleQuoted(S);
    popIndent();
    break;
  default:
    writeDoubleQuoted(S);
    break;
  }
}

// The commonest events, a plain key and a plain value in a block mapping,
// take straight-line paths that do what the general ones would (saves about
// 8 M instructions of Declarations.yaml's dump).

void PyYamlEmitter::plainValue(StringRef S) {
  flushPending();
  if (S.empty() || Frames.empty() || Frames.back().K != Frame::Mapping ||
      !Frames.back().ValueNext) {
    startNode(/*IsKey=*/false);
    plainScalar(S);
    return;
  }
  // writeIndicator(":") then the text after a space.
  Frames.back().ValueNext = false;
  RootContext = SimpleKeyContext = false;
  MappingContext = true;
  O.reserve(S.size() + 2);
  O.putUnchecked(':');
  O.putUnchecked(' ');
  O.putUnchecked(S.data(), S.size());
  Column += S.size() + 2;
  Whitespace = Indention = OpenEnded = false;
}

void PyYamlEmitter::integer(int64_t I) {
  char Buf[24];
  std::to_chars_result R = std::to_chars(Buf, Buf + sizeof(Buf), I);
  plainValue(StringRef(Buf, R.ptr - Buf));
}

/// choose_scalar_style for a str in block context, as a value or a key.
static PyYamlStyle chooseStyle(StringRef S, bool SimpleKey) {
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

void PyYamlEmitter::styledValue(StringRef S, PyYamlStyle St) {
  if (St == PyYamlStyle::Plain)
    return plainValue(S);
  flushPending();
  startNode(/*IsKey=*/false);
  scalar(S, St);
}

void PyYamlEmitter::string(StringRef S) {
  styledValue(S, chooseStyle(S, false));
}

void PyYamlEmitter::string(const PyYamlString &S) {
  styledValue(S.Text, S.ValueStyle);
}

void PyYamlEmitter::keyWithStyle(StringRef K, PyYamlStyle St) {
  if (St == PyYamlStyle::NotAKey)
    report_fatal_error("PyYamlEmitter: not a simple key");
  flushPending();
  if (St != PyYamlStyle::Plain || Frames.empty() ||
      Frames.back().K != Frame::Mapping || Frames.back().ValueNext) {
    startNode(/*IsKey=*/true);
    scalar(K, St);
    return;
  }
  // writeIndent, after which there is whitespace, then the text.
  Frames.back().ValueNext = true;
  RootContext = false;
  MappingContext = SimpleKeyContext = true;
  size_t I = Indent < 0 ? 0 : static_cast<size_t>(Indent);
  O.reserve(I + 33 + K.size());
  if (!Indention || Column > I || (Column == I && !Whitespace)) {
    O.putUnchecked('\n');
    Column = 0;
  }
  O.putSpacesUnchecked(I - Column);
  O.putUnchecked(K.data(), K.size());
  Column = I + K.size();
  Whitespace = Indention = false;
}

void PyYamlEmitter::key(StringRef K) { keyWithStyle(K, chooseStyle(K, true)); }

void PyYamlEmitter::key(const PyYamlString &K) {
  keyWithStyle(K.Text, K.KeyStyle);
}

void PyYamlEmitter::finishDocument() {
  assert(!Pending && "a collection was not ended");
  writeIndent();
  if (OpenEnded) {
    writeIndicator("...", true);
    writeIndent();
  }
  O.finish();
}
