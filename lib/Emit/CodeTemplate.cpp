//===- CodeTemplate.cpp - torchgen's CodeTemplate substitution ------------===//
//
// A hand-written scanner instead of a regex: it accepts what torchgen's
// pattern `(^[^\n\S]*)?\$([^\d\W]\w*|\{,?[^\d\W]\w*\,?})` accepts, with
// Python's notions of whitespace and line breaks (ASCII part).
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"

#include <cstdint>
#include <cstring>

using namespace opgen;
using namespace llvm;

/// Whitespace other than a newline: `[^\n\S]`.
static bool isBlank(char C) { return C != '\n' && isPythonSpace(C); }

static bool isIdentStart(char C) { return isAlpha(C) || C == '_'; }
static bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

/// Python's str.splitlines() (ASCII line boundaries). Generated files are
/// megabytes of ~50-character lines, so the scan skips eight bytes at a time
/// while none of them is a control character (every line break is one),
/// then finds the break with a table.
static void splitLines(StringRef S, std::vector<StringRef> &Out) {
  static const struct Table {
    bool IsBreak[256] = {};
    Table() {
      for (unsigned char C : {'\n', '\r', '\v', '\f', '\x1c', '\x1d', '\x1e'})
        IsBreak[C] = true;
    }
  } T;
  constexpr uint64_t Ones = 0x0101010101010101ULL, Highs = Ones * 0x80;
  const char *P = S.data(), *E = P + S.size(), *Start = P;
  while (P != E) {
    // Whether a byte of the word is below 0x20 (exact for the word, though
    // not per byte, which the table then decides).
    while (E - P >= 8) {
      uint64_t W;
      std::memcpy(&W, P, 8);
      // The lowest marked byte is exactly the first one below 0x20 (a
      // borrow only marks bytes above it): jump straight to it, rather than
      // byte by byte (a tenth of the instructions splitting megabytes).
      if (uint64_t Mask = (W - Ones * 0x20) & ~W & Highs) {
        if (sys::IsLittleEndianHost)
          P += countTrailingZeros(Mask) / 8;
        break;
      }
      P += 8;
    }
    if (P == E)
      break;
    if (!T.IsBreak[static_cast<unsigned char>(*P)]) {
      ++P;
      continue;
    }
    Out.emplace_back(Start, P - Start);
    if (*P == '\r' && P + 1 != E && P[1] == '\n')
      ++P;
    Start = ++P;
  }
  if (Start != E)
    Out.emplace_back(Start, E - Start);
}

static StringRef pyRStrip(StringRef S) {
  size_t E = S.size();
  while (E && isPythonSpace(S[E - 1]))
    --E;
  return S.take_front(E);
}

static bool isPyBlankLine(StringRef S) {
  for (char C : S)
    if (!isPythonSpace(C))
      return false;
  return true;
}

namespace {
/// A placeholder found at some position of the pattern.
struct Placeholder {
  StringRef Key;
  bool CommaBefore = false, CommaAfter = false;
  /// Length of the placeholder text, `$` included.
  size_t Length = 0;
};
} // namespace

/// Match `$name` or `${,name,}` at the start of \p S.
static bool matchPlaceholder(StringRef S, Placeholder &P) {
  if (S.size() < 2 || S[0] != '$')
    return false;
  if (isIdentStart(S[1])) {
    size_t E = 2;
    while (E < S.size() && isIdentChar(S[E]))
      ++E;
    P.Key = S.slice(1, E);
    P.Length = E;
    return true;
  }
  if (S[1] != '{')
    return false;
  size_t I = 2;
  bool Before = false, After = false;
  if (I < S.size() && S[I] == ',') {
    Before = true;
    ++I;
  }
  if (I >= S.size() || !isIdentStart(S[I]))
    return false;
  size_t KeyStart = I;
  while (I < S.size() && isIdentChar(S[I]))
    ++I;
  size_t KeyEnd = I;
  if (I < S.size() && S[I] == ',') {
    After = true;
    ++I;
  }
  if (I >= S.size() || S[I] != '}')
    return false;
  P.Key = S.slice(KeyStart, KeyEnd);
  P.CommaBefore = Before;
  P.CommaAfter = After;
  P.Length = I + 1;
  return true;
}

/// Append a block placeholder's text to \p Out: every line of every
/// element, indented when not blank, right-stripped, without trailing blank
/// lines. Values can be megabytes (OperatorsEverything.cpp), so the text is
/// built in place, in memory reserved once, never copied.
static void appendIndentedLines(std::string &Out, StringRef Indent,
                                const TemplateValue &V, size_t Rest) {
  std::vector<StringRef> Lines;
  if (V.isList())
    for (const std::string &E : V.getList())
      splitLines(E, Lines);
  else
    splitLines(V.getScalar(), Lines);
  size_t Need = Rest;
  for (StringRef L : Lines)
    Need += Indent.size() + L.size() + 1;
  if (Out.capacity() < Out.size() + Need)
    Out.reserve(Out.size() + Need);
  size_t Start = Out.size();
  for (size_t I = 0, E = Lines.size(); I != E; ++I) {
    if (I)
      Out += '\n';
    if (!isPyBlankLine(Lines[I])) {
      Out += Indent;
      Out += pyRStrip(Lines[I]);
    }
  }
  size_t End = Out.size();
  while (End > Start && isPythonSpace(Out[End - 1]))
    --End;
  Out.resize(End);
}

Expected<CodeTemplate> CodeTemplate::fromFile(StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!Buf)
    return createStringError(Buf.getError(), "cannot read template `%s`: %s",
                             Path.str().c_str(),
                             Buf.getError().message().c_str());
  return CodeTemplate((*Buf)->getBuffer().str(), Path.str());
}

Expected<std::string> CodeTemplate::substitute(const TemplateEnv &Env) const {
  StringRef P = Pattern;
  std::string Out;
  Out.reserve(P.size() * 2);
  size_t I = 0, E = P.size();
  while (I < E) {
    bool LineStart = I == 0 || P[I - 1] == '\n';
    size_t J = I;
    if (LineStart)
      while (J < E && isBlank(P[J]))
        ++J;
    Placeholder PH;
    // Only a line's leading blanks may come before a placeholder in a match.
    if ((J == I && P[I] != '$') || !matchPlaceholder(P.substr(J), PH)) {
      Out += P[I++];
      continue;
    }
    auto It = Env.find(PH.Key);
    if (It == Env.end())
      return createStringError(inconvertibleErrorCode(),
                               "template `%s` uses `$%s`, which has no value",
                               Name.c_str(), PH.Key.str().c_str());
    const TemplateValue &V = It->second;
    if (LineStart) {
      appendIndentedLines(Out, P.slice(I, J), V, E - J);
    } else if (V.isList()) {
      const std::vector<std::string> &L = V.getList();
      if (!L.empty() && PH.CommaBefore)
        Out += ", ";
      for (size_t K = 0; K != L.size(); ++K) {
        if (K)
          Out += ", ";
        Out += L[K];
      }
      if (!L.empty() && PH.CommaAfter)
        Out += ", ";
    } else {
      Out += V.getScalar();
    }
    I = J + PH.Length;
  }
  return Out;
}
