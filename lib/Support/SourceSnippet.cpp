//===- SourceSnippet.cpp - The source line under a diagnostic -------------===//
//
// A diagnostic shows its source line with a caret under the column. A line
// can be any length (a generated yaml may hold a 400 KB flow list on one
// line), and printing it whole buries the message. Like clang's
// TextDiagnostic, a line wider than the given width keeps the words around
// the caret and replaces what is cut on either side with `...`.
//
//===----------------------------------------------------------------------===//

#include "opgen/Support/Diagnostics.h"

#include <algorithm>

using namespace opgen;
using namespace llvm;

/// The columns a tab advances to, as SMDiagnostic::print expands them.
static constexpr unsigned TabStop = 8;
static constexpr StringRef Ellipsis = "...";

static bool isBlankByte(char C) { return C == ' '; }
/// A UTF-8 continuation byte: a cut must not fall before one.
static bool isContinuation(char C) { return (C & 0xC0) == 0x80; }

SourceSnippet opgen::getSourceSnippet(StringRef Line, unsigned Column,
                                      unsigned Width) {
  SourceSnippet S;
  std::string T;
  T.reserve(Line.size());
  // A caret past the end goes just after the last character, as LLVM's.
  size_t Caret = std::string::npos;
  for (size_t I = 0; I < Line.size(); ++I) {
    if (I == Column)
      Caret = T.size();
    if (Line[I] != '\t') {
      T += Line[I];
      continue;
    }
    do
      T += ' ';
    while (T.size() % TabStop);
  }
  if (Caret == std::string::npos)
    Caret = T.size();
  S.CaretColumn = Caret;
  if (!Width || (T.size() <= Width && Caret < Width)) {
    S.Text = std::move(T);
    return S;
  }

  // Room for the kept text: the width less both ellipses and a caret that
  // stands past the end.
  size_t Reserved = 2 * Ellipsis.size() + (Caret >= T.size() ? 1 : 0);
  size_t Room = Width > Reserved ? Width - Reserved : 1;
  size_t B = std::min(Caret, T.size()), E = std::min(Caret + 1, T.size());
  // Grow a word at a time on each side while the kept text fits, as clang
  // does: a cut between words reads better than one inside a word.
  for (bool Grew = true; Grew;) {
    Grew = false;
    if (B > 0) {
      size_t NB = B;
      while (NB > 0 && isBlankByte(T[NB - 1]))
        --NB;
      while (NB > 0 && !isBlankByte(T[NB - 1]))
        --NB;
      if (E - NB <= Room) {
        B = NB;
        Grew = true;
      }
    }
    if (E < T.size()) {
      size_t NE = E;
      while (NE < T.size() && isBlankByte(T[NE]))
        ++NE;
      while (NE < T.size() && !isBlankByte(T[NE]))
        ++NE;
      if (NE - B <= Room) {
        E = NE;
        Grew = true;
      }
    }
  }
  // Unlike clang, a run with no space within reach (a flow list written
  // without spaces) is cut inside the run rather than showing the caret's
  // character alone.
  if (E - B < Room / 2) {
    size_t Spare = Room - (E - B);
    size_t Left = std::min(B, Spare / 2);
    B -= Left;
    Spare -= Left;
    size_t Right = std::min(T.size() - E, Spare);
    E += Right;
    B -= std::min(B, Spare - Right);
  }
  while (B > 0 && isContinuation(T[B]))
    --B;
  while (E < T.size() && isContinuation(T[E]))
    ++E;

  // An ellipsis only where it hides more than itself; and clang's
  // preference: keep the start of the line whenever it fits.
  bool CutBack = T.size() - E > Ellipsis.size();
  if (!CutBack)
    E = T.size();
  bool CutFront =
      B > Ellipsis.size() && E + (CutBack ? Ellipsis.size() : 0) > Width;
  if (!CutFront)
    B = 0;
  if (CutFront)
    S.Text += Ellipsis;
  S.Text.append(T, B, E - B);
  if (CutBack)
    S.Text += Ellipsis;
  S.CaretColumn = Caret - B + (CutFront ? Ellipsis.size() : 0);
  return S;
}
