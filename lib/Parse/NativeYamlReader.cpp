//===- NativeYamlReader.cpp - Read native_functions.yaml ------------------===//
//
// Ties the stages together: every entry is read and checked on its own
// (ParallelReader.cpp, EntryReader.cpp), the entries that read cleanly are
// checked against each other (CrossEntryChecks.cpp), and the groups printed
// IR carries are rebuilt (PrintedIR.cpp).
//
//===----------------------------------------------------------------------===//

#include "opgen/Parse/NativeYamlReader.h"
#include "NativeYamlStages.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MemoryBuffer.h"

using namespace opgen;
using namespace opgen::nativeyaml;
using namespace llvm;

unsigned opgen::loadFile(Context &Ctx, StringRef Path) {
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf =
      MemoryBuffer::getFileOrSTDIN(Path, /*IsText=*/true);
  if (!Buf) {
    Ctx.getDiags().fileError(Path,
                             "cannot read file: " + Buf.getError().message());
    return 0;
  }
  return Ctx.getSourceMgr().AddNewSourceBuffer(std::move(*Buf), SMLoc());
}

static LogicalResult readNativeFunctionsYamlImpl(Context &Ctx,
                                                 unsigned BufferID, Module &M,
                                                 TorchRelease Release,
                                                 unsigned Threads,
                                                 YamlReading Reading) {
  DiagnosticEngine &D = Ctx.getDiags();
  unsigned Before = D.getNumErrors();
  std::optional<EntrySlots> Slots =
      readEntries(Ctx, BufferID, M, Release, Threads, Reading);
  if (!Slots)
    return failure();

  shareAliasedTagLists(Ctx, *Slots);

  // Keep the functions that read cleanly, in place; remember the names of
  // the others so the checks across entries do not report them missing.
  std::set<OperatorName> FailedNames;
  std::vector<NativeFunction> &Fns = Slots->Fns;
  size_t Kept = 0;
  for (size_t I = 0; I < Fns.size(); ++I) {
    if (Slots->Ok[I]) {
      if (Kept != I)
        Fns[Kept] = std::move(Fns[I]);
      ++Kept;
    } else if (Slots->FailedNames[I]) {
      FailedNames.insert(*Slots->FailedNames[I]);
    }
  }
  Fns.resize(Kept);

  checkAcrossEntries(Ctx, Fns, FailedNames, Threads);
  if (D.getNumErrors() != Before)
    return failure();
  M.VariantsSynthesized =
      any_of(Fns, [](const NativeFunction &F) { return F.isGenerated(); });
  M.Functions = std::move(Fns);
  // Every entry was read, so slots and functions line up.
  return rebuildGroups(Ctx, M, Slots->Printed);
}

LogicalResult opgen::readNativeFunctionsYaml(Context &Ctx, unsigned BufferID,
                                             Module &M, TorchRelease Release,
                                             unsigned Threads,
                                             YamlReading Reading) {
  M.Release = Release;
  // Collect diagnostics and print them in source order afterwards, so the
  // output does not depend on the number of threads.
  Ctx.getDiags().beginDeferred();
  LogicalResult R =
      readNativeFunctionsYamlImpl(Ctx, BufferID, M, Release, Threads, Reading);
  Ctx.getDiags().flushDeferred();
  return R;
}
