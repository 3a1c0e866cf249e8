//===- AutogradMain.cpp - opgen-autograd as a library ---------------------===//

#include "opgen/Tools/AutogradMain.h"
#include "opgen/AutogradApi/LoadDerivatives.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Support/ToolProcess.h"
#include "opgen/Tools/FrontEnd.h"
#include "opgen/Tools/RunDepfile.h"
#include "opgen/Tools/ToolFlags.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <thread>

using namespace opgen;
using namespace llvm;

static const char *const ToolName = "opgen-autograd";

LogicalResult opgen::runAutograd(const AutogradConfig &C, raw_ostream &OutOS,
                                 raw_ostream &ErrOS) {
  auto ToolError = [&]() -> raw_ostream & {
    return WithColor::error(ErrOS, ToolName);
  };
  if (C.NativeFunctions.empty() || C.Tags.empty() || C.OutputDir.empty() ||
      C.AutogradDir.empty()) {
    ToolError() << "expected NATIVE_FUNCTIONS TAGS OUT AUTOGRAD_DIR; --help "
                   "lists the flags\n";
    return failure();
  }
  if (C.OpRegistrationWhitelist && !C.OpSelectionYamlPath.empty()) {
    ToolError() << "--op-registration-whitelist and --op-selection-yaml-path "
                   "cannot be given together\n";
    return failure();
  }
  using Clock = std::chrono::steady_clock;
  auto Ms = [](Clock::time_point A, Clock::time_point B) {
    return std::chrono::duration<double, std::milli>(B - A).count();
  };
  auto Start = Clock::now();

  ToolIR IR(ErrOS, C.DisableFree);
  Context &Ctx = IR.getContext();
  Ctx.getDiags().setOptions(C.Diagnostics);
  Module &M = IR.getModule();
  AutogradPaths Paths = getAutogradPaths(C.AutogradDir);
  FrontEndInputs In;
  In.TagsYaml = loadFile(Ctx, C.Tags);
  In.NativeYaml = loadFile(Ctx, C.NativeFunctions);
  In.DerivativesYaml = loadFile(Ctx, Paths.DerivativesYaml);
  if (!C.OpSelectionYamlPath.empty())
    In.SelectionYaml = loadFile(Ctx, C.OpSelectionYamlPath);
  In.OpRegistrationWhitelist = C.OpRegistrationWhitelist;
  In.WhitelistForTraining = true;
  if (!In.TagsYaml || !In.NativeYaml || !In.DerivativesYaml ||
      (!C.OpSelectionYamlPath.empty() && !In.SelectionYaml))
    return failure();

  FrontEndOptions FO = getToolFrontEndOptions(C.Threads, ErrOS);
  bool Read = succeeded(runFrontEnd(Ctx, In, FO, M));
  // The policy tables are read beside the matching of the derivatives,
  // their problems reported with the yamls', in one run: derivatives.yaml's
  // (and the functions' they note), then the tables' (runFileEmittersWith).
  auto Tables = std::make_unique<AutogradTables>();
  auto LoadTables = [&] {
    return loadAutogradTables(Ctx, C.AutogradDir, *Tables);
  };
  DiagnosticEngine &D = Ctx.getDiags();
  if (!Read || !M.Derivatives) {
    D.beginDeferred();
    (void)LoadTables();
    D.flushDeferred();
    return failure();
  }

  EmitOptions EO;
  EO.OutputDirSpelling = C.OutputDir;
  EO.Threads = FO.Threads;
  EO.AutogradTemplateDirForComments =
      getAutogradTemplateDirForComments(C.AutogradDir, C.TorchgenDir);
  EO.AutogradPolicy = Tables.get();
  EO.DisableAutograd = C.DisableAutograd;
  const FileSetInfo &Set = *findFileSet("autograd");
  auto TC = std::make_unique<TemplateCache>(Paths.Templates);
  auto Files = std::make_unique<FileManager>(
      Ctx, *TC, C.OutputDir, Set.Generator.str(), C.ListOutputs);
  auto EC = std::make_unique<EmitContext>(EmitContext{Ctx, M, EO, Files.get()});
  std::unique_ptr<AutogradModel> Model;
  // As the IR (ToolIR): with DisableFree the generated texts are left for
  // the process's exit to take back at once.
  auto Bury = make_scope_exit([&] {
    if (!C.DisableFree)
      return;
    BuryPointer(std::move(EC));
    BuryPointer(std::move(Files));
    BuryPointer(std::move(TC));
    BuryPointer(std::move(Model));
    BuryPointer(std::move(Tables));
  });
  auto Matched = Start;
  auto MakeModel = [&]() -> LogicalResult {
    std::optional<AutogradModel> AM =
        loadDerivatives(Ctx, M, *M.Derivatives, FO.Threads);
    Matched = Clock::now();
    if (!AM)
      return failure();
    Model = std::make_unique<AutogradModel>(std::move(*AM));
    EC->Autograd = Model.get();
    return success();
  };
  // The emitters that need no model (TraceType, variable_factories.h)
  // begin while it is made.
  if (failed(runFileEmittersWith(*EC, getFileSet(Set.Name), LoadTables,
                                 MakeModel)))
    return failure();
  auto Emitted = Clock::now();
  size_t NumFiles = Files->getFiles().size();
  if (failed(Files->commit(EO.Threads, C.Faults)))
    return failure();
  if (C.ListOutputs || !C.Depfile.empty()) {
    std::vector<std::string> Outputs = getWrittenPaths({Files.get()});
    if (C.ListOutputs)
      for (const std::string &P : Outputs)
        OutOS << "would write " << P << "\n";
    // The first output is the depfile's target (see GenMain.cpp).
    if (!C.Depfile.empty() &&
        failed(writeRunDepfile(Ctx, *TC, C.Depfile,
                               Outputs.empty() ? StringRef(C.Depfile)
                                               : StringRef(Outputs.front()))))
      return failure();
  }
  if (C.Summary)
    ErrOS << ToolName << ": read the inputs and matched " << Model->Infos.size()
          << " functions' derivatives in " << format("%.1f", Ms(Start, Matched))
          << " ms (" << M.Functions.size() << " operators), generated "
          << NumFiles << " files in " << format("%.1f", Ms(Matched, Emitted))
          << " ms, "
          << (C.ListOutputs ? "wrote none" : "wrote the changed ones") << " in "
          << format("%.1f", Ms(Emitted, Clock::now())) << " ms\n";
  return success();
}

