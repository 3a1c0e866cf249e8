//===- PassManager.cpp - Run a pipeline of passes -------------------------===//

#include "opgen/Pass/PassManager.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>

using namespace opgen;
using namespace llvm;

static void printIR(const PassInstrumentation &I, const Module &M,
                    StringRef When, StringRef PassName) {
  if (!I.PrintIR || !I.OS)
    return;
  *I.OS << "# -----// IR Dump " << When << " " << PassName << " //----- #\n";
  I.PrintIR(M, *I.OS);
}

LogicalResult PassManager::run(Module &M, PassContext &PC,
                               const PassInstrumentation &I) {
  struct Timing {
    StringRef Name;
    double Ms;
  };
  std::vector<Timing> Timings;
  auto Report = [&] {
    if (!I.TimePasses || !I.OS)
      return;
    double Total = 0;
    for (const Timing &T : Timings)
      Total += T.Ms;
    raw_ostream &OS = *I.OS;
    OS << "===" << std::string(73, '-') << "===\n"
       << "                      ... Pass execution timing report ...\n"
       << "===" << std::string(73, '-') << "===\n"
       << format("  Total Execution Time: %.4f ms\n\n", Total)
       << "   Wall Time  Name\n";
    for (const Timing &T : Timings)
      OS << format("  %8.4f ms  ", T.Ms) << T.Name << "\n";
    OS << format("  %8.4f ms  ", Total) << "Total\n";
  };

  // Analyses live for this run only: another module may come next.
  AnalysisCache Local;
  AnalysisCache *Outer = PC.Analyses;
  if (!PC.Analyses)
    PC.Analyses = &Local;
  struct Restore {
    PassContext &PC;
    AnalysisCache *Outer;
    ~Restore() { PC.Analyses = Outer; }
  } RestoreOnExit{PC, Outer};

  for (const std::unique_ptr<Pass> &P : Passes) {
    StringRef Name = P->getArgument();
    if (!P->supportsRelease(M.Release)) {
      PC.Ctx.getDiags().error(
          SMLoc(),
          "pass `" + Name +
              "` follows torchgen 2.14; the input was "
              "read with torchgen " +
              toString(M.Release) +
              "'s checks (--release), whose code generator it does not "
              "reproduce");
      Report();
      return failure();
    }
    if (I.PrintBefore.count(Name))
      printIR(I, M, "Before", Name);
    auto Start = std::chrono::steady_clock::now();
    LogicalResult R = P->run(M, PC);
    if (!P->preservesSchemas())
      PC.Analyses->clear();
    Timings.push_back({Name, std::chrono::duration<double, std::milli>(
                                 std::chrono::steady_clock::now() - Start)
                                 .count()});
    if (failed(R)) {
      if (I.PrintAfterFailure)
        printIR(I, M, "After Failed", Name);
      Report();
      return failure();
    }
    if (I.PrintAfterAll || I.PrintAfter.count(Name))
      printIR(I, M, "After", Name);
    if (I.VerifyEach && failed(verifyModule(M, PC.Ctx))) {
      PC.Ctx.getDiags().error(SMLoc(),
                              "the IR is invalid after pass `" + Name + "`");
      Report();
      return failure();
    }
  }
  Report();
  return success();
}
