//===- Diagnostics.h - Located errors, warnings and notes -------*- C++ -*-===//
//
// Every problem a user can cause is reported here, never through assert or
// abort. The engine prints through the SourceMgr that owns the input buffers,
// so each message comes out as `file:line:col: error: message` with the
// source line and a caret. A handler can capture diagnostics instead, which
// is how --verify-diagnostics checks them against expectations.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_DIAGNOSTICS_H
#define OPGEN_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <functional>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

/// Collects and prints diagnostics for one Context.
class DiagnosticEngine {
public:
  using Handler = std::function<void(const llvm::SMDiagnostic &)>;

  DiagnosticEngine(llvm::SourceMgr &SM, llvm::raw_ostream &OS)
      : SM(SM), OS(&OS) {}

  /// Report an error at \p Loc. An invalid location prints without a caret.
  void error(llvm::SMLoc Loc, const llvm::Twine &Msg);
  void warning(llvm::SMLoc Loc, const llvm::Twine &Msg);
  void note(llvm::SMLoc Loc, const llvm::Twine &Msg);
  /// Report an error about a whole file (no line), e.g. one that cannot be
  /// opened: `file: error: message`.
  void fileError(llvm::StringRef File, const llvm::Twine &Msg);

  /// Report a diagnostic made elsewhere (the YAML parser's, for example).
  void emit(const llvm::SMDiagnostic &D);

  unsigned getNumErrors() const { return NumErrors; }
  void resetErrorCount() { NumErrors = 0; }

  /// Route diagnostics to \p H instead of printing them.
  void setHandler(Handler H) { Custom = std::move(H); }
  void setStream(llvm::raw_ostream &NewOS) { OS = &NewOS; }
  llvm::SourceMgr &getSourceMgr() { return SM; }

private:
  void report(llvm::SMLoc Loc, llvm::SourceMgr::DiagKind Kind,
              const llvm::Twine &Msg);

  llvm::SourceMgr &SM;
  llvm::raw_ostream *OS;
  Handler Custom;
  unsigned NumErrors = 0;
};

} // namespace opgen

#endif // OPGEN_SUPPORT_DIAGNOSTICS_H