int opgen::autogradMain(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  prepareToolProcess();
  cl::OptionCategory Cat("opgen-autograd options");
  cl::list<std::string> Positional(
      cl::Positional, cl::desc("NATIVE_FUNCTIONS TAGS OUT AUTOGRAD_DIR"),
      cl::cat(Cat));
  cl::opt<bool> DisableAutograd(
      "disable-autograd",
      cl::desc("Write no VariableType, ADInplaceOrViewType or TraceType (as "
               "generate_code.py's flag); also --disable_autograd"),
      cl::cat(Cat));
  cl::alias DisableAutogradU("disable_autograd", cl::aliasopt(DisableAutograd),
                             cl::desc("Alias for --disable-autograd"));
  cl::list<std::string> Whitelist(
      "op-registration-whitelist",
      cl::desc("Select only these operators, with all their overloads, each "
               "used for training (comma-separated or repeated; `=` alone "
               "for none); also --op_registration_whitelist"),
      cl::CommaSeparated, cl::value_desc("ops"), cl::cat(Cat));
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
  cl::opt<std::string> TorchgenDir(
      "torchgen-dir",
      cl::desc("The torchgen package folder whose gen_autograd this run "
               "stands in for: the `@generated from` banners name the "
               "templates relative to it, as torchgen's do (default: the "
               "torchgen/ that holds AUTOGRAD_DIR, or for a PyTorch "
               "checkout's tools/autograd the checkout's torchgen/)"),
      cl::value_desc("dir"), cl::cat(Cat));
  RunFlags Run(Cat, "Print what was read and written, and the time taken");
  DiagnosticFlags DiagFlags(Cat);
  OutputFaultFlag FaultFlag(Cat);
  cl::HideUnrelatedOptions(Cat);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << ToolName << " " << OPGEN_VERSION
       << "\n  writes what torchgen 2.14's gen_autograd writes\n";
  });
  if (!cl::ParseCommandLineOptions(
          Argc, Argv,
          "opgen-autograd: libtorch's autograd sources from derivatives.yaml "
          "(drop-in for python -m torchgen.packaged.autograd.gen_autograd)\n",
          &errs()))
    return 1;
  std::optional<OutputFaults> Faults = FaultFlag.resolve(ToolName);
  if (!Faults)
    return 1;
  if (Positional.size() != 4) {
    WithColor::error(errs(), ToolName)
        << "expected 4 arguments, NATIVE_FUNCTIONS TAGS OUT AUTOGRAD_DIR (as "
           "gen_autograd), got "
        << Positional.size() << "\n";
    return 1;
  }
  AutogradConfig C;
  C.Faults = *Faults;
  C.Diagnostics = DiagFlags.resolve(ToolEnvironment::fromProcess());
  C.NativeFunctions = Positional[0];
  C.Tags = Positional[1];
  C.OutputDir = Positional[2];
  C.AutogradDir = Positional[3];
  C.TorchgenDir = TorchgenDir;
  C.DisableAutograd = DisableAutograd;
  if (Whitelist.getNumOccurrences()) {
    // generate_code's selected-op list names operators without overloads.
    C.OpRegistrationWhitelist.emplace();
    for (const std::string &S : Whitelist)
      if (!S.empty())
        C.OpRegistrationWhitelist->push_back(
            StringRef(S).split('.').first.str());
  }
  C.OpSelectionYamlPath = SelectionYaml;
  C.ListOutputs = Run.ListOutputs;
  C.Depfile = Run.Depfile;
  C.Threads = Run.Threads;
  C.Summary = Run.Summary;
  C.DisableFree = true;
  return failed(runAutograd(C, outs(), errs())) ? 1 : 0;
}
