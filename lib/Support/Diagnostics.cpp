//===- Diagnostics.cpp - Located errors, warnings and notes ---------------===//

#include "opgen/Support/Diagnostics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <tuple>

using namespace opgen;
using namespace llvm;

/// A diagnostic at \p Loc; without a location it prints as `error: ...`
/// rather than SourceMgr's `<unknown>:0: error: ...`.
std::string opgen::quoted(const Twine &S) { return ("`" + S + "`").str(); }

static SMDiagnostic makeDiag(SourceMgr &SM, SMLoc Loc, SourceMgr::DiagKind Kind,
                             const Twine &Msg) {
  if (!Loc.isValid())
    return SMDiagnostic("", Kind, Msg.str());
  return SM.GetMessage(Loc, Kind, Msg);
}

/// What SMDiagnostic::print writes, with the colors chosen by the options
/// rather than by LLVM's global -color flag, and the source line cut to the
/// options' width.
void DiagnosticEngine::print(const SMDiagnostic &D) {
  raw_ostream &Out = *OS;
  ColorMode Mode = Opts.ShowColors ? ColorMode::Enable : ColorMode::Disable;
  // Colors asked for are printed into any stream (a string one starts with
  // them off).
  if (Opts.ShowColors && !Out.colors_enabled())
    Out.enable_colors(true);
  {
    WithColor Loc(Out, raw_ostream::SAVEDCOLOR, /*Bold=*/true, false, Mode);
    if (!D.getFilename().empty()) {
      Loc << (D.getFilename() == "-" ? StringRef("<stdin>") : D.getFilename());
      if (D.getLineNo() != -1) {
        Loc << ':' << D.getLineNo();
        if (D.getColumnNo() != -1)
          Loc << ':' << (D.getColumnNo() + 1);
      }
      Loc << ": ";
    }
  }
  switch (D.getKind()) {
  case SourceMgr::DK_Error:
    WithColor(Out, HighlightColor::Error, Mode).get() << "error: ";
    break;
  case SourceMgr::DK_Warning:
    WithColor(Out, HighlightColor::Warning, Mode).get() << "warning: ";
    break;
  case SourceMgr::DK_Note:
    WithColor(Out, HighlightColor::Note, Mode).get() << "note: ";
    break;
  case SourceMgr::DK_Remark:
    WithColor(Out, HighlightColor::Remark, Mode).get() << "remark: ";
    break;
  }
  WithColor(Out, raw_ostream::SAVEDCOLOR, true, false, Mode)
      << D.getMessage() << '\n';
  if (D.getLineNo() == -1 || D.getColumnNo() == -1)
    return;
  StringRef Line = D.getLineContents();
  SourceSnippet S = getSourceSnippet(Line, D.getColumnNo(), Opts.MessageWidth);
  Out << S.Text << '\n';
  // As LLVM: with other than ASCII on the line, byte and column differ and
  // a caret could point at the wrong character; show none.
  if (any_of(Line, [](char C) { return C & 0x80; }))
    return;
  WithColor(Out, raw_ostream::GREEN, true, false, Mode)
      << std::string(S.CaretColumn, ' ') << "^\n";
}

void DiagnosticEngine::deliver(const SMDiagnostic &D) {
  if (Speculating)
    return;
  if (Custom) {
    Custom(D);
    return;
  }
  // The limit applies here, to what is printed in the order printed (the
  // deferred diagnostics sorted), so the same ones show for any number of
  // threads. Once an error is hidden, so is everything after it; a note
  // shows with the diagnostic it belongs to.
  bool Show = true;
  if (D.getKind() == SourceMgr::DK_Note) {
    Show = LastShown;
  } else if (Opts.ErrorLimit) {
    bool Full = PrintedErrors >= Opts.ErrorLimit;
    if (D.getKind() == SourceMgr::DK_Error) {
      Show = !Full;
      ++(Show ? PrintedErrors : HiddenErrors);
    } else if (HiddenErrors) {
      Show = false;
      ++HiddenWarnings;
    }
  }
  LastShown = Show;
  if (Show)
    print(D);
}

void DiagnosticEngine::printHiddenCount() {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!HiddenErrors)
    return;
  std::string Msg = std::to_string(HiddenErrors) + " more error" +
                    (HiddenErrors == 1 ? "" : "s");
  if (HiddenWarnings)
    Msg += " and " + std::to_string(HiddenWarnings) + " warning" +
           (HiddenWarnings == 1 ? "" : "s");
  Msg += " not shown (--error-limit=" + std::to_string(Opts.ErrorLimit) +
         "; 0 shows all)";
  print(SMDiagnostic("", SourceMgr::DK_Note, Msg));
  HiddenErrors = HiddenWarnings = 0;
}

void DiagnosticEngine::setThreadErrorsAsWarnings(StringRef Why) {
  std::lock_guard<std::mutex> Lock(Mutex);
  if (Why.empty())
    ErrorsAsWarnings.erase(std::this_thread::get_id());
  else
    ErrorsAsWarnings[std::this_thread::get_id()] = Why.str();
  AnyErrorsAsWarnings = !ErrorsAsWarnings.empty();
}

