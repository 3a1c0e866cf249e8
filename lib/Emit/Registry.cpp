//===- Registry.cpp - Every emitter, from Emitters.def --------------------===//

#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"

#include <atomic>

using namespace opgen;
using namespace llvm;

ArrayRef<EmitterInfo> opgen::getRegisteredEmitters() {
  static const EmitterInfo Infos[] = {
#define OPGEN_TEXT_EMITTER(Name, Function, Releases, Description)              \
  {Name, Description, "", EmitterReleases::Releases, &Function, nullptr},
#define OPGEN_FILE_EMITTER(Name, Function, FileSet, Releases, Description)     \
  {Name, Description, FileSet, EmitterReleases::Releases, nullptr, &Function},
#define OPGEN_AUTOGRAD_FILE_EMITTER(Name, Function, FileSet, Releases,         \
                                    Description)                               \
  {Name,    Description, FileSet, EmitterReleases::Releases,                   \
   nullptr, &Function,   true},
#include "opgen/Emit/Emitters.def"
  };
  return Infos;
}

ArrayRef<FileSetInfo> opgen::getRegisteredFileSets() {
  static const FileSetInfo Infos[] = {
#define OPGEN_FILE_SET(Name, Generator, Templates, Description)                \
  {Name, Generator, FileSetInfo::Templates, Description},
#include "opgen/Emit/Emitters.def"
  };
  return Infos;
}

const FileSetInfo *opgen::findFileSet(StringRef Name) {
  for (const FileSetInfo &I : getRegisteredFileSets())
    if (I.Name == Name)
      return &I;
  return nullptr;
}

const EmitterInfo *opgen::findEmitter(StringRef Name) {
  for (const EmitterInfo &I : getRegisteredEmitters())
    if (I.Name == Name)
      return &I;
  return nullptr;
}

std::vector<const EmitterInfo *> opgen::getFileSet(StringRef FileSet) {
  std::vector<const EmitterInfo *> Set;
  for (const EmitterInfo &I : getRegisteredEmitters())
    if (I.writesFiles() && I.FileSet == FileSet)
      Set.push_back(&I);
  return Set;
}

/// Refuse a module read with another release's checks when \p E only
/// reproduces torchgen 2.14.
static LogicalResult checkRelease(EmitContext &EC, const EmitterInfo &E) {
  if (E.Releases == EmitterReleases::AnyRelease ||
      EC.M.Release == TorchRelease::V2_14)
    return success();
  EC.Ctx.getDiags().error(SMLoc(), "emitter `" + E.Name +
                                       "` writes what torchgen 2.14 writes; "
                                       "the input was read with torchgen " +
                                       toString(EC.M.Release) +
                                       "'s checks (--release)");
  return failure();
}

LogicalResult opgen::runTextEmitter(EmitContext &EC, const EmitterInfo &E,
                                    raw_ostream &OS) {
  if (!E.Text || failed(checkRelease(EC, E)))
    return failure();
  return E.Text(EC, OS);
}

/// Every distinct file manager of \p EC.
static SmallVector<FileManager *, NumOutputFolders>
getFileManagers(const EmitContext &EC) {
  SmallVector<FileManager *, NumOutputFolders> FMs;
  for (FileManager *FM : EC.Folders)
    if (FM && !is_contained(FMs, FM))
      FMs.push_back(FM);
  if (EC.Files && !is_contained(FMs, EC.Files))
    FMs.push_back(EC.Files);
  return FMs;
}

/// Forget every file made, and the wrappers: their problems are reported by
/// whichever emitter asks first, which must be the first in order when the
/// emitters are run again one after another.
static void forgetEmitted(EmitContext &EC) {
  for (FileManager *FM : getFileManagers(EC))
    FM->reset();
  EC.Wrappers.reset();
}

/// Whether every emitter of \p Set writes files and handles the module's
/// release: those the concurrent runs can take.
static bool allRunnable(const EmitContext &EC,
                        ArrayRef<const EmitterInfo *> Set) {
  return all_of(Set, [&](const EmitterInfo *I) {
    return I->writesFiles() && (I->Releases == EmitterReleases::AnyRelease ||
                                EC.M.Release == TorchRelease::V2_14);
  });
}

