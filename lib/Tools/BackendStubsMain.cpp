//===- BackendStubsMain.cpp - opgen-backend-stubs as a library ------------===//

#include "opgen/Tools/BackendStubsMain.h"
#include "opgen/Emit/BackendStubs/BackendStubs.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Support/ToolProcess.h"
#include "opgen/Tools/FrontEnd.h"
#include "opgen/Tools/RunDepfile.h"
#include "opgen/Tools/ToolFlags.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <thread>

using namespace opgen;
using namespace llvm;

static const char *const StubsToolName = "opgen-backend-stubs";

LogicalResult opgen::runBackendStubs(const BackendStubsConfig &C,
                                     raw_ostream &OutOS, raw_ostream &ErrOS) {
  // The command line finds the ATen folder when --source-path is omitted;
  // a configuration must name it.
  if (C.SourceYaml.empty() || C.OutputDir.empty() || C.SourcePath.empty()) {
    WithColor::error(ErrOS, StubsToolName)
        << (C.SourcePath.empty() && !C.SourceYaml.empty() &&
                    !C.OutputDir.empty()
                ? "no ATen folder (BackendStubsConfig::SourcePath)\n"
                : "-s/--source-yaml and -o/--output-dir are required; "
                  "--help lists the flags\n");
    return failure();
  }
  AtenPaths Paths(C.SourcePath);

  ToolIR IR(ErrOS, C.DisableFree);
  Context &Ctx = IR.getContext();
  Ctx.getDiags().setOptions(C.Diagnostics);
  if (failed(openAtenFolder(Ctx.getDiags(), ErrOS, StubsToolName, C.Summary,
                            C.SourcePath, C.SourcePathOrigin)))
    return failure();
  Module &M = IR.getModule();
  using Clock = std::chrono::steady_clock;
  auto Ms = [](Clock::time_point A, Clock::time_point B) {
    return std::chrono::duration<double, std::milli>(B - A).count();
  };
  FrontEndInputs In;
  In.TagsYaml = loadFile(Ctx, Paths.TagsYaml);
  In.NativeYaml = loadFile(Ctx, Paths.NativeYaml);
  In.BackendYaml = loadFile(Ctx, C.SourceYaml);
  if (!In.TagsYaml || !In.NativeYaml || !In.BackendYaml)
    return failure();
  FrontEndOptions FO = getToolFrontEndOptions(C.Threads, ErrOS);
  FrontEndTimings T;
  FO.Timings = &T;
  if (failed(runFrontEnd(Ctx, In, FO, M)))
    return failure();
  auto Passed = Clock::now();

  // torchgen checks the kernels only for a backend with operators.
  if (!C.ImplPath.empty() && failed(checkBackendKernels(Ctx, M, C.ImplPath)))
    return failure();

  EmitOptions EO;
  EO.OutputDirSpelling = C.OutputDir;
  EO.Threads = FO.Threads;
  TemplateCache TC{Paths.Templates};
  const FileSetInfo &Set = *findFileSet("backend-stubs");
  FileManager Files(Ctx, TC, C.OutputDir, Set.Generator.str(), C.DryRun);
  EmitContext EC{Ctx, M, EO, &Files};
  if (failed(runFileEmitters(EC, getFileSet(Set.Name))))
    return failure();
  auto Emitted = Clock::now();
  LogicalResult Written = Files.commit(EO.Threads, C.Faults);
  std::vector<std::string> Outputs;
  if (C.DryRun || !C.Depfile.empty())
    Outputs = getWrittenPaths({&Files});
  if (C.DryRun)
    for (const std::string &P : Outputs)
      OutOS << "would write " << P << "\n";
  // The first output is the depfile's target, as opgen's (see GenMain.cpp).
  // The impl file is named whenever given, though a backend without
  // operators does not read it: one dependency too many costs nothing.
  if (succeeded(Written) && !C.Depfile.empty()) {
    std::vector<std::string> Extra;
    if (!C.ImplPath.empty())
      Extra.push_back(C.ImplPath);
    if (failed(writeRunDepfile(Ctx, TC, C.Depfile,
                               Outputs.empty() ? StringRef(C.Depfile)
                                               : StringRef(Outputs[0]),
                               Extra)))
      return failure();
  }
  if (C.Summary)
    ErrOS << StubsToolName << ": read native_functions.yaml in "
          << format("%.1f", T.ReadMs) << " ms, ran the passes in "
          << format("%.1f", T.PassesMs) << " ms (" << M.Functions.size()
          << " operators), generated " << Files.getFiles().size()
          << " files in " << format("%.1f", Ms(Passed, Emitted)) << " ms, "
          << (C.DryRun ? "wrote none" : "wrote them") << " in "
          << format("%.1f", Ms(Emitted, Clock::now())) << " ms\n";
  return Written;
}

