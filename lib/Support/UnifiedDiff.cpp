//===- UnifiedDiff.cpp - Python difflib's unified_diff --------------------===//
//
// A port of the parts of difflib that unified_diff uses, kept step for step
// so that the hunks (which depend on which matching block is found first)
// are difflib's.
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/UnifiedDiff.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <tuple>

using namespace opgen;
using namespace llvm;

std::vector<StringRef> opgen::splitLinesLikePython(StringRef Text) {
  std::vector<StringRef> Lines;
  size_t Start = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C != '\n' && C != '\r' && C != '\v' && C != '\f' && C != '\x1c' &&
        C != '\x1d' && C != '\x1e')
      continue;
    Lines.push_back(Text.slice(Start, I));
    if (C == '\r' && I + 1 < Text.size() && Text[I + 1] == '\n')
      ++I;
    Start = I + 1;
  }
  if (Start < Text.size())
    Lines.push_back(Text.substr(Start));
  return Lines;
}

namespace {

struct Match {
  size_t A, B, Size;
};

struct Opcode {
  char Tag; // 'r'eplace, 'd'elete, 'i'nsert, 'e'qual
  size_t I1, I2, J1, J2;
};

class SequenceMatcher {
public:
  SequenceMatcher(ArrayRef<StringRef> A, ArrayRef<StringRef> B) : A(A), B(B) {
    for (size_t J = 0; J < B.size(); ++J)
      B2J[B[J]].push_back(J);
    // autojunk: popular lines of a long second text are not searched for
    // (they are not junk: matches still extend over them).
    if (B.size() >= 200) {
      size_t NTest = B.size() / 100 + 1;
      for (auto It = B2J.begin(); It != B2J.end();) {
        auto Cur = It++;
        if (Cur->second.size() > NTest)
          B2J.erase(Cur);
      }
    }
  }

  Match findLongestMatch(size_t ALo, size_t AHi, size_t BLo, size_t BHi) const;
  std::vector<Match> getMatchingBlocks() const;
  std::vector<Opcode> getOpcodes() const;

private:
  ArrayRef<StringRef> A, B;
  StringMap<std::vector<size_t>> B2J;
};

Match SequenceMatcher::findLongestMatch(size_t ALo, size_t AHi, size_t BLo,
                                        size_t BHi) const {
  size_t BestI = ALo, BestJ = BLo, BestSize = 0;
  DenseMap<size_t, size_t> J2Len, NewJ2Len;
  for (size_t I = ALo; I < AHi; ++I) {
    NewJ2Len.clear();
    auto It = B2J.find(A[I]);
    if (It != B2J.end())
      for (size_t J : It->second) {
        if (J < BLo)
          continue;
        if (J >= BHi)
          break;
        size_t Prev = 0;
        if (J > 0) {
          auto P = J2Len.find(J - 1);
          if (P != J2Len.end())
            Prev = P->second;
        }
        size_t K = NewJ2Len[J] = Prev + 1;
        if (K > BestSize) {
          BestI = I - K + 1;
          BestJ = J - K + 1;
          BestSize = K;
        }
      }
    std::swap(J2Len, NewJ2Len);
  }
  while (BestI > ALo && BestJ > BLo && A[BestI - 1] == B[BestJ - 1]) {
    --BestI;
    --BestJ;
    ++BestSize;
  }
  while (BestI + BestSize < AHi && BestJ + BestSize < BHi &&
         A[BestI + BestSize] == B[BestJ + BestSize])
    ++BestSize;
  return {BestI, BestJ, BestSize};
}

std::vector<Match> SequenceMatcher::getMatchingBlocks() const {
  std::vector<std::tuple<size_t, size_t, size_t, size_t>> Queue = {
      {0, A.size(), 0, B.size()}};
  std::vector<Match> Blocks;
  while (!Queue.empty()) {
    auto [ALo, AHi, BLo, BHi] = Queue.back();
    Queue.pop_back();
    Match M = findLongestMatch(ALo, AHi, BLo, BHi);
    if (!M.Size)
      continue;
    Blocks.push_back(M);
    if (ALo < M.A && BLo < M.B)
      Queue.push_back({ALo, M.A, BLo, M.B});
    if (M.A + M.Size < AHi && M.B + M.Size < BHi)
      Queue.push_back({M.A + M.Size, AHi, M.B + M.Size, BHi});
  }
  llvm::sort(Blocks, [](const Match &X, const Match &Y) {
    return std::tie(X.A, X.B, X.Size) < std::tie(Y.A, Y.B, Y.Size);
  });
  std::vector<Match> Out;
  Match Cur{0, 0, 0};
  for (const Match &M : Blocks) {
    if (Cur.A + Cur.Size == M.A && Cur.B + Cur.Size == M.B) {
      Cur.Size += M.Size;
      continue;
    }
    if (Cur.Size)
      Out.push_back(Cur);
    Cur = M;
  }
  if (Cur.Size)
    Out.push_back(Cur);
  Out.push_back({A.size(), B.size(), 0});
  return Out;
}

std::vector<Opcode> SequenceMatcher::getOpcodes() const {
  std::vector<Opcode> Codes;
  size_t I = 0, J = 0;
  for (const Match &M : getMatchingBlocks()) {
    char Tag = I < M.A && J < M.B ? 'r' : I < M.A ? 'd' : J < M.B ? 'i' : 0;
    if (Tag)
      Codes.push_back({Tag, I, M.A, J, M.B});
    I = M.A + M.Size;
    J = M.B + M.Size;
    if (M.Size)
      Codes.push_back({'e', M.A, I, M.B, J});
  }
  return Codes;
}

std::string formatRange(size_t Start, size_t Stop) {
  size_t Beginning = Start + 1, Length = Stop - Start;
  if (Length == 1)
    return std::to_string(Beginning);
  if (!Length)
    --Beginning;
  return std::to_string(Beginning) + "," + std::to_string(Length);
}

} // namespace

