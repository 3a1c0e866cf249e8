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
// How printed diagnostics look (colors, the error limit, how wide a source
// line may be) is a DiagnosticOptions the tools fill from their flags; the
// defaults print everything, uncolored and uncut.
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
#include <string>
#include <thread>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

/// \p S in backquotes, as messages name what the input spells.
std::string quoted(const llvm::Twine &S);

/// How a DiagnosticEngine prints (a handler sees every diagnostic as is).
struct DiagnosticOptions {
  /// Bold locations and messages, red `error:`, magenta `warning:`, green
  /// caret: LLVM's (and clang's) colors.
  bool ShowColors = false;
  /// Print at most this many errors (0: no limit); the rest, and everything
  /// reported after them, are counted and summed up by printHiddenCount.
  unsigned ErrorLimit = 0;
  /// Cut a source line wider than this many columns around the caret
  /// (0: never).
  unsigned MessageWidth = 0;
  /// Report every warning as an error (clang's -Werror): for a CI that wants
  /// the input clean, not merely accepted.
  bool WarningsAsErrors = false;
  /// Drop warnings and their notes (clang's -w, which also wins over
  /// WarningsAsErrors).
  bool IgnoreWarnings = false;
};

/// A source line as printed under a diagnostic: tabs expanded, and when it
/// is wider than \p Width (non-zero), cut around the caret with `...` on
/// each side cut, as clang does for a line wider than the terminal.
struct SourceSnippet {
  std::string Text;
  /// The caret's column in Text (0-based).
  unsigned CaretColumn = 0;
};
SourceSnippet getSourceSnippet(llvm::StringRef Line, unsigned Column,
                               unsigned Width);

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
  /// A warning about a whole file or folder: `file: warning: message`.
  void fileWarning(llvm::StringRef File, const llvm::Twine &Msg);
  /// Report a diagnostic made elsewhere (the YAML parser's, for example).
  void emit(const llvm::SMDiagnostic &D);

  unsigned getNumErrors() const { return NumErrors; }

  void setOptions(const DiagnosticOptions &O) { Opts = O; }
  const DiagnosticOptions &getOptions() const { return Opts; }
  /// If the error limit hid anything, print how much (once); a tool calls
  /// this when its run ends.
  void printHiddenCount();

  /// Route diagnostics to \p H instead of printing them.
  void setHandler(Handler H) { Custom = std::move(H); }
  llvm::SourceMgr &getSourceMgr() { return SM; }

  /// Collect diagnostics from now on instead of delivering them. Calls
  /// nest (also from several threads: work deferring its diagnostics may
  /// run beside other such work), each ended by one flushDeferred.
  void beginDeferred();
  /// End one beginDeferred; the last to end delivers what was collected,
  /// ordered by source location (notes stay after their error).
  void flushDeferred();
  /// Tag what the calling thread reports from now on with \p Tag (0: none),
  /// so work done speculatively can be taken back with discardDeferred.
  void setThreadTag(unsigned Tag);
  /// Drop the collected diagnostics tagged \p Tag (non-zero); returns how
  /// many there were.
  size_t discardDeferred(unsigned Tag);

  /// Report the errors of the calling thread as warnings, with \p Why
  /// appended (`message [Why]`), until called again with an empty \p Why:
  /// for input the running tool ignores but another tool reads and rejects
  /// (a backend yaml's lazy-tensor keys, to gen_backend_stubs).
  void setThreadErrorsAsWarnings(llvm::StringRef Why);

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
    /// A diagnostic about a whole file (Loc invalid) names it here.
    std::string File;
  };
  void report(llvm::SMLoc Loc, llvm::SourceMgr::DiagKind Kind,
              const llvm::Twine &Msg);
  /// What a diagnostic about to be reported becomes, after the thread's
  /// setThreadErrorsAsWarnings and the options' WarningsAsErrors and
  /// IgnoreWarnings: false if it is dropped, else its kind in \p Kind and
  /// what to append to its message in \p Suffix. Takes Mutex.
  bool classify(llvm::SourceMgr::DiagKind &Kind, std::string &Suffix);
  void deliver(const llvm::SMDiagnostic &D);
  /// Collect a diagnostic about the whole of \p File, if the calling thread
  /// is tagged and diagnostics are deferred (work done speculatively, to be
  /// taken back); otherwise false: untagged, such diagnostics are printed
  /// at once. Called with Mutex held.
  bool deferTagged(llvm::StringRef File, llvm::SourceMgr::DiagKind Kind,
                   const llvm::Twine &Msg);
  void print(const llvm::SMDiagnostic &D);

  llvm::SourceMgr &SM;
  llvm::raw_ostream *OS;
  Handler Custom;
  DiagnosticOptions Opts;
  /// The error limit's state, updated as diagnostics are printed (under
  /// Mutex, or alone in flushDeferred): printing in a fixed order keeps the
  /// cut at the same diagnostic for any number of threads.
  unsigned PrintedErrors = 0, HiddenErrors = 0, HiddenWarnings = 0;
  bool LastShown = true;
  std::atomic<unsigned> NumErrors{0};
  std::atomic<bool> Speculating{false};
  std::atomic<unsigned> NumReported{0};
  unsigned SpeculationErrors = 0, SpeculationReported = 0;
  std::mutex Mutex;
  /// Open beginDeferred calls.
  unsigned DeferDepth = 0;
  std::vector<Pending> PendingDiags;
  /// Per thread, the location its last error or warning was sorted by.
  std::map<std::thread::id, llvm::SMLoc> LastGroup;
  std::map<std::thread::id, unsigned> ThreadTags;
  /// Per thread, whether its last error or warning was a dropped warning
  /// (its notes go with it).
  std::map<std::thread::id, bool> DroppedLast;
  /// Per thread, why its errors are warnings (setThreadErrorsAsWarnings).
  std::map<std::thread::id, std::string> ErrorsAsWarnings;
  std::atomic<bool> AnyErrorsAsWarnings{false};
};

} // namespace opgen

#endif // OPGEN_SUPPORT_DIAGNOSTICS_H
