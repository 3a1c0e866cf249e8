//===- EmitterRunTest.cpp - runFileEmittersWith's early emitters ----------===//
//
// The emitters that need no autograd model run while it is made, after the
// policy-loading step: they must see what that step set in the options,
// run once when nothing is reported, and have what they reported dropped
// and be run again in order when something is.
//
//===----------------------------------------------------------------------===//

#include "TestContext.h"
#include "opgen/AutogradApi/DifferentiabilityInfo.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/IR/AutogradTables.h"

#include <doctest/doctest.h>

#include <atomic>

using namespace opgen;

namespace {
// File emitters are plain function pointers: what they saw goes here.
std::atomic<unsigned> EarlyRuns{0}, EarlySawPolicy{0}, LateRuns{0};
std::atomic<bool> EarlyReports{false};

LogicalResult earlyEmitter(EmitContext &EC) {
  ++EarlyRuns;
  if (EC.Options.AutogradPolicy)
    ++EarlySawPolicy;
  if (EarlyReports)
    EC.Ctx.getDiags().warning(llvm::SMLoc(), "early emitter's warning");
  return success();
}

LogicalResult lateEmitter(EmitContext &EC) {
  ++LateRuns;
  return success(EC.Autograd != nullptr);
}

struct RunFixture : TestContext {
  Module M;
  EmitOptions Options;
  EmitContext EC{Ctx, M, Options};
  EmitterInfo Early{"early", "", "test"};
  EmitterInfo Late{"late", "", "test"};
  AutogradModel Model;
  AutogradTables Tables;

  RunFixture() {
    Early.Files = earlyEmitter;
    Late.Files = lateEmitter;
    Late.NeedsAutograd = true;
    Options.Threads = 2;
    EarlyRuns = EarlySawPolicy = LateRuns = 0;
  }
  LogicalResult run() {
    const EmitterInfo *Set[] = {&Early, &Late};
    return runFileEmittersWith(
        EC, Set,
        [&] {
          Options.AutogradPolicy = &Tables;
          return success();
        },
        [&] {
          EC.Autograd = &Model;
          return success();
        });
  }
};
} // namespace

TEST_CASE_FIXTURE(RunFixture, "early emitters see what First set, once") {
  EarlyReports = false;
  CHECK(succeeded(run()));
  CHECK(EarlyRuns == 1);
  CHECK(EarlySawPolicy == 1);
  CHECK(LateRuns == 1);
  CHECK(Diags.empty());
}

TEST_CASE_FIXTURE(RunFixture, "what early emitters report is printed once, "
                              "from the run in order") {
  EarlyReports = true;
  CHECK(succeeded(run()));
  // Run early (its warning dropped), then again in order.
  CHECK(EarlyRuns >= 2);
  CHECK(EarlySawPolicy == EarlyRuns);
  size_t First = Diags.find("early emitter's warning");
  REQUIRE(First != std::string::npos);
  CHECK(Diags.find("early emitter's warning", First + 1) == std::string::npos);
  EarlyReports = false;
}
