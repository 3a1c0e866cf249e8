//===- FrontEnd.cpp - Inputs to a checked, transformed Module -------------===//

#include "opgen/Tools/FrontEnd.h"
#include "opgen/IR/Verifier.h"
#include "opgen/Parse/AutogradTablesReader.h"
#include "opgen/Parse/BackendYamlReader.h"
#include "opgen/Parse/DeprecatedYamlReader.h"
#include "opgen/Parse/DerivativesYamlReader.h"
#include "opgen/Parse/SelectionReader.h"
#include "opgen/Transforms/BackendOperators.h"
#include "opgen/Transforms/Passes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <thread>

using namespace opgen;
using namespace llvm;

FrontEndOptions opgen::getToolFrontEndOptions(unsigned Threads,
                                              raw_ostream &ErrOS) {
  FrontEndOptions FO;
  FO.Threads =
      Threads ? Threads : std::max(1u, std::thread::hardware_concurrency());
  FO.Pipeline = "default";
  FO.Instrumentation.VerifyEach = false;
  FO.Instrumentation.OS = &ErrOS;
  return FO;
}

AtenPaths::AtenPaths(StringRef SourcePath) {
  SmallString<256> P(SourcePath);
  sys::path::append(P, "native", "native_functions.yaml");
  NativeYaml = std::string(P);
  P = SourcePath;
  sys::path::append(P, "native", "tags.yaml");
  TagsYaml = std::string(P);
  P = SourcePath;
  sys::path::append(P, "templates");
  Templates = std::string(P);
}

AutogradPaths opgen::getAutogradPaths(StringRef AutogradDir) {
  AutogradPaths P;
  auto Join = [&](StringRef Name) {
    SmallString<256> S(AutogradDir);
    sys::path::append(S, Name);
    return std::string(S);
  };
  P.DerivativesYaml = Join("derivatives.yaml");
  P.DeprecatedYaml = Join("deprecated.yaml");
  P.Templates = Join("templates");
  return P;
}

/// os.path.abspath: absolute, with `.` and `..` taken out as text.
static SmallString<256> pyAbsPath(StringRef P) {
  SmallString<256> S(P);
  sys::fs::make_absolute(S);
  sys::path::remove_dots(S, /*remove_dot_dot=*/true);
  return S;
}

/// What the table readers load a module of \p AutogradDir with.
static std::function<unsigned(StringRef)>
moduleLoader(Context &Ctx, StringRef AutogradDir,
             const std::function<void(unsigned)> &OnLoad) {
  return [&Ctx, AutogradDir, &OnLoad](StringRef Name) {
    SmallString<256> P(AutogradDir);
    sys::path::append(P, Name);
    unsigned B = loadFile(Ctx, P);
    if (B && OnLoad)
      OnLoad(B);
    return B;
  };
}

LogicalResult
opgen::loadAutogradTables(Context &Ctx, StringRef AutogradDir,
                          AutogradTables &Out,
                          const std::function<void(unsigned)> &OnLoad) {
  return readAutogradTables(Ctx, moduleLoader(Ctx, AutogradDir, OnLoad), Out);
}

LogicalResult
opgen::loadPythonBindingTables(Context &Ctx, StringRef AutogradDir,
                               PythonBindingTables &Out,
                               const std::function<void(unsigned)> &OnLoad) {
  return readPythonBindingTables(Ctx, moduleLoader(Ctx, AutogradDir, OnLoad),
                                 Out);
}

