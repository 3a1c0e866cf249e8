//===- Diagnostics.h - Located errors, warnings and notes -------*- C++ -*-===//
//
// Every problem a user can cause is reported here, never through assert or
// abort. The engine prints through the SourceMgr that owns the input buffers,
// so each message comes out as `file:line:col: error: message` with the
// source line and a caret. A handler can capture diagnostics instead, which
// is how --verify-diagnostics checks them against expectations.
//
// Readers that work on several threads defer diagnostics: they are collected
// (thread-safely) and printed by flushDeferred() in source order, so the
// output is the same for any number of threads.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_SUPPORT_DIAGNOSTICS_H
#define OPGEN_SUPPORT_DIAGNOSTICS_H

#include "llvm/ADT/Twine.h"
#include "llvm/Support/SMLoc.h"
#include "llvm/Support/SourceMgr.h"

#include <atomic>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

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
  /// A note belongs to the error or warning its thread reported last.
  void note(llvm::SMLoc Loc, const llvm::Twine &Msg);
  /// Report an error about a whole file (no line), e.g. one that cannot be
  /// opened: `file: error: message`.
  void fileError(llvm::StringRef File, const llvm::Twine &Msg);
  /// Report a diagnostic made elsewhere (the YAML parser's, for example).
  void emit(const llvm::SMDiagnostic &D);

  unsigned getNumErrors() const { return NumErrors; }

  /// Route diagnostics to \p H instead of printing them.
  void setHandler(Handler H) { Custom = std::move(H); }
  llvm::SourceMgr &getSourceMgr() { return SM; }

  /// Collect diagnostics from now on instead of delivering them.
  void beginDeferred();
  /// Deliver what was collected, ordered by source location (notes stay
  /// after their error), and stop collecting.
  void flushDeferred();
  /// Tag what the calling thread reports from now on with \p Tag (0: none),
  /// so work done speculatively can be taken back with discardDeferred.
  void setThreadTag(unsigned Tag);
  /// Drop the collected diagnostics tagged \p Tag (non-zero).
  void discardDeferred(unsigned Tag);

  /// Print nothing from now on: for work done in an order that is not fixed
  /// (emitters run concurrently), which is redone in a fixed order if it
  /// reported anything.
  void beginSpeculation();
  /// Stop; true if nothing was reported since beginSpeculation. Otherwise
  /// what was reported is forgotten (errors included).
  bool endSpeculation();

private:
  struct Pending {
    llvm::SMLoc SortLoc; ///< the location of the group's error
    unsigned Seq;
    llvm::SMLoc Loc;
    llvm::SourceMgr::DiagKind Kind;
    std::string Msg;
    unsigned Tag;
  };
  void report(llvm::SMLoc Loc, llvm::SourceMgr::DiagKind Kind,
              const llvm::Twine &Msg);
  void deliver(const llvm::SMDiagnostic &D);

  llvm::SourceMgr &SM;
  llvm::raw_ostream *OS;
  Handler Custom;
  std::atomic<unsigned> NumErrors{0};
  std::atomic<bool> Speculating{false};
  std::atomic<unsigned> NumReported{0};
  unsigned SpeculationErrors = 0, SpeculationReported = 0;
  std::mutex Mutex;
  bool Deferred = false;
  std::vector<Pending> PendingDiags;
  /// Per thread, the location its last error or warning was sorted by.
  std::map<std::thread::id, llvm::SMLoc> LastGroup;
  std::map<std::thread::id, unsigned> ThreadTags;
};

} // namespace opgen

#endif // OPGEN_SUPPORT_DIAGNOSTICS_H
