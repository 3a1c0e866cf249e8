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

/// Whether \p C is a blank that the block rules would strip at a line's
/// end and that a clean text may hold inside a line.
static bool isInlineBlank(char C) { return C == ' ' || C == '\t'; }

/// The number of bits set in a 16-lane mask, by table: the build targets
/// x86-64's baseline, without the popcnt instruction, where
/// countPopulation is a library call of some twenty instructions.
static unsigned countLanes(unsigned Mask) {
  static const struct Table {
    uint8_t N[256];
    constexpr Table() : N() {
      for (unsigned I = 0; I != 256; ++I)
        N[I] = (I & 1) + N[I / 2];
    }
  } T;
  return T.N[Mask & 0xff] + T.N[(Mask >> 8) & 0xff];
}

/// isCleanBlockText, and when it holds and \p Breaks is given, the number
/// of `\n` in \p S, from the same scan: a block placeholder indenting an
/// element needs both, and a second pass (a memchr a line) cost about as
/// much as the first.
static bool scanBlockText(StringRef S, size_t *Breaks) {
  // Clean: every byte below 0x20 is `\n` or `\t`, and no `\n` follows a
  // blank. The scan looks at sixteen bytes at a time and only looks closer
  // at a block that holds a control byte; it never stops per line (lines
  // are ~50 bytes: stopping at each cost about as much as the scan).
  const char *B = S.data(), *P = B, *E = B + S.size();
  size_t N = 0;
#if defined(__SSE2__)
  const __m128i Max = _mm_set1_epi8(0x1f), NL = _mm_set1_epi8('\n'),
                Tab = _mm_set1_epi8('\t'), Sp = _mm_set1_epi8(' ');
  for (; E - P >= 16; P += 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P));
    unsigned Ctrl = static_cast<unsigned>(
        _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(V, Max), V)));
    if (!Ctrl)
      continue;
    unsigned Lines =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(V, NL)));
    unsigned Blanks =
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(V, Sp)));
    if (Ctrl != Lines) {
      unsigned Tabs =
          static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(V, Tab)));
      if (Ctrl & ~(Lines | Tabs))
        return false;
      Blanks |= Tabs;
    }
    // The byte before each break: this block's, or the previous block's
    // last for a break at lane 0.
    unsigned Before = Blanks << 1;
    if (P != B && isInlineBlank(P[-1]))
      Before |= 1;
    if (Lines & Before)
      return false;
    N += countLanes(Lines);
  }
#endif
  for (; P != E; ++P) {
    unsigned char C = static_cast<unsigned char>(*P);
    if (C >= 0x20 || C == '\t')
      continue;
    if (C != '\n' || (P != B && isInlineBlank(P[-1])))
      return false;
    ++N;
  }
  if (!S.empty() && isInlineBlank(S.back()))
    return false;
  if (Breaks)
    *Breaks = N;
  return true;
}

bool opgen::isCleanBlockText(StringRef S) { return scanBlockText(S, nullptr); }

/// Write \p S's lines at \p P as the block rules would, for clean text (see
/// isCleanBlockText): no line needs stripping, so only the separators and
/// the indentation are added, and unindented text is copied whole. Returns
/// the end of what was written; the room is \p S's size, one separator and
/// an indentation per line. Written through a pointer: an append per piece
/// (two a line) cost about as much as the copying.
static char *writeCleanLines(char *P, StringRef Indent, StringRef S,
                             bool &AnyLine) {
  if (S.empty())
    return P; // No lines at all, as Python's "".splitlines().
  if (S.back() == '\n')
    S = S.drop_back();
  if (AnyLine)
    *P++ = '\n';
  AnyLine = true;
  if (Indent.empty()) {
    std::memcpy(P, S.data(), S.size());
    return P + S.size();
  }
  const char *In = S.data(), *E = In + S.size();
  while (true) {
    const char *NL = static_cast<const char *>(std::memchr(In, '\n', E - In));
    const char *LineEnd = NL ? NL : E;
    if (LineEnd != In) {
      std::memcpy(P, Indent.data(), Indent.size());
      P += Indent.size();
      std::memcpy(P, In, LineEnd - In);
      P += LineEnd - In;
    }
    if (!NL)
      return P;
    *P++ = '\n';
    In = NL + 1;
  }
}

