//===- GenMain.cpp - opgen, torchgen.gen's replacement, as a library ------===//

#include "opgen/Tools/GenMain.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/DispatchKey.h"
#include "opgen/Parse/FallbackOpsReader.h"
#include "opgen/Support/OutputFile.h"
#include "opgen/Support/ToolProcess.h"
#include "opgen/Tools/FrontEnd.h"
#include "opgen/Tools/OutputFolders.h"
#include "opgen/Tools/RunDepfile.h"
#include "opgen/Tools/ToolFlags.h"

#include "llvm/ADT/STLExtras.h"
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

static const char *const GenToolName = "opgen";

/// torchgen's aoti/fallback_ops.py: \p Given, or the one of the torchgen
/// beside \p SourcePath (an installed torchgen's packaged/ATen, or a
/// PyTorch checkout's aten/src/ATen).
static std::string findFallbackOps(StringRef SourcePath, StringRef Given) {
  if (!Given.empty())
    return Given.str();
  SmallString<256> Abs(SourcePath);
  sys::fs::make_absolute(Abs);
  sys::path::remove_dots(Abs, /*remove_dot_dot=*/true);
  StringRef Up2 = sys::path::parent_path(sys::path::parent_path(Abs));
  SmallString<256> Packaged(Up2), Checkout(sys::path::parent_path(Up2));
  sys::path::append(Packaged, "aoti", "fallback_ops.py");
  sys::path::append(Checkout, "torchgen", "aoti", "fallback_ops.py");
  return std::string(sys::fs::exists(Checkout) && !sys::fs::exists(Packaged)
                         ? Checkout
                         : Packaged);
}

LogicalResult opgen::runGen(const GenConfig &C, raw_ostream &ErrOS) {
  return runGen(C, outs(), ErrOS);
}

