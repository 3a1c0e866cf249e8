//===- CodeTemplate.cpp - torchgen's CodeTemplate substitution ------------===//
//
// A hand-written scanner instead of a regex: it accepts what torchgen's
// pattern `(^[^\n\S]*)?\$([^\d\W]\w*|\{,?[^\d\W]\w*\,?})` accepts, with
// Python's notions of whitespace and line breaks (ASCII part).
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SwapByteOrder.h"

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

using namespace opgen;
using namespace llvm;

/// Whitespace other than a newline: `[^\n\S]`.
static bool isBlank(char C) { return C != '\n' && isPythonSpace(C); }

static bool isIdentStart(char C) { return isAlpha(C) || C == '_'; }
static bool isIdentChar(char C) { return isAlnum(C) || C == '_'; }

/// The first byte of [P, E) below 0x20 (every line break and every
/// whitespace byte but the blank is one), or E. Generated files are
/// megabytes of ~50-byte lines: sixteen bytes a step where SSE2 is there
/// (about a third of an instruction a byte), eight otherwise.
static const char *findControl(const char *P, const char *E) {
#if defined(__SSE2__)
  const __m128i Max = _mm_set1_epi8(0x1f);
  while (E - P >= 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P));
    // A byte is at most 0x1f exactly when min(byte, 0x1f) is the byte.
    unsigned Mask = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(V, Max), V)));
    if (Mask)
      return P + countTrailingZeros(Mask);
    P += 16;
  }
#endif
  constexpr uint64_t Ones = 0x0101010101010101ULL, Highs = Ones * 0x80;
  while (E - P >= 8) {
    uint64_t W;
    std::memcpy(&W, P, 8);
    // The lowest marked byte is exactly the first one below 0x20.
    if (uint64_t Mask = (W - Ones * 0x20) & ~W & Highs) {
      if (sys::IsLittleEndianHost)
        return P + countTrailingZeros(Mask) / 8;
      break;
    }
    P += 8;
  }
  while (P != E && static_cast<unsigned char>(*P) >= 0x20)
    ++P;
  return P;
}