/// gen_backend_stubs' --dry_run takes a value (`--dry_run True`); join such
/// a value to its flag so the parser sees `--dry_run=True`.
static std::vector<std::string> joinDryRunValues(int Argc, char **Argv) {
  std::vector<std::string> Args;
  for (int I = 0; I < Argc; ++I) {
    std::string A = Argv[I];
    StringRef Flag = StringRef(A).ltrim('-');
    bool IsDryRun = I > 0 && StringRef(A).startswith("-") &&
                    (Flag == "dry-run" || Flag == "dry_run");
    if (IsDryRun && I + 1 < Argc) {
      StringRef V = Argv[I + 1];
      if (V.equals_insensitive("true") || V.equals_insensitive("false") ||
          V == "1" || V == "0") {
        A += "=" + V.str();
        ++I;
      }
    }
    Args.push_back(std::move(A));
  }
  return Args;
}

int opgen::backendStubsMain(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  prepareToolProcess();
  std::vector<std::string> Joined = joinDryRunValues(Argc, Argv);
  std::vector<const char *> ArgPtrs;
  for (const std::string &A : Joined)
    ArgPtrs.push_back(A.c_str());

  cl::OptionCategory Cat("opgen-backend-stubs options");
  cl::opt<std::string> SourceYaml(
      "source-yaml",
      cl::desc("The backend yaml (operators the backend has); also -s, "
               "--source_yaml"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::alias SourceYamlS("s", cl::desc("Alias for --source-yaml"),
                        cl::aliasopt(SourceYaml));
  cl::alias SourceYamlU("source_yaml", cl::desc("Alias for --source-yaml"),
                        cl::aliasopt(SourceYaml));
  cl::opt<std::string> OutputDir(
      "output-dir",
      cl::desc("Where to write the generated files; also -o, --output_dir"),
      cl::value_desc("dir"), cl::cat(Cat));
  cl::alias OutputDirO("o", cl::desc("Alias for --output-dir"),
                       cl::aliasopt(OutputDir));
  cl::alias OutputDirU("output_dir", cl::desc("Alias for --output-dir"),
                       cl::aliasopt(OutputDir));
  cl::opt<bool> DryRun(
      "dry-run",
      cl::desc("Report the files that would be written; write none "
               "(also --dry_run, and `--dry_run True` as torchgen takes it)"),
      cl::cat(Cat));
  cl::alias DryRunU("dry_run", cl::desc("Alias for --dry-run"),
                    cl::aliasopt(DryRun));
  cl::opt<std::string> Depfile(
      "depfile",
      cl::desc("Write a Makefile-syntax depfile naming every file read "
               "(opgen's own)"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::opt<std::string> ImplPath(
      "impl-path",
      cl::desc("A C++ file with the backend's kernel definitions: check "
               "that every kernel is defined (also --impl_path)"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::alias ImplPathU("impl_path", cl::desc("Alias for --impl-path"),
                      cl::aliasopt(ImplPath));
  cl::opt<std::string> SourcePath(
      "source-path",
      cl::desc("The ATen folder holding native/native_functions.yaml, "
               "native/tags.yaml and templates/. Default: "
               "$OPGEN_SOURCE_PATH, else that of the torchgen python3 imports "
               "(as gen_backend_stubs reads its own torchgen's)"),
      cl::value_desc("dir"), cl::cat(Cat));
  cl::opt<bool> Summary(
      "summary",
      cl::desc("Print what was read and generated, and the time each step "
               "took, to stderr"),
      cl::cat(Cat));
  cl::opt<unsigned> Threads(
      "threads", cl::desc("Threads for reading (default: one per core)"),
      cl::init(0), cl::cat(Cat));
  DiagnosticFlags DiagFlags(Cat);
  OutputFaultFlag FaultFlag(Cat);
  PrintSourcePathFlag PrintSourcePath(Cat);
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << StubsToolName << " " << OPGEN_VERSION
       << "\n  writes what torchgen 2.14's gen_backend_stubs writes\n";
  });
  if (!cl::ParseCommandLineOptions(
          ArgPtrs.size(), ArgPtrs.data(),
          "opgen-backend-stubs: an out-of-tree backend's C++ glue "
          "(drop-in for python -m torchgen.gen_backend_stubs)\n",
          &errs()))
    return 1;
  std::optional<OutputFaults> Faults = FaultFlag.resolve(StubsToolName);
  if (!Faults)
    return 1;
  BackendStubsConfig C;
  C.Faults = *Faults;
  C.SourceYaml = SourceYaml;
  C.OutputDir = OutputDir;
  ToolEnvironment Env = ToolEnvironment::fromProcess();
  C.Diagnostics = DiagFlags.resolve(Env);
  C.SourcePath = SourcePath;
  // The other required flags are checked first: no Python for a command
  // line that fails anyway.
  if (!SourcePath.getNumOccurrences() &&
      ((!C.SourceYaml.empty() && !C.OutputDir.empty()) ||
       PrintSourcePath.given())) {
    if (!findSourcePathOrReport(Env, /*GenDefault=*/false, StubsToolName,
                                C.SourcePath, C.SourcePathOrigin))
      return 1;
  }
  if (PrintSourcePath.given()) {
    outs() << C.SourcePath << "\n";
    return 0;
  }
  C.ImplPath = ImplPath;
  C.DryRun = DryRun;
  C.Depfile = Depfile;
  C.Threads = Threads;
  C.DisableFree = true;
  C.Summary = Summary;
  return failed(runBackendStubs(C, outs(), errs())) ? 1 : 0;
}