std::string opgen::getAutogradTemplateDirForComments(StringRef AutogradDir,
                                                     StringRef TorchgenDir) {
  SmallString<256> Dir = pyAbsPath(AutogradDir);
  SmallString<256> Torchgen;
  if (!TorchgenDir.empty()) {
    Torchgen = pyAbsPath(TorchgenDir);
  } else {
    StringRef Parent = sys::path::parent_path(Dir);
    StringRef Grand = sys::path::parent_path(Parent);
    if (sys::path::filename(Dir) == "autograd" &&
        sys::path::filename(Parent) == "packaged" &&
        sys::path::filename(Grand) == "torchgen") {
      Torchgen = Grand;
    } else {
      Torchgen = Grand;
      sys::path::append(Torchgen, "torchgen");
    }
  }
  SmallString<256> Templates = Dir;
  sys::path::append(Templates, "templates");
  // os.path.relpath: up from torchgen's folder to the common prefix, then
  // down to the templates.
  SmallVector<StringRef, 16> From, To;
  for (auto I = sys::path::begin(Torchgen), E = sys::path::end(Torchgen);
       I != E; ++I)
    if (*I != "/")
      From.push_back(*I);
  for (auto I = sys::path::begin(Templates), E = sys::path::end(Templates);
       I != E; ++I)
    if (*I != "/")
      To.push_back(*I);
  size_t Common = 0;
  while (Common < From.size() && Common < To.size() &&
         From[Common] == To[Common])
    ++Common;
  std::string Rel;
  for (size_t I = Common; I < From.size(); ++I)
    Rel += Rel.empty() ? ".." : "/..";
  for (size_t I = Common; I < To.size(); ++I)
    Rel += (Rel.empty() ? "" : "/") + To[I].str();
  return Rel.empty() ? "." : Rel;
}

ToolIR::~ToolIR() {
  // The run is over, however it ended: say what the error limit hid.
  Ctx->getDiags().printHiddenCount();
  if (DisableFree) {
    llvm::BuryPointer(std::move(M));
    llvm::BuryPointer(std::move(Ctx));
  }
}

std::vector<DispatchKey> opgen::getTorchgenIgnoredKeys(bool Mps, bool Xpu,
                                                       bool Mtia,
                                                       bool UpdateAotiCShim) {
  std::vector<DispatchKey> Keys;
  if (!Mps && !UpdateAotiCShim)
    Keys.insert(Keys.end(), {DispatchKey::MPS, DispatchKey::SparseMPS,
                             DispatchKey::SparseCsrMPS});
  if (!Xpu && !UpdateAotiCShim)
    Keys.insert(Keys.end(),
                {DispatchKey::XPU, DispatchKey::SparseXPU,
                 DispatchKey::SparseCsrXPU, DispatchKey::NestedTensorXPU});
  if (!Mtia)
    Keys.push_back(DispatchKey::MTIA);
  return Keys;
}

std::optional<PassManager> opgen::buildPipeline(Context &Ctx, StringRef Spec) {
  PassManager PM;
  SmallVector<StringRef, 8> Names;
  Spec.split(Names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef Name : Names) {
    Name = Name.trim();
    if (Name == "default") {
      for (StringRef D : getDefaultPipeline())
        PM.addPass(createPass(D));
      continue;
    }
    std::unique_ptr<Pass> P = createPass(Name);
    if (!P) {
      Ctx.getDiags().error(SMLoc(), "unknown pass `" + Name +
                                        "`; --list-passes shows them");
      return std::nullopt;
    }
    PM.addPass(std::move(P));
  }
  return PM;
}