LogicalResult opgen::runGen(const GenConfig &C, raw_ostream &OutOS,
                            raw_ostream &ErrOS) {
  auto ToolError = [&]() -> raw_ostream & {
    return WithColor::error(ErrOS, GenToolName);
  };
  for (const std::string &G : C.Generate)
    if (G != "headers" && G != "sources" && G != "declarations_yaml") {
      ToolError() << "--generate takes headers, sources or "
                     "declarations_yaml, not `"
                  << G << "`\n";
      return failure();
    }
  if (C.OpRegistrationWhitelist && !C.OpSelectionYamlPath.empty()) {
    ToolError() << "--op-registration-whitelist and --op-selection-yaml-path "
                   "cannot be given together\n";
    return failure();
  }
  // torchgen stops with a traceback on a name that is no dispatch key. A
  // key without kernels is accepted, as torchgen accepts it.
  std::vector<DispatchKey> StaticDispatch;
  for (const std::string &Name : C.StaticDispatchBackends) {
    std::optional<DispatchKey> K = parseDispatchKey(Name);
    if (!K) {
      ToolError() << "unknown dispatch key `" << Name
                  << "` in --static-dispatch-backend\n";
      return failure();
    }
    StaticDispatch.push_back(*K);
  }

  AtenPaths Paths(C.SourcePath);

  ToolIR IR(ErrOS, C.DisableFree);
  Context &Ctx = IR.getContext();
  Ctx.getDiags().setOptions(C.Diagnostics);
  Module &M = IR.getModule();
  using Clock = std::chrono::steady_clock;
  auto Start = Clock::now();
  if (failed(openAtenFolder(Ctx.getDiags(), ErrOS, GenToolName, C.Summary,
                            C.SourcePath, C.SourcePathOrigin)))
    return failure();
  auto Ms = [](Clock::time_point A, Clock::time_point B) {
    return std::chrono::duration<double, std::milli>(B - A).count();
  };

  FrontEndInputs In;
  In.TagsYaml = loadFile(Ctx, Paths.TagsYaml);
  In.NativeYaml = loadFile(Ctx, Paths.NativeYaml);
  if (!In.TagsYaml || !In.NativeYaml)
    return failure();
  if (!C.OpSelectionYamlPath.empty() &&
      !(In.SelectionYaml = loadFile(Ctx, C.OpSelectionYamlPath)))
    return failure();
  In.OpRegistrationWhitelist = C.OpRegistrationWhitelist;
  // The AOTInductor shims are written with the sources. torchgen takes its
  // own fallback_ops.py; an ATen folder outside a torchgen or a PyTorch
  // checkout has none beside it, and then gets no shims (said so) unless
  // the flag names one.
  AotiFallbackOps AotiOps;
  bool Sources = is_contained(C.Generate, "sources");
  bool HaveAotiOps = false;
  if (Sources) {
    std::string Path = findFallbackOps(C.SourcePath, C.AotiFallbackOps);
    if (C.AotiFallbackOps.empty() && !sys::fs::exists(Path)) {
      Ctx.getDiags().fileWarning(
          C.SourcePath, "no torchgen/aoti/fallback_ops.py beside the source "
                        "path (looked for `" +
                            Path +
                            "`): the AOTInductor C shims are not written; "
                            "give the file with --aoti-fallback-ops");
    } else {
      unsigned Buf = loadFile(Ctx, Path);
      if (!Buf || failed(readAotiFallbackOps(Ctx, Buf, AotiOps)))
        return failure();
      HaveAotiOps = true;
    }
  }
  FrontEndOptions FO = getToolFrontEndOptions(C.Threads, ErrOS);
  FO.IgnoredDispatchKeys =
      getTorchgenIgnoredKeys(C.Mps, C.Xpu, C.Mtia, C.UpdateAotiCShim);
  if (failed(runFrontEnd(Ctx, In, FO, M)))
    return failure();
  auto Read = Clock::now();

  EmitOptions EO;
  EO.OutputDirSpelling = C.InstallDir;
  EO.Threads = FO.Threads;
  EO.PerOperatorHeaders = C.PerOperatorHeaders;
  EO.Rocm = C.Rocm;
  EO.GenerateHeaders = is_contained(C.Generate, "headers");
  EO.GenerateSources = is_contained(C.Generate, "sources");
  EO.GenerateDeclarationsYaml = is_contained(C.Generate, "declarations_yaml");
  EO.SkipDispatcherOpRegistration = C.SkipDispatcherOpRegistration;
  EO.ForceSchemaRegistration = C.ForceSchemaRegistration;
  EO.BackendWhitelist = C.BackendWhitelist;
  EO.StaticDispatchBackends = std::move(StaticDispatch);
  if (HaveAotiOps)
    EO.AotiOps = &AotiOps;
  // gen.py's aoti_backends; an update rewrites the MPS and XPU headers too.
  EO.AotiBackends = {DispatchKey::CPU, DispatchKey::CUDA, std::nullopt};
  if (C.Mps || C.UpdateAotiCShim)
    EO.AotiBackends.push_back(DispatchKey::MPS);
  if (C.Xpu || C.UpdateAotiCShim)
    EO.AotiBackends.push_back(DispatchKey::XPU);
  EO.UpdateAotiCShim = C.UpdateAotiCShim;
  EO.NoticeOS = &OutOS;
  EO.ExtendAotiCShim = C.ExtendAotiCShim;

  std::string HeaderOnly = C.HeaderOnlyInstallDir.empty()
                               ? C.InstallDir + "/core"
                               : C.HeaderOnlyInstallDir;
  // With -disable-free the emit state outlives the run, as the IR does: the
  // generated texts (tens of megabytes) and each function's wrappers are
  // left for the process's exit to take back at once, instead of being
  // freed piece by piece (about a millisecond).
  auto TC = std::make_unique<TemplateCache>(Paths.Templates);
  const FileSetInfo &Set = *findFileSet("aten");
  auto Folders = std::make_unique<OutputFolders>(
      Ctx, *TC,
      getAtenFolders(C.InstallDir, HeaderOnly, C.AotiInstallDir, C.Xpu),
      Set.Generator.str(), C.DryRun || C.ListOutputs);
  auto EC = std::make_unique<EmitContext>(EmitContext{Ctx, M, EO});
  auto Bury = make_scope_exit([&] {
    if (!C.DisableFree)
      return;
    BuryPointer(std::move(EC));
    BuryPointer(std::move(Folders));
    BuryPointer(std::move(TC));
  });
  Folders->bind(*EC);
  if (failed(runFileEmitters(*EC, getFileSet(Set.Name))))
    return failure();
  auto Emitted = Clock::now();
  size_t NumFiles = Folders->getNumFiles();
  if (failed(Folders->commit(EO.Threads, /*EveryFolder=*/true, C.Faults)))
    return failure();
  if (!C.OutputDependencies.empty() &&
      failed(Folders->writeOutputLists(C.OutputDependencies, ErrOS)))
    return failure();
  if (C.ListOutputs || !C.Depfile.empty()) {
    // Folder by folder (OutputFolder's order), each in the order made.
    std::vector<const FileManager *> FMs;
    for (const FileManager *FM : EC->Folders)
      if (FM)
        FMs.push_back(FM);
    std::vector<std::string> Outputs = getWrittenPaths(FMs);
    if (C.ListOutputs)
      for (const std::string &P : Outputs)
        OutOS << "would write " << P << "\n";
    // The depfile's target is the first output: ninja reads a custom
    // command's depfile on every run (CMake sets no `deps =` for them) and
    // then wants its target to be the edge's first output, which is the
    // first file the CMake functions list (cmake/OpgenFunctions.cmake).
    if (!C.Depfile.empty() &&
        failed(writeRunDepfile(Ctx, *TC, C.Depfile,
                               Outputs.empty() ? StringRef(C.Depfile)
                                               : StringRef(Outputs.front()))))
      return failure();
  }

  if (C.Summary)
    ErrOS << GenToolName
          << ": read native_functions.yaml and ran the passes in "
          << format("%.1f", Ms(Start, Read)) << " ms (" << M.Functions.size()
          << " operators), generated " << NumFiles << " files in "
          << format("%.1f", Ms(Read, Emitted)) << " ms, "
          << (C.DryRun || C.ListOutputs ? "wrote none"
                                        : "wrote the changed ones")
          << " in " << format("%.1f", Ms(Emitted, Clock::now())) << " ms\n";
  return success();
}