/// Python's str.splitlines() (ASCII line boundaries), jumping from one
/// control byte to the next (every line break is one).
static void splitLines(StringRef S, std::vector<StringRef> &Out) {
  static const struct Table {
    bool IsBreak[256] = {};
    Table() {
      for (unsigned char C : {'\n', '\r', '\v', '\f', '\x1c', '\x1d', '\x1e'})
        IsBreak[C] = true;
    }
  } T;
  const char *P = S.data(), *E = P + S.size(), *Start = P;
  while ((P = findControl(P, E)) != E) {
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

/// Whether \p S is text the block rules only join: its one kind of line
/// break is `\n`, and no line ends in whitespace (so no line is blank but
/// for being empty). Generated C++ almost always is, and checking costs far
/// less than splitting and stripping line by line. Counts the control
/// bytes into \p Controls, a bound on the lines.
static bool isCleanBlockText(StringRef S, size_t &Controls) {
  const char *B = S.data(), *E = B + S.size();
  for (const char *P = findControl(B, E); P != E; P = findControl(P + 1, E)) {
    ++Controls;
    if (*P == '\n') {
      if (P != B && isPythonSpace(P[-1]))
        return false;
    } else if (*P != '\t') {
      return false;
    }
  }
  return S.empty() || S.back() == '\n' || !isPythonSpace(S.back());
}

/// Append \p S's lines at \p Out as the block rules would, for clean text
/// (see isCleanBlockText): no line needs stripping, so only the separators
/// and the indentation are added, and unindented text is copied whole.
/// \p Out has room for every byte and, per line, the indentation and a
/// separator.
static char *appendCleanLines(char *Out, StringRef Indent, StringRef S,
                              bool &AnyLine) {
  if (S.empty())
    return Out; // No lines at all, as Python's "".splitlines().
  if (S.back() == '\n')
    S = S.drop_back();
  if (AnyLine)
    *Out++ = '\n';
  AnyLine = true;
  if (Indent.empty()) {
    std::memcpy(Out, S.data(), S.size());
    return Out + S.size();
  }
  const char *P = S.data(), *E = P + S.size();
  while (true) {
    const char *NL = static_cast<const char *>(std::memchr(P, '\n', E - P));
    const char *LineEnd = NL ? NL : E;
    if (LineEnd != P) {
      std::memcpy(Out, Indent.data(), Indent.size());
      Out += Indent.size();
      std::memcpy(Out, P, LineEnd - P);
      Out += LineEnd - P;
    }
    if (!NL)
      return Out;
    *Out++ = '\n';
    P = NL + 1;
  }
}

/// Append \p S's lines at \p Out by the general rules: split as Python's
/// splitlines(), each line right-stripped and, when not blank, indented.
static char *appendAnyLines(char *Out, StringRef Indent, StringRef S,
                            bool &AnyLine, std::vector<StringRef> &Lines) {
  Lines.clear();
  splitLines(S, Lines);
  for (StringRef L : Lines) {
    if (AnyLine)
      *Out++ = '\n';
    AnyLine = true;
    if (isPyBlankLine(L))
      continue;
    StringRef Stripped = pyRStrip(L);
    std::memcpy(Out, Indent.data(), Indent.size());
    Out += Indent.size();
    std::memcpy(Out, Stripped.data(), Stripped.size());
    Out += Stripped.size();
  }
  return Out;
}

/// Append a block placeholder's text to \p Out: every line of every
/// element, indented when not blank, right-stripped, without trailing blank
/// lines. Values can be megabytes (OperatorsEverything.cpp): room is made
/// once, for the most the text can take, and written through a pointer.
static void appendIndentedLines(std::string &Out, StringRef Indent,
                                const TemplateValue &V, size_t Rest) {
  size_t N = V.isList() ? V.size() : 1;
  auto Element = [&](size_t I) {
    return V.isList() ? V[I] : StringRef(V.getScalar());
  };
  // One look at each element says which rules it needs, and bounds its
  // lines (each ends at a control byte or at the element's end).
  SmallVector<bool, 16> Clean(N);
  size_t Bytes = 0, Lines = 0;
  for (size_t I = 0; I != N; ++I) {
    size_t Controls = 0;
    Clean[I] = isCleanBlockText(Element(I), Controls);
    Bytes += Element(I).size();
    Lines += Controls + 1;
  }
  size_t Start = Out.size();
  size_t Most = Bytes + Lines * (Indent.size() + 1);
  if (Out.capacity() < Start + Most + Rest)
    Out.reserve(Start + Most + Rest);
  Out.resize(Start + Most);
  char *Begin = &Out[Start], *P = Begin;
  bool AnyLine = false;
  std::vector<StringRef> Split;
  for (size_t I = 0; I != N; ++I)
    P = Clean[I] ? appendCleanLines(P, Indent, Element(I), AnyLine)
                 : appendAnyLines(P, Indent, Element(I), AnyLine, Split);
  while (P != Begin && isPythonSpace(P[-1]))
    --P;
  Out.resize(Start + (P - Begin));
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

bool CodeTemplate::uses(StringRef Key) const {
  StringRef P = Pattern;
  for (size_t D = P.find('$'); D != StringRef::npos; D = P.find('$', D + 1)) {
    Placeholder PH;
    if (matchPlaceholder(P.substr(D), PH) && PH.Key == Key)
      return true;
  }
  return false;
}

Expected<std::string> CodeTemplate::substitute(const TemplateEnv &Env) const {
  StringRef P = Pattern;
  std::string Out;
  Out.reserve(P.size() * 2);
  // Text between placeholders is copied in runs, from one `$` to the next.
  size_t Lit = 0;
  for (size_t D = P.find('$'); D != StringRef::npos; D = P.find('$', D + 1)) {
    Placeholder PH;
    if (!matchPlaceholder(P.substr(D), PH))
      continue;
    // A block when only blanks stand between the line's start and the `$`
    // (the pattern's optional `^[^\n\S]*`); a previous placeholder on the
    // line ends in a non-blank, so the scan never passes it.
    size_t LS = D;
    while (LS > Lit && isBlank(P[LS - 1]))
      --LS;
    bool Block = LS == 0 || P[LS - 1] == '\n';
    Out.append(P.data() + Lit, (Block ? LS : D) - Lit);
    auto It = Env.find(PH.Key);
    if (It == Env.end())
      return createStringError(inconvertibleErrorCode(),
                               "template `%s` uses `$%s`, which has no value",
                               Name.c_str(), PH.Key.str().c_str());
    const TemplateValue &V = It->second;
    if (Block) {
      appendIndentedLines(Out, P.slice(LS, D), V, P.size() - D);
    } else if (V.isList()) {
      if (V.size() && PH.CommaBefore)
        Out += ", ";
      for (size_t K = 0; K != V.size(); ++K) {
        if (K)
          Out += ", ";
        Out.append(V[K].data(), V[K].size());
      }
      if (V.size() && PH.CommaAfter)
        Out += ", ";
    } else {
      Out += V.getScalar();
    }
    Lit = D + PH.Length;
    D = Lit - 1;
  }
  Out.append(P.data() + Lit, P.size() - Lit);
  return Out;
}