LogicalResult opgen::runFrontEnd(Context &Ctx, const FrontEndInputs &In,
                                 const FrontEndOptions &O, Module &M) {
  DiagnosticEngine &D = Ctx.getDiags();
  std::optional<PassManager> PM = buildPipeline(Ctx, O.Pipeline);
  if (!PM)
    return failure();
  using Clock = std::chrono::steady_clock;
  auto Start = Clock::now();
  auto Since = [](Clock::time_point T) {
    return std::chrono::duration<double, std::milli>(Clock::now() - T).count();
  };
  if (In.TagsYaml && failed(readTagsYaml(Ctx, In.TagsYaml, M.ValidTags)))
    return failure();
  // torchgen reads the selection first and stops there; opgen goes on to
  // report native_functions.yaml's problems too, but runs no pass.
  bool SelectionOk = true;
  if (In.SelectionYaml || In.OpRegistrationWhitelist) {
    OperatorSelection S;
    SelectionOk = succeeded(
        In.SelectionYaml
            ? readOperatorSelection(Ctx, In.SelectionYaml, S)
            : readOpRegistrationWhitelist(Ctx, *In.OpRegistrationWhitelist, S,
                                          In.WhitelistForTraining));
    if (SelectionOk)
      M.Selection = std::move(S);
  }
  // derivatives.yaml and deprecated.yaml stand alone: their problems are
  // reported with the others, and they are matched to the functions after
  // the passes.
  bool DerivativesOk = true;
  if (In.DerivativesYaml) {
    DerivativesFile DF;
    DF.Path = Ctx.getSourceMgr()
                  .getMemoryBuffer(In.DerivativesYaml)
                  ->getBufferIdentifier()
                  .str();
    DerivativesOk =
        succeeded(readDerivativesYaml(Ctx, In.DerivativesYaml, DF, O.Reading));
    if (DerivativesOk)
      M.Derivatives = std::move(DF);
  }
  bool DeprecatedOk = true;
  if (In.DeprecatedYaml) {
    DeprecatedFile DF;
    DF.Path = Ctx.getSourceMgr()
                  .getMemoryBuffer(In.DeprecatedYaml)
                  ->getBufferIdentifier()
                  .str();
    DeprecatedOk = succeeded(readDeprecatedYaml(Ctx, In.DeprecatedYaml, DF));
    if (DeprecatedOk)
      M.Deprecated = std::move(DF);
  }
  TorchRelease Release =
      O.Release ? *O.Release : guessTorchRelease(M.ValidTags);
  M.IgnoredDispatchKeys = O.IgnoredDispatchKeys;
  if (failed(readNativeFunctionsYaml(Ctx, In.NativeYaml, M, Release, O.Threads,
                                     O.Reading)))
    return failure();
  // Printed IR carries groups and names; what it says must hold before any
  // stage relies on it. The backend yaml is read meanwhile, on another
  // thread (both take about 0.3 ms); what it reports is printed after the
  // verifier's, and dropped if the verifier failed, as if it were read
  // after.
  BackendConfig B;
  bool Verified = false, BackendOk = false;
  const unsigned BackendTag = ~0u;
  D.beginDeferred();
  Ctx.getThreadPool().parallelFor(
      In.BackendYaml ? O.Threads : 1, In.BackendYaml ? 2 : 1, [&](size_t Task) {
        if (Task == 0) {
          Verified = succeeded(verifyModule(M, Ctx));
          return;
        }
        D.setThreadTag(BackendTag);
        BackendOk = succeeded(
            readBackendYaml(Ctx, In.BackendYaml, B, In.BackendReading));
        D.setThreadTag(0);
      });
  if (!Verified || !SelectionOk)
    D.discardDeferred(BackendTag);
  D.flushDeferred();
  if (!Verified || !SelectionOk || !DerivativesOk || !DeprecatedOk)
    return failure();

  // A backend yaml with problems of its own is kept out of the module (whose
  // parts are always valid), but its operators are still checked once the
  // pipeline has grouped the functions.
  std::optional<BackendConfig> Rejected;
  if (In.BackendYaml) {
    if (BackendOk)
      M.Backend = std::move(B);
    else
      Rejected = std::move(B);
  }
  if (O.Timings) {
    O.Timings->ReadMs = Since(Start);
    O.Timings->NumPasses = PM->getPasses().size();
  }
  auto PassesStart = Clock::now();
  PassContext PC{Ctx};
  PC.Threads = O.Threads;
  LogicalResult Ran = PM->run(M, PC, O.Instrumentation);
  if (O.Timings)
    O.Timings->PassesMs = Since(PassesStart);
  if (failed(Ran))
    return failure();
  if (Rejected) {
    if (M.Groups)
      (void)checkBackendOperators(Ctx, *Rejected, M);
    return failure();
  }
  return success(D.getNumErrors() == 0);
}