/// Append \p S's lines to \p Out by the general rules: split as Python's
/// splitlines(), each line right-stripped and, when not blank, indented.
/// Written through a pointer into room made once: a few unclean elements
/// hold thousands of short lines (RegisterFunctionalization's), where an
/// append per piece cost about a sixth more.
static void appendAnyLines(std::string &Out, StringRef Indent, StringRef S,
                           bool &AnyLine, std::vector<StringRef> &Lines) {
  Lines.clear();
  splitLines(S, Lines);
  size_t Start = Out.size();
  Out.resize(Start + S.size() + Lines.size() * (Indent.size() + 1));
  char *Begin = &Out[Start], *P = Begin;
  for (StringRef L : Lines) {
    if (AnyLine)
      *P++ = '\n';
    AnyLine = true;
    // A blank line is one that stripping empties: one look from its end,
    // not a second from its start through the indentation.
    StringRef Stripped = pyRStrip(L);
    if (Stripped.empty())
      continue;
    std::memcpy(P, Indent.data(), Indent.size());
    P += Indent.size();
    std::memcpy(P, Stripped.data(), Stripped.size());
    P += Stripped.size();
  }
  Out.resize(Start + (P - Begin));
}

/// The number of `\n` in \p S, sixteen bytes a step where SSE2 is there
/// (a memchr a line cost more than the scan for ~50-byte lines).
static size_t countBreaks(StringRef S) {
  const char *P = S.data(), *E = P + S.size();
  size_t N = 0;
#if defined(__SSE2__)
  const __m128i NL = _mm_set1_epi8('\n');
  for (; E - P >= 16; P += 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(P));
    N += countLanes(
        static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(V, NL))));
  }
#endif
  for (; P != E; ++P)
    N += *P == '\n';
  return N;
}

/// Append a block placeholder's text to \p Out: every line of every
/// element, indented when not blank, right-stripped, without trailing blank
/// lines. Values can be megabytes (OperatorsEverything.cpp): room is made
/// once, for the most the text can take. Runs of clean elements are written
/// into it through a pointer (after a resize, whose zeroing costs less than
/// an append per piece); the rare others are appended line by line.
static void appendIndentedLines(std::string &Out, StringRef Indent,
                                const TemplateValue &V, size_t Rest) {
  size_t N = V.isList() ? V.size() : 1;
  auto Element = [&](size_t I) {
    return V.isList() ? V[I] : StringRef(V.getScalar());
  };
  // One look at each element says which rules it needs (none for those
  // whose maker vouched for them, see TemplateValue::isKnownClean), and
  // the room a clean one takes: its separator and its lines' indentation.
  SmallVector<bool, 16> Clean(N);
  SmallVector<size_t, 16> Room(N);
  size_t Most = 0;
  for (size_t I = 0; I != N; ++I) {
    StringRef S = Element(I);
    size_t Breaks = 0;
    if (V.isKnownClean(I)) {
      Clean[I] = true;
      if (!Indent.empty())
        Breaks = countBreaks(S);
    } else {
      Clean[I] = scanBlockText(S, Indent.empty() ? nullptr : &Breaks);
    }
    Room[I] = S.size() + 1;
    if (!Indent.empty() && Clean[I])
      Room[I] += (Breaks + 1) * Indent.size();
    Most += Room[I];
  }
  size_t Start = Out.size();
  if (Out.capacity() < Start + Most + Rest)
    Out.reserve(Start + Most + Rest);
  bool AnyLine = false;
  std::vector<StringRef> Split;
  for (size_t I = 0; I != N;) {
    if (!Clean[I]) {
      appendAnyLines(Out, Indent, Element(I), AnyLine, Split);
      ++I;
      continue;
    }
    size_t RunEnd = I, RunRoom = 0;
    for (; RunEnd != N && Clean[RunEnd]; ++RunEnd)
      RunRoom += Room[RunEnd];
    size_t At = Out.size();
    Out.resize(At + RunRoom);
    char *Begin = &Out[At], *P = Begin;
    for (; I != RunEnd; ++I)
      P = writeCleanLines(P, Indent, Element(I), AnyLine);
    Out.resize(At + (P - Begin));
  }
  size_t End = Out.size();
  while (End != Start && isPythonSpace(Out[End - 1]))
    --End;
  Out.resize(End);
}