std::string opgen::unifiedDiff(ArrayRef<StringRef> A, ArrayRef<StringRef> B,
                               StringRef From, StringRef To, unsigned N) {
  std::vector<Opcode> Codes = SequenceMatcher(A, B).getOpcodes();
  if (Codes.empty())
    Codes.push_back({'e', 0, 1, 0, 1});
  if (Codes.front().Tag == 'e') {
    Opcode &C = Codes.front();
    C.I1 = std::max(C.I1, C.I2 > N ? C.I2 - N : 0);
    C.J1 = std::max(C.J1, C.J2 > N ? C.J2 - N : 0);
  }
  if (Codes.back().Tag == 'e') {
    Opcode &C = Codes.back();
    C.I2 = std::min(C.I2, C.I1 + N);
    C.J2 = std::min(C.J2, C.J1 + N);
  }
  std::vector<std::vector<Opcode>> Groups(1);
  for (Opcode C : Codes) {
    if (C.Tag == 'e' && C.I2 - C.I1 > 2 * N) {
      Groups.back().push_back({'e', C.I1, std::min(C.I2, C.I1 + N), C.J1,
                               std::min(C.J2, C.J1 + N)});
      Groups.emplace_back();
      C.I1 = std::max(C.I1, C.I2 - N);
      C.J1 = std::max(C.J1, C.J2 - N);
    }
    Groups.back().push_back(C);
  }
  if (Groups.back().size() == 1 && Groups.back().front().Tag == 'e')
    Groups.pop_back();

  std::string Out;
  raw_string_ostream OS(Out);
  bool Started = false;
  for (const std::vector<Opcode> &G : Groups) {
    if (G.empty())
      continue;
    if (!Started) {
      OS << "--- " << From << "\n+++ " << To;
      Started = true;
    }
    OS << "\n@@ -" << formatRange(G.front().I1, G.back().I2) << " +"
       << formatRange(G.front().J1, G.back().J2) << " @@";
    for (const Opcode &C : G) {
      if (C.Tag == 'e') {
        for (size_t I = C.I1; I < C.I2; ++I)
          OS << "\n " << A[I];
        continue;
      }
      if (C.Tag == 'r' || C.Tag == 'd')
        for (size_t I = C.I1; I < C.I2; ++I)
          OS << "\n-" << A[I];
      if (C.Tag == 'r' || C.Tag == 'i')
        for (size_t J = C.J1; J < C.J2; ++J)
          OS << "\n+" << B[J];
    }
  }
  return OS.str();
}