/// Run the emitters of \p Subset of \p Set (their ranks are their places
/// in Set) on two threads, each taking the next emitter
/// from a queue, the longest first (after the few that fill every thread by
/// themselves). The `aten` set's emitters have long
/// serial parts (substituting Functions.h, joining Operators_N.cpp, dumping
/// Declarations.yaml) that left a core idle when run one after another.
/// Nothing is printed meanwhile; false (with nothing kept) if any emitter
/// failed or reported anything, and the caller then runs them in order, so
/// that diagnostics and which emitter stops the run never depend on timing.
static bool runConcurrently(EmitContext &EC, ArrayRef<const EmitterInfo *> Set,
                            ArrayRef<const EmitterInfo *> Subset) {
  // The emitters that take longest, longest first (measured on two cores;
  // docs/Performance.md), so that the last to finish are short ones.
  static const StringRef Longest[] = {
      "functionalization",      "functions-header",
      "operator-definitions",   "declarations-yaml",
      "native-functions",       "dispatch-key-functions",
      "aoti-shims",             "composite-view-copy-kernels",
      "redispatch-functions",   "operators-headers",
      "vmap-plumbing",          "register-schema",
      "autograd-functions",     "autograd-inplace-or-view-type"};
  // Emitters whose own loops over thousands of items are most of a set's
  // work (Register<Key>_N.cpp: 300 M instructions of the `aten` set's 690
  // M) run first, alone, with every thread; on one thread of the queue the
  // other would wait for them (generating 89 -> 80 ms when measured).
  static const StringRef Wide[] = {"register-dispatch-key",
                                   "autograd-variable-type"};
  std::vector<const EmitterInfo *> First, Queue;
  for (const EmitterInfo *I : Subset)
    (is_contained(Wide, I->Name) ? First : Queue).push_back(I);
  auto Rank = [&](const EmitterInfo *I) {
    return find(Longest, I->Name) - std::begin(Longest);
  };
  llvm::stable_sort(Queue, [&](const EmitterInfo *A, const EmitterInfo *B) {
    return Rank(A) < Rank(B);
  });
  // Made before the emitters share it: getCppWrapperCache is not
  // thread-safe.
  getCppWrapperCache(EC);
  DiagnosticEngine &D = EC.Ctx.getDiags();
  D.beginSpeculation();
  std::atomic<bool> Failed{false};
  // A loop of Queue.size() items hands them out one at a time: a queue.
  // Each emitter's own loops on one thread: with both cores busy with
  // emitters, more threads only add switches (measured: 62 ms against 66).
  for (const EmitterInfo *I : First) {
    FileManager::EmitterScope Scope(find(Set, I) - Set.begin());
    if (failed(I->Files(EC)))
      Failed = true;
  }
  // A lone queued emitter keeps every thread.
  EmitOptions Inner = EC.Options;
  if (Queue.size() > 1)
    Inner.Threads = 1;
  EmitContext IEC{EC.Ctx,     EC.M,        Inner,      EC.Files,
                  EC.Folders, EC.Wrappers, EC.Autograd};
  EC.Ctx.getThreadPool().parallelFor(
      std::min(2u, EC.Options.Threads), Queue.size(), [&](size_t I) {
        FileManager::EmitterScope Scope(find(Set, Queue[I]) - Set.begin());
        if (!Failed && failed(Queue[I]->Files(IEC)))
          Failed = true;
      });
  bool Clean = D.endSpeculation() && !Failed;
  if (!Clean)
    forgetEmitted(EC);
  return Clean;
}

/// Run \p Set one emitter after another, stopping at the first that fails,
/// then put the files in the emitters' order.
static LogicalResult runInOrder(EmitContext &EC,
                                ArrayRef<const EmitterInfo *> Set) {
  for (const EmitterInfo *I : Set)
    if (!I->writesFiles() || failed(checkRelease(EC, *I)) ||
        failed(I->Files(EC)))
      return failure();
  return success();
}

/// Emitters run concurrently push their files in no fixed order; sorted
/// by emitter, the order is the same for any number of threads.
static void sortFiles(const EmitContext &EC) {
  for (FileManager *FM : getFileManagers(EC))
    FM->sortFiles();
}

LogicalResult opgen::runFileEmitters(EmitContext &EC,
                                     ArrayRef<const EmitterInfo *> Set) {
  bool Done = allRunnable(EC, Set) && EC.Options.Threads > 1 &&
              Set.size() > 1 && runConcurrently(EC, Set, Set);
  if (!Done && failed(runInOrder(EC, Set)))
    return failure();
  sortFiles(EC);
  return success();
}

LogicalResult
opgen::runFileEmittersWith(EmitContext &EC, ArrayRef<const EmitterInfo *> Set,
                           function_ref<LogicalResult()> First,
                           function_ref<LogicalResult()> MakeModel) {
  std::vector<const EmitterInfo *> Early, Late;
  for (const EmitterInfo *I : Set)
    (I->NeedsAutograd ? Late : Early).push_back(I);
  DiagnosticEngine &D = EC.Ctx.getDiags();
  if (EC.Options.Threads < 2 || Early.empty() || !allRunnable(EC, Set)) {
    // One after another: First and MakeModel still side by side, their
    // diagnostics in source order as below.
    bool FirstOk = false, Made = false;
    D.beginDeferred();
    EC.Ctx.getThreadPool().parallelFor(EC.Options.Threads, 2, [&](size_t Task) {
      (Task ? Made : FirstOk) = succeeded(Task ? MakeModel() : First());
    });
    D.flushDeferred();
    if (!FirstOk || !Made)
      return failure();
    return runFileEmitters(EC, Set);
  }
  // Made before the emitters share it: getCppWrapperCache is not
  // thread-safe.
  getCppWrapperCache(EC);
  // What the early emitters report is tagged, to be dropped: they are run
  // again in order if they reported anything.
  const unsigned EarlyTag = ~0u - 1;
  bool FirstOk = false, Made = false, EarlyOk = true;
  D.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(2, 2, [&](size_t Task) {
    if (Task == 1) {
      Made = succeeded(MakeModel());
      return;
    }
    FirstOk = succeeded(First());
    if (!FirstOk)
      return;
    // Copied after First, which may set options (the policy tables).
    EmitOptions Inner = EC.Options;
    Inner.Threads = 1;
    EmitContext IEC{EC.Ctx,     EC.M,        Inner,  EC.Files,
                    EC.Folders, EC.Wrappers, nullptr};
    D.setThreadTag(EarlyTag);
    for (const EmitterInfo *I : Early) {
      FileManager::EmitterScope Scope(find(Set, I) - Set.begin());
      if (failed(I->Files(IEC))) {
        EarlyOk = false;
        break;
      }
    }
    D.setThreadTag(0);
  });
  if (D.discardDeferred(EarlyTag))
    EarlyOk = false;
  D.flushDeferred();
  if (!FirstOk || !Made || !EarlyOk) {
    forgetEmitted(EC);
    if (!FirstOk || !Made)
      return failure();
    return runFileEmitters(EC, Set);
  }
  // The rest side by side; if they reported anything (which also forgot
  // the early emitters' files), all again in order.
  if (!runConcurrently(EC, Set, Late) && failed(runInOrder(EC, Set)))
    return failure();
  sortFiles(EC);
  return success();
}
