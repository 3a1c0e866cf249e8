//===- Diagnostics.cpp - Located errors, warnings and notes ---------------===//

#include "opgen/Support/Diagnostics.h"

#include "llvm/Support/raw_ostream.h"

using namespace opgen;
using namespace llvm;

void DiagnosticEngine::report(SMLoc Loc, SourceMgr::DiagKind Kind,
                              const Twine &Msg) {
  if (Kind == SourceMgr::DK_Error)
    ++NumErrors;
  if (Custom) {
    Custom(SM.GetMessage(Loc, Kind, Msg));
    return;
  }
  // Print directly: SourceMgr::PrintMessage would hand the message to the
  // SourceMgr's handler, which routes back here.
  SM.GetMessage(Loc, Kind, Msg).print(nullptr, *OS, /*ShowColors=*/false);
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
  ++NumErrors;
  SMDiagnostic D(File, SourceMgr::DK_Error, Msg.str());
  if (Custom) {
    Custom(D);
    return;
  }
  D.print(nullptr, *OS, /*ShowColors=*/false);
}

void DiagnosticEngine::emit(const SMDiagnostic &D) {
  if (D.getKind() == SourceMgr::DK_Error)
    ++NumErrors;
  if (Custom) {
    Custom(D);
    return;
  }
  D.print(nullptr, *OS, /*ShowColors=*/false);
}