bool DiagnosticEngine::classify(SourceMgr::DiagKind &Kind,
                                std::string &Suffix) {
  if (AnyErrorsAsWarnings && Kind == SourceMgr::DK_Error) {
    std::lock_guard<std::mutex> Lock(Mutex);
    auto It = ErrorsAsWarnings.find(std::this_thread::get_id());
    if (It != ErrorsAsWarnings.end()) {
      Kind = SourceMgr::DK_Warning;
      Suffix = " [" + It->second + "]";
    }
  }
  if (Opts.IgnoreWarnings) {
    std::lock_guard<std::mutex> Lock(Mutex);
    bool &Dropped = DroppedLast[std::this_thread::get_id()];
    if (Kind == SourceMgr::DK_Warning)
      Dropped = true;
    else if (Kind != SourceMgr::DK_Note)
      Dropped = false;
    return !Dropped;
  }
  if (Opts.WarningsAsErrors && Kind == SourceMgr::DK_Warning) {
    // As clang marks a warning -Werror made an error.
    Kind = SourceMgr::DK_Error;
    Suffix += " [-Werror]";
  }
  return true;
}

void DiagnosticEngine::report(SMLoc Loc, SourceMgr::DiagKind Kind,
                              const Twine &Msg) {
  std::string Suffix;
  if (!classify(Kind, Suffix))
    return;
  ++NumReported;
  if (Kind == SourceMgr::DK_Error)
    ++NumErrors;
  std::lock_guard<std::mutex> Lock(Mutex);
  std::thread::id Self = std::this_thread::get_id();
  if (DeferDepth) {
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
                            Loc, Kind, (Msg + Suffix).str(),
                            Tag == ThreadTags.end() ? 0u : Tag->second, ""});
    return;
  }
  // Not SourceMgr::PrintMessage: that would hand the message to the
  // SourceMgr's handler, which routes back here.
  deliver(makeDiag(SM, Loc, Kind, Msg + Suffix));
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

bool DiagnosticEngine::deferTagged(StringRef File, SourceMgr::DiagKind Kind,
                                   const Twine &Msg) {
  if (!DeferDepth)
    return false;
  auto Tag = ThreadTags.find(std::this_thread::get_id());
  if (Tag == ThreadTags.end() || !Tag->second)
    return false;
  PendingDiags.push_back({SMLoc(), static_cast<unsigned>(PendingDiags.size()),
                          SMLoc(), Kind, Msg.str(), Tag->second, File.str()});
  return true;
}

void DiagnosticEngine::fileError(StringRef File, const Twine &Msg) {
  ++NumReported;
  ++NumErrors;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (!deferTagged(File, SourceMgr::DK_Error, Msg))
    deliver(SMDiagnostic(File, SourceMgr::DK_Error, Msg.str()));
}

void DiagnosticEngine::fileWarning(StringRef File, const Twine &Msg) {
  emit(SMDiagnostic(File, SourceMgr::DK_Warning, Msg.str()));
}

void DiagnosticEngine::emit(const SMDiagnostic &D) {
  if (D.getLoc().isValid()) {
    // Re-locate through our SourceMgr: D may come from a helper SourceMgr
    // that holds only part of the file.
    report(D.getLoc(), D.getKind(), D.getMessage());
    return;
  }
  SourceMgr::DiagKind Kind = D.getKind();
  std::string Suffix;
  if (!classify(Kind, Suffix))
    return;
  ++NumReported;
  if (Kind == SourceMgr::DK_Error)
    ++NumErrors;
  std::lock_guard<std::mutex> Lock(Mutex);
  if (deferTagged(D.getFilename(), Kind, D.getMessage() + Suffix))
    return;
  if (Kind != D.getKind() || !Suffix.empty())
    deliver(SMDiagnostic(D.getFilename(), Kind, D.getMessage().str() + Suffix));
  else
    deliver(D);
}

void DiagnosticEngine::beginDeferred() {
  std::lock_guard<std::mutex> Lock(Mutex);
  ++DeferDepth;
}

void DiagnosticEngine::flushDeferred() {
  std::vector<Pending> Ds;
  {
    std::lock_guard<std::mutex> Lock(Mutex);
    if (DeferDepth > 1) {
      --DeferDepth;
      return;
    }
    DeferDepth = 0;
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
    deliver(Ds[I].File.empty()
                ? makeDiag(SM, Ds[I].Loc, Ds[I].Kind, Ds[I].Msg)
                : SMDiagnostic(Ds[I].File, Ds[I].Kind, Ds[I].Msg));
}

void DiagnosticEngine::setThreadTag(unsigned Tag) {
  std::lock_guard<std::mutex> Lock(Mutex);
  ThreadTags[std::this_thread::get_id()] = Tag;
}

size_t DiagnosticEngine::discardDeferred(unsigned Tag) {
  std::lock_guard<std::mutex> Lock(Mutex);
  auto Dropped =
      std::stable_partition(PendingDiags.begin(), PendingDiags.end(),
                            [&](const Pending &P) { return P.Tag != Tag; });
  size_t N = PendingDiags.end() - Dropped;
  for (auto It = Dropped; It != PendingDiags.end(); ++It)
    if (It->Kind == SourceMgr::DK_Error)
      --NumErrors;
  NumReported -= N;
  PendingDiags.erase(Dropped, PendingDiags.end());
  return N;
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
  DeferDepth = 0;
  PendingDiags.clear();
  LastGroup.clear();
  return false;
}
