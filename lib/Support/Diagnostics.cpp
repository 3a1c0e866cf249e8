//===- Diagnostics.cpp - Located errors, warnings and notes ---------------===//

#include "opgen/Support/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <tuple>

using namespace opgen;
using namespace llvm;

/// A diagnostic at \p Loc; without a location it prints as `error: ...`
/// rather than SourceMgr's `<unknown>:0: error: ...`.
static SMDiagnostic makeDiag(SourceMgr &SM, SMLoc Loc, SourceMgr::DiagKind Kind,
                             const Twine &Msg) {
  if (!Loc.isValid())
    return SMDiagnostic("", Kind, Msg.str());
  return SM.GetMessage(Loc, Kind, Msg);
}

void DiagnosticEngine::deliver(const SMDiagnostic &D) {
  if (Speculating)
    return;
  if (Custom) {
    Custom(D);
    return;
  }
  D.print(nullptr, *OS, /*ShowColors=*/false);
}

void DiagnosticEngine::report(SMLoc Loc, SourceMgr::DiagKind Kind,
                              const Twine &Msg) {
  ++NumReported;
  if (Kind == SourceMgr::DK_Error)
    ++NumErrors;
  std::lock_guard<std::mutex> Lock(Mutex);
  std::thread::id Self = std::this_thread::get_id();
  if (Deferred) {
    SMLoc SortLoc = Loc;
    if (Kind == SourceMgr::DK_Note) {
      auto It = LastGroup.find(std::this_thread::get_id());
      if (It != LastGroup.end())
        SortLoc = It->second;
    } else {
      LastGroup[std::this_thread::get_id()] = Loc;
    }
    auto Tag = ThreadTags.find(Self);
    PendingDiags.push_back({SortLoc, static_cast<unsigned>(PendingDiags.size()),
                            Loc, Kind, Msg.str(),
                            Tag == ThreadTags.end() ? 0u : Tag->second});
    return;
  }
  // Not SourceMgr::PrintMessage: that would hand the message to the
  // SourceMgr's handler, which routes back here.
  deliver(makeDiag(SM, Loc, Kind, Msg));
}

void DiagnosticEngine::error(SMLoc Loc, const Twine &Msg) {
  report(Loc, SourceMgr::DK_Error, Msg);
}
void DiagnosticEngine::warning(SMLoc Loc, const Twine &Msg) {
  report(Loc, SourceMgr::DK_Warning, Msg);
}
void DiagnosticEngine::note(SMLoc Loc, const Twine &Msg) {
  report(Loc, SourceMgr::DK_Note, Msg);
}

void DiagnosticEngine::fileError(StringRef File, const Twine &Msg) {
  ++NumReported;
  ++NumErrors;
  std::lock_guard<std::mutex> Lock(Mutex);
  deliver(SMDiagnostic(File, SourceMgr::DK_Error, Msg.str()));
}

void DiagnosticEngine::emit(const SMDiagnostic &D) {
  if (D.getLoc().isValid()) {
    // Re-locate through our SourceMgr: D may come from a helper SourceMgr
    // that holds only part of the file.
    report(D.getLoc(), D.getKind(), D.getMessage());
    return;
  }
  ++NumReported;
  if (D.getKind() == SourceMgr::DK_Error)
    ++NumErrors;
  std::lock_guard<std::mutex> Lock(Mutex);
  deliver(D);
}

void DiagnosticEngine::beginDeferred() {
  std::lock_guard<std::mutex> Lock(Mutex);
  Deferred = true;
}

void DiagnosticEngine::flushDeferred() {
  std::vector<Pending> Ds;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    Deferred = false;
    Ds.swap(PendingDiags);
    LastGroup.clear();
  }
  // Order by (buffer, offset) of the group's location; invalid locations
  // go last. Pointers alone would order buffers by address, which varies.
  auto Key = [&](const Pending &P) {
    if (!P.SortLoc.isValid())
      return std::make_tuple(~0u, (size_t)0, P.Seq);
    unsigned ID = SM.FindBufferContainingLoc(P.SortLoc);
    size_t Off =
        ID ? P.SortLoc.getPointer() - SM.getMemoryBuffer(ID)->getBufferStart()
           : 0;
    return std::make_tuple(ID, Off, P.Seq);
  };
  std::vector<std::pair<std::tuple<unsigned, size_t, unsigned>, size_t>> Order;
  Order.reserve(Ds.size());
  for (size_t I = 0; I < Ds.size(); ++I)
    Order.push_back({Key(Ds[I]), I});
  std::sort(Order.begin(), Order.end());
  for (auto &[K, I] : Order)
    deliver(makeDiag(SM, Ds[I].Loc, Ds[I].Kind, Ds[I].Msg));
}

void DiagnosticEngine::setThreadTag(unsigned Tag) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ThreadTags[std::this_thread::get_id()] = Tag;
}

void DiagnosticEngine::discardDeferred(unsigned Tag) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Dropped =
      std::stable_partition(PendingDiags.begin(), PendingDiags.end(),
                            [&](const Pending &P) { return P.Tag != Tag; });
  for (auto It = Dropped; It != PendingDiags.end(); ++It)
    if (It->Kind == SourceMgr::DK_Error)
      --NumErrors;
  PendingDiags.erase(Dropped, PendingDiags.end());
}

void DiagnosticEngine::beginSpeculation() {
  std::lock_guard<std::mutex> Lock(Mutex);
  SpeculationErrors = NumErrors;
  SpeculationReported = NumReported;
  Speculating = true;
}

bool DiagnosticEngine::endSpeculation() {
  std::lock_guard<std::mutex> Lock(Mutex);
  Speculating = false;
  if (NumReported == SpeculationReported)
    return true;
  NumErrors = SpeculationErrors;
  NumReported = SpeculationReported;
  Deferred = false;
  PendingDiags.clear();
  LastGroup.clear();
  return false;
}