int opgen::genMain(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  prepareToolProcess();
  static const StringRef ListFlags[] = {"op-registration-whitelist",
                                        "op_registration_whitelist",
                                        "backend-whitelist",
                                        "backend_whitelist",
                                        "static-dispatch-backend",
                                        "static_dispatch_backend",
                                        "generate"};
  std::vector<std::string> Expanded = expandListFlags(Argc, Argv, ListFlags);
  std::vector<const char *> ArgPtrs;
  for (const std::string &A : Expanded)
    ArgPtrs.push_back(A.c_str());

  cl::OptionCategory Cat("opgen options (those of python -m torchgen.gen)");
  GenConfig D;
  // Every flag has torchgen's spellings; an alias adds the other one.
  cl::opt<std::string> SourcePath(
      "source-path",
      cl::desc("The ATen folder (native/, templates/); also -s. Default: "
               "aten/src/ATen if it is one (torchgen.gen's default), else "
               "$OPGEN_SOURCE_PATH, else that of the torchgen python3 "
               "imports"),
      cl::value_desc("dir"), cl::cat(Cat));
  cl::alias SourcePathS("s", cl::aliasopt(SourcePath),
                        cl::desc("Alias for --source-path"));
  cl::opt<std::string> OutputDependencies(
      "output-dependencies",
      cl::desc("Write the lists of outputs (CMake set()s) to this file, and "
               "one beside it per further folder; also -o"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::alias OutputDependenciesO("o", cl::aliasopt(OutputDependencies),
                                cl::desc("Alias for --output-dependencies"));
  cl::opt<bool> DryRun("dry-run",
                       cl::desc("Write no file (the dependency lists still "
                                "are)"),
                       cl::cat(Cat));
  cl::opt<bool> ListOutputs(
      "list-outputs",
      cl::desc("Print `would write PATH` for every file the run would write; "
               "write none (opgen's own)"),
      cl::cat(Cat));
  cl::opt<std::string> Depfile(
      "depfile",
      cl::desc("Write a Makefile-syntax depfile naming every file read "
               "(opgen's own)"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::opt<bool> PerOperatorHeaders(
      "per-operator-headers", cl::desc("One header per operator in ATen/ops"),
      cl::cat(Cat));
  cl::opt<std::string> InstallDir(
      "install-dir", cl::desc("Output folder; also -d, --install_dir"),
      cl::value_desc("dir"), cl::init(D.InstallDir), cl::cat(Cat));
  cl::alias InstallDirD("d", cl::aliasopt(InstallDir),
                        cl::desc("Alias for --install-dir"));
  cl::alias InstallDirU("install_dir", cl::aliasopt(InstallDir),
                        cl::desc("Alias for --install-dir"));
  cl::opt<std::string> AotiInstallDir(
      "aoti-install-dir",
      cl::desc("Output folder of the AOTInductor shims; also "
               "--aoti_install_dir"),
      cl::value_desc("dir"), cl::init(D.AotiInstallDir), cl::cat(Cat));
  cl::alias AotiInstallDirU("aoti_install_dir", cl::aliasopt(AotiInstallDir),
                            cl::desc("Alias for --aoti-install-dir"));
  cl::opt<std::string> HeaderOnlyInstallDir(
      "headeronly-install-dir",
      cl::desc("Output folder of header-only files such as enum_tag.h "
               "(default: <install-dir>/core); also --headeronly_install_dir"),
      cl::value_desc("dir"), cl::cat(Cat));
  cl::alias HeaderOnlyInstallDirU(
      "headeronly_install_dir", cl::aliasopt(HeaderOnlyInstallDir),
      cl::desc("Alias for --headeronly-install-dir"));
  cl::opt<bool> Rocm("rocm", cl::desc("Read CUDA as ROCm/HIP"), cl::cat(Cat));
  cl::opt<bool> Mps("mps", cl::desc("Generate MPS registrations"),
                    cl::cat(Cat));
  cl::opt<bool> Xpu("xpu", cl::desc("Generate XPU registrations"),
                    cl::cat(Cat));
  cl::opt<bool> Mtia("mtia", cl::desc("Generate MTIA registrations"),
                     cl::cat(Cat));
  cl::list<std::string> Whitelist(
      "op-registration-whitelist",
      cl::desc("Register only these operators (`aten::add`, no overload); "
               "also --op_registration_whitelist"),
      cl::value_desc("ops..."), cl::cat(Cat));
  cl::alias WhitelistU("op_registration_whitelist", cl::aliasopt(Whitelist),
                       cl::desc("Alias for --op-registration-whitelist"));
  cl::opt<std::string> SelectionYaml(
      "op-selection-yaml-path",
      cl::desc("The operators a selective build includes (a selection "
               "yaml); also --op_selection_yaml_path"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::alias SelectionYamlU("op_selection_yaml_path",
                           cl::aliasopt(SelectionYaml),
                           cl::desc("Alias for --op-selection-yaml-path"));
  cl::list<std::string> BackendWhitelist(
      "backend-whitelist",
      cl::desc("Generate only these backends' registrations; also "
               "--backend_whitelist"),
      cl::value_desc("keys..."), cl::cat(Cat));
  cl::alias BackendWhitelistU("backend_whitelist",
                              cl::aliasopt(BackendWhitelist),
                              cl::desc("Alias for --backend-whitelist"));
  cl::list<std::string> StaticDispatch(
      "static-dispatch-backend",
      cl::desc("Call these backends' kernels directly; also "
               "--static_dispatch_backend"),
      cl::value_desc("keys..."), cl::cat(Cat));
  cl::alias StaticDispatchU("static_dispatch_backend",
                            cl::aliasopt(StaticDispatch),
                            cl::desc("Alias for --static-dispatch-backend"));
  cl::opt<bool> SkipRegistration(
      "skip-dispatcher-op-registration",
      cl::desc("Register no operator with the dispatcher; also "
               "--skip_dispatcher_op_registration"),
      cl::cat(Cat));
  cl::alias SkipRegistrationU("skip_dispatcher_op_registration",
                              cl::aliasopt(SkipRegistration),
                              cl::desc("Alias for "
                                       "--skip-dispatcher-op-registration"));
  cl::opt<bool> ForceSchema(
      "force-schema-registration",
      cl::desc("Register every schema, selected or not; also "
               "--force_schema_registration"),
      cl::cat(Cat));
  cl::alias ForceSchemaU("force_schema_registration", cl::aliasopt(ForceSchema),
                         cl::desc("Alias for --force-schema-registration"));
  cl::list<std::string> Generate(
      "generate",
      cl::desc("Write only these groups: headers, sources, declarations_yaml "
               "(default: all)"),
      cl::value_desc("groups..."), cl::cat(Cat));
  cl::opt<bool> UpdateAoti(
      "update-aoti-c-shim",
      cl::desc("Rewrite the AOTInductor C shim headers instead of checking "
               "them; also --update_aoti_c_shim"),
      cl::cat(Cat));
  cl::alias UpdateAotiU("update_aoti_c_shim", cl::aliasopt(UpdateAoti),
                        cl::desc("Alias for --update-aoti-c-shim"));
  cl::opt<bool> ExtendAoti(
      "extend-aoti-c-shim",
      cl::desc("C shims for out-of-tree operators; also --extend_aoti_c_shim"),
      cl::cat(Cat));
  cl::alias ExtendAotiU("extend_aoti_c_shim", cl::aliasopt(ExtendAoti),
                        cl::desc("Alias for --extend-aoti-c-shim"));
  cl::opt<std::string> AotiFallbackOpsPath(
      "aoti-fallback-ops",
      cl::desc("torchgen's aoti/fallback_ops.py (default: the one of the "
               "torchgen beside --source-path); also --aoti_fallback_ops"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::alias AotiFallbackOpsU("aoti_fallback_ops",
                             cl::aliasopt(AotiFallbackOpsPath),
                             cl::desc("Alias for --aoti-fallback-ops"));
  cl::opt<unsigned> Threads(
      "threads",
      cl::desc("Threads (default: one per core); the files are "
               "the same for any number"),
      cl::init(0), cl::cat(Cat));
  cl::opt<bool> Summary(
      "summary",
      cl::desc("Print what was read and written, and the time taken"),
      cl::cat(Cat));
  DiagnosticFlags DiagFlags(Cat);
  OutputFaultFlag FaultFlag(Cat);
  PrintSourcePathFlag PrintSourcePath(Cat);
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << GenToolName << " " << OPGEN_VERSION
       << "\n  writes what torchgen 2.14's torchgen.gen writes\n";
  });
  if (!cl::ParseCommandLineOptions(
          ArgPtrs.size(), ArgPtrs.data(),
          "opgen: ATen's generated C++ (drop-in for python -m torchgen.gen)\n",
          &errs()))
    return 1;

  // A bare list flag arrives as one empty value: an empty list.
  auto ListOf = [](const cl::list<std::string> &L) {
    std::vector<std::string> V;
    for (const std::string &S : L)
      if (!S.empty())
        V.push_back(S);
    return V;
  };
  std::optional<OutputFaults> Faults = FaultFlag.resolve(GenToolName);
  if (!Faults)
    return 1;
  GenConfig C;
  C.Faults = *Faults;
  ToolEnvironment Env = ToolEnvironment::fromProcess();
  C.Diagnostics = DiagFlags.resolve(Env);
  if (SourcePath.getNumOccurrences()) {
    C.SourcePath = SourcePath;
  } else {
    if (!findSourcePathOrReport(Env, /*GenDefault=*/true, GenToolName,
                                C.SourcePath, C.SourcePathOrigin))
      return 1;
  }
  if (PrintSourcePath.given()) {
    outs() << C.SourcePath << "\n";
    return 0;
  }
  C.OutputDependencies = OutputDependencies;
  C.DryRun = DryRun;
  C.ListOutputs = ListOutputs;
  C.Depfile = Depfile;
  C.PerOperatorHeaders = PerOperatorHeaders;
  C.InstallDir = InstallDir;
  C.AotiInstallDir = AotiInstallDir;
  C.HeaderOnlyInstallDir = HeaderOnlyInstallDir;
  C.Rocm = Rocm;
  C.Mps = Mps;
  C.Xpu = Xpu;
  C.Mtia = Mtia;
  if (Whitelist.getNumOccurrences())
    C.OpRegistrationWhitelist = ListOf(Whitelist);
  C.OpSelectionYamlPath = SelectionYaml;
  if (BackendWhitelist.getNumOccurrences())
    C.BackendWhitelist = ListOf(BackendWhitelist);
  C.StaticDispatchBackends = ListOf(StaticDispatch);
  C.SkipDispatcherOpRegistration = SkipRegistration;
  C.ForceSchemaRegistration = ForceSchema;
  if (Generate.getNumOccurrences())
    C.Generate = ListOf(Generate);
  C.UpdateAotiCShim = UpdateAoti;
  C.ExtendAotiCShim = ExtendAoti;
  C.AotiFallbackOps = AotiFallbackOpsPath;
  C.Threads = Threads;
  C.Summary = Summary;
  C.DisableFree = true;
  return failed(runGen(C, errs())) ? 1 : 0;
}
