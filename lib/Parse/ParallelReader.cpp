//===- ParallelReader.cpp - Read native_functions.yaml's entries ----------===//
//
// A file laid out as native_functions.yaml (a block sequence at column 0) is
// cut at entry boundaries and the pieces read on separate threads, YAML and
// entry checks together; this is most of what makes reading fast on several
// cores. Anything else, or a piece that meets a YAML problem, is read whole.
//
//===----------------------------------------------------------------------===//

#include "NativeYamlStages.h"

#include "opgen/Parse/FastYaml.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

/// Read a file laid out as native_functions.yaml in pieces cut at entry
/// boundaries, each piece on its own thread, YAML and entry checks together,
/// one entry at a time (so the YAML of the whole file is never held at once).
/// The Context's types and diagnostics are thread-safe, and so is reading
/// YAML with libyaml. If any piece meets a YAML problem, everything the
/// pieces reported is taken back and nothing is returned: the caller then
/// reads the file whole, so diagnostics are always those of a whole read.
static std::optional<EntrySlots>
readInPieces(Context &Ctx, unsigned BufferID, const Module &M,
             TorchRelease Release, unsigned Threads, YamlReading Reading) {
  const MemoryBuffer *Buf = Ctx.getSourceMgr().getMemoryBuffer(BufferID);
  // Eight pieces a thread, handed out as threads come free: entries differ
  // in cost, and one piece a thread left a core idle for up to a third of
  // the reading (front end 17 -> 14 ms, median, on two cores). Cutting the
  // file and making room for its functions go side by side: the room is
  // 3 MB for PyTorch's, which the kernel zeroes page by page as the
  // functions are made (0.7 ms, more than the cutting's 0.3).
  StringRef Text = Buf->getBuffer();
  std::optional<std::vector<SequencePiece>> Pieces;
  std::optional<EntrySlots> Slots;
  Ctx.getThreadPool().parallelFor(Threads, 2, [&](size_t Task) {
    if (Task == 0)
      Pieces = splitTopLevelSequence(Text, Threads > 1 ? 8 * Threads : 1);
    else
      Slots.emplace(countTopLevelEntries(Text));
  });
  if (!Pieces)
    return std::nullopt;
  DiagnosticEngine &D = Ctx.getDiags();
  StringRef File = Buf->getBufferIdentifier();
  size_t Total = 0;
  std::vector<size_t> FirstSlot;
  for (const SequencePiece &P : *Pieces) {
    FirstSlot.push_back(Total);
    Total += P.NumEntries;
  }
  // Every thread writes its own slots of one vector: no merging afterwards.
  if (Slots->Fns.size() != Total)
    Slots.emplace(Total);
  const ImpliedTags Implied(M.ValidTags);
  struct Piece {
    bool YamlTrouble = false;
  };
  std::vector<Piece> Ps(Pieces->size());
  Ctx.getThreadPool().parallelFor(Threads, Ps.size(), [&](size_t I) {
    Piece &P = Ps[I];
    D.setThreadTag(I + 1);
    const SequencePiece &Text = (*Pieces)[I];
    size_t Slot = FirstSlot[I], End = Slot + Text.NumEntries;
    // The entries as YAML values: from the fast reader when the piece keeps
    // to the subset it handles, else (or to check it) from libyaml.
    std::vector<YamlValue> Fast, Slow;
    bool UseFast = Reading != YamlReading::LibYaml &&
                   readSimpleYamlEntries(Text.Text, Fast) &&
                   Fast.size() == Text.NumEntries;
    if (!UseFast || Reading == YamlReading::Check) {
      std::optional<YamlValue> Doc = readYamlText(D, Text.Text);
      // The cut assumed each `- ` line at column 0 starts an entry.
      if (!Doc || Doc->Kind != YamlKind::Sequence ||
          Doc->Items.size() != Text.NumEntries)
        P.YamlTrouble = true;
      else
        Slow = std::move(Doc->Items);
    }
    if (UseFast && Reading == YamlReading::Check && !P.YamlTrouble)
      for (size_t K = 0; K < Fast.size(); ++K)
        if (!sameYamlValue(Fast[K], Slow[K]))
          D.error(Slow[K].Loc, "the fast YAML reader reads this entry "
                               "differently from libyaml (a bug in opgen)");
    if (!P.YamlTrouble) {
      unsigned Line = Text.FirstLine;
      const char *LinePos = Text.Text.data();
      for (const YamlValue &E : UseFast ? Fast : Slow) {
        // Count lines here rather than ask the SourceMgr, whose line table
        // is built lazily and so is not safe to share between threads.
        Line += std::count(LinePos, E.Loc.getPointer(), '\n');
        LinePos = E.Loc.getPointer();
        Slots->Ok[Slot] = readEntry(Ctx, E, Line, M, Implied, File, Release,
                                    Slots->Fns[Slot], Slots->FailedNames[Slot],
                                    Slots->Printed[Slot], Slots->Tags[Slot]);
        ++Slot;
      }
      if (Slot != End)
        P.YamlTrouble = true;
    }
    D.setThreadTag(0);
  });
  if (any_of(Ps, [](const Piece &P) { return P.YamlTrouble; })) {
    for (size_t I = 0; I < Ps.size(); ++I)
      D.discardDeferred(I + 1);
    return std::nullopt;
  }
  return std::move(*Slots);
}

/// Read the file as one YAML document, then its entries, if the YAML was
/// clean, one by one.
static std::optional<EntrySlots> readWhole(Context &Ctx, unsigned BufferID,
                                           const Module &M,
                                           TorchRelease Release) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  SourceMgr &SM = Ctx.getSourceMgr();
  const MemoryBuffer *Buf = SM.getMemoryBuffer(BufferID);
  StringRef File = Buf->getBufferIdentifier();
  std::optional<YamlValue> Parsed = readYamlValue(Ctx, BufferID);
  if (!Parsed || D.getNumErrors() != Before)
    return std::nullopt;
  YamlValue &Root = *Parsed;
  if (Root.Kind != YamlKind::Sequence) {
    SMLoc L = Root.Loc.isValid() ? Root.Loc
                                 : SMLoc::getFromPointer(Buf->getBufferStart());
    D.error(L, "native_functions.yaml must be a list of `- func:` entries, "
               "found " +
                   describe(Root.Kind));
    return std::nullopt;
  }
  EntrySlots Slots(Root.Items.size());
  const ImpliedTags Implied(M.ValidTags);
  for (size_t I = 0; I < Root.Items.size(); ++I)
    Slots.Ok[I] = readEntry(
        Ctx, Root.Items[I], SM.getLineAndColumn(Root.Items[I].Loc).first, M,
        Implied, File, Release, Slots.Fns[I], Slots.FailedNames[I],
        Slots.Printed[I], Slots.Tags[I]);
  return Slots;
}

std::optional<EntrySlots>
nativeyaml::readEntries(Context &Ctx, unsigned BufferID, const Module &M,
                        TorchRelease Release, unsigned Threads,
                        YamlReading Reading) {
  if (std::optional<EntrySlots> Slots = readInPieces(
          Ctx, BufferID, M, Release, std::max(1u, Threads), Reading))
    return Slots;
  return readWhole(Ctx, BufferID, M, Release);
}