/// The first `\n` at or after \p I of [B, B + N) that starts an empty line
/// (it is at 0 or follows a `\n`), or N. Sixteen bytes a step where SSE2
/// is there: empty lines are a few in a hundred.
static size_t findEmptyLineBreak(const char *B, size_t I, size_t N) {
  if (I == 0) {
    if (N && B[0] == '\n')
      return 0;
    I = 1;
  }
#if defined(__SSE2__)
  const __m128i NL = _mm_set1_epi8('\n');
  for (; I + 16 <= N; I += 16) {
    __m128i V = _mm_loadu_si128(reinterpret_cast<const __m128i *>(B + I));
    __m128i W = _mm_loadu_si128(reinterpret_cast<const __m128i *>(B + I - 1));
    unsigned Mask = static_cast<unsigned>(_mm_movemask_epi8(
        _mm_and_si128(_mm_cmpeq_epi8(V, NL), _mm_cmpeq_epi8(W, NL))));
    if (Mask)
      return I + countTrailingZeros(Mask);
  }
#endif
  for (; I < N; ++I)
    if (B[I] == '\n' && B[I - 1] == '\n')
      return I;
  return N;
}

void opgen::dropEmptyLines(std::string &S) {
  // Every `\n` that starts an empty line goes; then a last `\n` (the empty
  // last piece). Runs between the dropped bytes move down in place; the
  // search only reads bytes past every byte written.
  char *B = S.data();
  size_t N = S.size(), Out = 0, In = 0;
  for (size_t I = findEmptyLineBreak(B, 0, N); I != N;
       I = findEmptyLineBreak(B, I + 1, N)) {
    if (Out != In)
      std::memmove(B + Out, B + In, I - In);
    Out += I - In;
    In = I + 1;
  }
  if (Out != In)
    std::memmove(B + Out, B + In, N - In);
  Out += N - In;
  if (Out && B[Out - 1] == '\n')
    --Out;
  S.resize(Out);
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

CodeTemplate::CodeTemplate(std::string P, std::string N)
    : Pattern(std::move(P)), Name(std::move(N)) {
  // Split once into literal runs and placeholders, each with what it is
  // (block or inline), so that substituting a template thousands of times
  // (Register<Key>'s RegisterDispatchDefinitions.ini, once per group) does
  // not look for them again.
  StringRef Pat = Pattern;
  size_t Lit = 0;
  for (size_t D = Pat.find('$'); D != StringRef::npos;
       D = Pat.find('$', D + 1)) {
    Placeholder PH;
    if (!matchPlaceholder(Pat.substr(D), PH))
      continue;
    // A block when only blanks stand between the line's start and the `$`
    // (the pattern's optional `^[^\n\S]*`); a previous placeholder on the
    // line ends in a non-blank, so the scan never passes it.
    size_t LS = D;
    while (LS > Lit && isBlank(Pat[LS - 1]))
      --LS;
    Piece &Pc = Pieces.emplace_back();
    Pc.Block = LS == 0 || Pat[LS - 1] == '\n';
    Pc.LitBegin = Lit;
    Pc.LitEnd = Pc.Block ? LS : D;
    Pc.Dollar = D;
    Pc.KeyBegin = PH.Key.data() - Pat.data();
    Pc.KeyLength = PH.Key.size();
    Pc.CommaBefore = PH.CommaBefore;
    Pc.CommaAfter = PH.CommaAfter;
    Lit = D + PH.Length;
    D = Lit - 1;
    LiteralBytes += Pc.LitEnd - Pc.LitBegin;
  }
  TailBegin = Lit;
  LiteralBytes += Pat.size() - TailBegin;
}

/// Whether a block placeholder's string value is one line that the block
/// rules leave as it is (no byte below 0x20, no blank at its end): it is
/// then written after the indentation, unchanged.
static bool isPlainLine(StringRef S) {
  return findControl(S.begin(), S.end()) == S.end() &&
         (S.empty() || S.back() != ' ');
}

bool CodeTemplate::appendInline(std::string &Out,
                                ArrayRef<InlineArg> Args) const {
  StringRef P = Pattern;
  SmallVector<StringRef, 8> Values(Pieces.size());
  size_t Total = LiteralBytes;
  for (size_t I = 0; I != Pieces.size(); ++I) {
    const Piece &Pc = Pieces[I];
    StringRef Key = P.substr(Pc.KeyBegin, Pc.KeyLength);
    const InlineArg *A =
        llvm::find_if(Args, [&](const InlineArg &A) { return A.Key == Key; });
    if (A == Args.end())
      return false;
    Values[I] = A->Value;
    Total += A->Value.size();
    if (Pc.Block) {
      if (!isPlainLine(A->Value))
        return false;
      if (!A->Value.empty())
        Total += Pc.Dollar - Pc.LitEnd;
    }
  }
  size_t At = Out.size();
  Out.resize(At + Total);
  char *W = &Out[At];
  auto Put = [&](const char *S, size_t N) {
    std::memcpy(W, S, N);
    W += N;
  };
  for (size_t I = 0; I != Pieces.size(); ++I) {
    const Piece &Pc = Pieces[I];
    Put(P.data() + Pc.LitBegin, Pc.LitEnd - Pc.LitBegin);
    // A block's plain line gets its indentation (an empty one gives no
    // line at all); an inline string goes in as it is, whatever commas the
    // placeholder asks for (they apply to lists only).
    if (Pc.Block && !Values[I].empty())
      Put(P.data() + Pc.LitEnd, Pc.Dollar - Pc.LitEnd);
    Put(Values[I].data(), Values[I].size());
  }
  Put(P.data() + TailBegin, P.size() - TailBegin);
  return true;
}

bool CodeTemplate::uses(StringRef Key) const {
  StringRef P = Pattern;
  return llvm::any_of(Pieces, [&](const Piece &Pc) {
    return P.substr(Pc.KeyBegin, Pc.KeyLength) == Key;
  });
}

/// The bytes \p V adds where it is substituted, about: a block's lines may
/// add indentation, which appendIndentedLines makes room for.
static size_t sizeOf(const TemplateValue &V) {
  if (!V.isList())
    return V.getScalar().size();
  size_t N = 2 * V.size() + 4;
  for (size_t I = 0; I != V.size(); ++I)
    N += V[I].size();
  return N;
}

namespace {
/// What substitute() does with a block placeholder's value.
struct CopyBlocks {
  void operator()(std::string &Out, StringRef Indent, const TemplateValue &V,
                  size_t Rest) const {
    appendIndentedLines(Out, Indent, V, Rest);
  }
};
struct SizeAll {
  size_t operator()(const TemplateValue &V, bool, StringRef) const {
    return sizeOf(V);
  }
};
/// A placeholder's value in a TemplateEnv.
struct EnvLookup {
  const TemplateEnv &Env;
  const TemplateValue *operator()(StringRef Key) const {
    auto It = Env.find(Key);
    return It == Env.end() ? nullptr : &It->second;
  }
};
} // namespace

Expected<std::string> CodeTemplate::substitute(const TemplateEnv &Env) const {
  return substituteWith(EnvLookup{Env}, CopyBlocks(), SizeAll());
}

Expected<std::string>
CodeTemplate::substitute(ArrayRef<TemplateArg> Args) const {
  return substituteWith(
      [&](StringRef Key) -> const TemplateValue * {
        for (const TemplateArg &A : Args)
          if (A.Key == Key)
            return A.Value;
        return nullptr;
      },
      CopyBlocks(), SizeAll());
}

/// Whether a block placeholder with \p Indent can refer to \p V's strings
/// instead of copying them: unindented, and each string is known clean, so
/// the block rules add only the separators.
static bool canRefer(StringRef Indent, const TemplateValue &V) {
  if (!Indent.empty() || !V.isList() || !V.size())
    return false;
  for (size_t I = 0; I != V.size(); ++I)
    if (!V.isKnownClean(I))
      return false;
  return true;
}

Expected<SplicedText>
CodeTemplate::substitutePieces(const TemplateEnv &Env) const {
  static const char NewLine = '\n';
  std::vector<SplicedText::Part> Parts;
  size_t RunStart = 0;
  auto Block = [&](std::string &Out, StringRef Indent, const TemplateValue &V,
                   size_t Rest) {
    if (!canRefer(Indent, V)) {
      appendIndentedLines(Out, Indent, V, Rest);
      return;
    }
    if (Out.size() != RunStart)
      Parts.push_back({nullptr, RunStart, Out.size() - RunStart});
    size_t First = Parts.size();
    // As writeCleanLines: each non-empty string without its last `\n`, a
    // `\n` between them.
    bool AnyLine = false;
    for (size_t I = 0; I != V.size(); ++I) {
      StringRef S = V[I];
      if (S.empty())
        continue;
      if (S.back() == '\n')
        S = S.drop_back();
      if (AnyLine)
        Parts.push_back({&NewLine, 0, 1});
      AnyLine = true;
      if (!S.empty())
        Parts.push_back({S.data(), 0, S.size()});
    }
    // As appendIndentedLines: no whitespace at the block's end.
    while (Parts.size() != First) {
      SplicedText::Part &P = Parts.back();
      while (P.Length && isPythonSpace(P.External[P.Length - 1]))
        --P.Length;
      if (P.Length)
        break;
      Parts.pop_back();
    }
    RunStart = Out.size();
  };
  // Referred-to values add nothing to the owned text.
  auto Size = [&](const TemplateValue &V, bool IsBlock,
                  StringRef Indent) -> size_t {
    return IsBlock && canRefer(Indent, V) ? 0 : sizeOf(V);
  };
  Expected<std::string> Text = substituteWith(EnvLookup{Env}, Block, Size);
  if (!Text)
    return Text.takeError();
  SplicedText Out;
  Out.Owned = std::move(*Text);
  if (Out.Owned.size() != RunStart)
    Parts.push_back({nullptr, RunStart, Out.Owned.size() - RunStart});
  Out.Parts = std::move(Parts);
  return Out;
}

template <typename LookupFn, typename BlockFn, typename SizeFn>
Expected<std::string> CodeTemplate::substituteWith(LookupFn Lookup,
                                                   BlockFn Block,
                                                   SizeFn Size) const {
  StringRef P = Pattern;
  // Every value first, for the size of the whole text: room is made once,
  // not grown (and copied) at each large value.
  SmallVector<const TemplateValue *, 16> Values(Pieces.size());
  SmallVector<size_t, 16> Later(Pieces.size() + 1);
  Later[Pieces.size()] = P.size() - TailBegin;
  for (size_t I = Pieces.size(); I-- > 0;) {
    const Piece &Pc = Pieces[I];
    StringRef Key = P.substr(Pc.KeyBegin, Pc.KeyLength);
    Values[I] = Lookup(Key);
    Later[I] =
        Later[I + 1] + (Pc.LitEnd - Pc.LitBegin) +
        (Values[I] ? Size(*Values[I], Pc.Block, P.slice(Pc.LitEnd, Pc.Dollar))
                   : 0);
  }
  // The first placeholder without a value, in the pattern's order.
  for (size_t I = 0; I != Pieces.size(); ++I)
    if (!Values[I])
      return createStringError(
          inconvertibleErrorCode(),
          "template `%s` uses `$%s`, which has no value", Name.c_str(),
          P.substr(Pieces[I].KeyBegin, Pieces[I].KeyLength).str().c_str());
  std::string Out;
  Out.reserve(Later[0]);
  for (size_t I = 0; I != Pieces.size(); ++I) {
    const Piece &Pc = Pieces[I];
    Out.append(P.data() + Pc.LitBegin, Pc.LitEnd - Pc.LitBegin);
    const TemplateValue &V = *Values[I];
    if (Pc.Block) {
      // The blanks before the `$` are the block's indentation.
      Block(Out, P.slice(Pc.LitEnd, Pc.Dollar), V, Later[I + 1]);
    } else if (V.isList()) {
      if (V.size() && Pc.CommaBefore)
        Out += ", ";
      for (size_t K = 0; K != V.size(); ++K) {
        if (K)
          Out += ", ";
        Out.append(V[K].data(), V[K].size());
      }
      if (V.size() && Pc.CommaAfter)
        Out += ", ";
    } else {
      Out += V.getScalar();
    }
  }
  Out.append(P.data() + TailBegin, P.size() - TailBegin);
  return Out;
}
