//===- OptMain.cpp - The opgen-opt driver as a library --------------------===//

#include "opgen/Tools/OptMain.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/IREmitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Support/DiagnosticVerifier.h"
#include "opgen/Support/OutputFile.h"
#include "opgen/Support/ToolProcess.h"
#include "opgen/Tools/FrontEnd.h"
#include "opgen/Transforms/Passes.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/Support/BuryPointer.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <thread>

using namespace opgen;
using namespace llvm;

namespace {

/// Split at lines of the form `# -----`. Each chunk is padded with newlines so
/// its line numbers stay those of the whole file.
std::vector<std::unique_ptr<MemoryBuffer>>
splitInput(std::unique_ptr<MemoryBuffer> Whole, bool Split) {
  std::vector<std::unique_ptr<MemoryBuffer>> Out;
  if (!Split) {
    Out.push_back(std::move(Whole));
    return Out;
  }
  StringRef Text = Whole->getBuffer();
  StringRef Name = Whole->getBufferIdentifier();
  unsigned LinesBefore = 0;
  std::string Current;
  unsigned CurrentStart = 0;
  auto Flush = [&]() {
    std::string Padded(CurrentStart, '\n');
    Padded += Current;
    Out.push_back(MemoryBuffer::getMemBufferCopy(Padded, Name));
    Current.clear();
  };
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    bool HasNewline = Text.size() > Line.size();
    if (Line.rtrim().startswith("# -----")) {
      Flush();
      CurrentStart = LinesBefore + 1;
    } else {
      Current += Line.str();
      if (HasNewline)
        Current += '\n';
    }
    ++LinesBefore;
    Text = Rest;
  }
  Flush();
  return Out;
}

} // namespace

/// `templates` beside the folder of \p Input (ATen/native/../templates).
static std::string templatesBeside(StringRef Input) {
  SmallString<256> Dir(sys::path::parent_path(sys::path::parent_path(
      Input.empty() ? StringRef(".") : Input)));
  sys::path::append(Dir, "templates");
  return std::string(Dir);
}

LogicalResult opgen::runOpt(const OptConfig &Config, raw_ostream &ErrOS) {
  auto ToolError = [&]() -> raw_ostream & {
    return WithColor::error(ErrOS, "opgen-opt");
  };
  if (Config.ListPasses) {
    outs() << "Passes (-passes=a,b,c; -passes=default runs";
    for (StringRef D : getDefaultPipeline())
      outs() << " " << D;
    outs() << "):\n";
    for (const PassInfo &I : getRegisteredPasses())
      outs() << "  " << I.Argument << "\n    " << I.Description << "\n";
    return success();
  }
  for (const std::vector<std::string> *Names :
       {&Config.PrintIRBefore, &Config.PrintIRAfter})
    for (const std::string &N : *Names)
      if (!createPass(N)) {
        ToolError() << "unknown pass `" << N
                    << "` in --print-ir-before/after\n";
        return failure();
      }

  // What to emit: one emitter, a file set, or nothing.
  const EmitterInfo *Text = nullptr;
  std::vector<const EmitterInfo *> FileSet;
  if (Config.Emit != "none") {
    const EmitterInfo *E = findEmitter(Config.Emit);
    if (E && !E->writesFiles())
      Text = E;
    else if (E)
      FileSet = {E};
    else
      FileSet = getFileSet(Config.Emit);
    if (!Text && FileSet.empty()) {
      ToolError() << "unknown emitter `" << Config.Emit << "`\n";
      return failure();
    }
    if (!FileSet.empty() && Config.OutputFile == "-") {
      ToolError() << "--emit=" << Config.Emit
                  << " writes files: it needs -o <folder>\n";
      return failure();
    }
  }

  ErrorOr<std::unique_ptr<MemoryBuffer>> Input =
      MemoryBuffer::getFileOrSTDIN(Config.InputFile, /*IsText=*/true);
  if (!Input) {
    ToolError() << "cannot read `" << Config.InputFile
                << "`: " << Input.getError().message() << "\n";
    return failure();
  }
  std::string TagsFile = Config.TagsFile;
  if (TagsFile.empty() && Config.InputFile != "-") {
    SmallString<256> Beside(sys::path::parent_path(Config.InputFile));
    sys::path::append(Beside, "tags.yaml");
    if (sys::fs::exists(Beside))
      TagsFile = std::string(Beside);
  }

  FrontEndOptions FO;
  FO.Release = Config.Release;
  FO.Threads = Config.Threads
                   ? Config.Threads
                   : std::max(1u, std::thread::hardware_concurrency());
  FO.Reading = Config.YamlReader;
  FO.Pipeline = Config.Passes;
  PassInstrumentation &Instr = FO.Instrumentation;
  for (const std::string &N : Config.PrintIRBefore)
    Instr.PrintBefore.insert(N);
  for (const std::string &N : Config.PrintIRAfter)
    Instr.PrintAfter.insert(N);
  Instr.PrintAfterAll = Config.PrintIRAfterAll;
  Instr.PrintAfterFailure = Config.PrintIRAfterFailure;
  Instr.TimePasses = Config.TimePasses;
  Instr.VerifyEach = Config.VerifyEach;
  Instr.PrintIR = [](const Module &M, raw_ostream &OS) { emitYaml(M, OS); };
  Instr.OS = &ErrOS;

  EmitOptions EO;
  EO.OutputDirSpelling = Config.OutputFile;
  EO.Threads = FO.Threads;
  TemplateCache Templates(Config.TemplateDir.empty()
                              ? templatesBeside(Config.InputFile)
                              : Config.TemplateDir);

  // Each split of the input gets a Context and Module of its own. They live
  // to the end, since files are written only once every split succeeded;
  // with DisableFree they are left allocated at exit (the process ends right
  // after, and freeing thousands of functions costs a noticeable share of a
  // run, as clang's -disable-free avoids); BuryPointer keeps them reachable
  // for leak checkers.
  struct Split {
    std::unique_ptr<Context> Ctx;
    std::unique_ptr<Module> M;
    std::unique_ptr<FileManager> Files;
  };
  std::vector<Split> Splits;
  auto KeepAlive = make_scope_exit([&] {
    if (!Config.DisableFree)
      return;
    for (Split &S : Splits) {
      llvm::BuryPointer(std::move(S.Files));
      llvm::BuryPointer(std::move(S.M));
      llvm::BuryPointer(std::move(S.Ctx));
    }
  });

  std::string Output;
  raw_string_ostream OS(Output);
  bool Ok = true;
  size_t NumFunctions = 0;
  FrontEndTimings Total;
  for (auto &Buf : splitInput(std::move(*Input), Config.SplitInputFile)) {
    Splits.push_back({std::make_unique<Context>(ErrOS),
                      std::make_unique<Module>(), nullptr});
    Context &Ctx = *Splits.back().Ctx;
    Module &M = *Splits.back().M;
    std::optional<DiagnosticVerifier> Verifier;
    if (Config.VerifyDiagnostics)
      Verifier.emplace(Ctx.getDiags());
    FrontEndInputs In;
    if (!TagsFile.empty())
      In.TagsYaml = loadFile(Ctx, TagsFile);
    In.NativeYaml =
        Ctx.getSourceMgr().AddNewSourceBuffer(std::move(Buf), SMLoc());
    if (!Config.BackendYaml.empty())
      In.BackendYaml = loadFile(Ctx, Config.BackendYaml);
    if (Verifier) {
      Verifier->addExpectations(In.NativeYaml);
      if (In.BackendYaml)
        Verifier->addExpectations(In.BackendYaml);
    }
    // Passes and emitters run in --verify-diagnostics mode too, so their
    // diagnostics (and those about a backend yaml) are checked like the
    // reader's.
    FrontEndTimings T;
    FO.Timings = &T;
    bool Loaded = Ctx.getDiags().getNumErrors() == 0;
    bool Read = Loaded && succeeded(runFrontEnd(Ctx, In, FO, M));
    Total.ReadMs += T.ReadMs;
    Total.PassesMs += T.PassesMs;
    Total.NumPasses = T.NumPasses;
    NumFunctions += M.Functions.size();
    if (Read) {
      EmitContext EC{Ctx, M, EO};
      if (Text) {
        if (failed(Text->Text(EC, OS)))
          Read = false;
      } else if (!FileSet.empty()) {
        const FileSetInfo *Set = findFileSet(FileSet.front()->FileSet);
        Splits.back().Files = std::make_unique<FileManager>(
            Ctx, Templates, Config.OutputFile,
            Set ? Set->Generator.str() : std::string("opgen-opt"));
        EC.Files = Splits.back().Files.get();
        if (failed(runFileEmitters(EC, FileSet)))
          Read = false;
      }
    }
    if (Verifier)
      Ok &= succeeded(Verifier->verify(ErrOS));
    else
      Ok &= Read;
  }
  if (!Ok)
    return failure();
  if (Config.VerifyDiagnostics)
    return success();
  if (Text) {
    if (Expected<WriteStatus> W =
            writeFileIfChanged(Config.OutputFile, OS.str());
        !W) {
      ToolError() << toString(W.takeError()) << "\n";
      return failure();
    }
  }
  for (Split &S : Splits)
    if (S.Files && failed(S.Files->commit()))
      return failure();
  if (Config.Summary) {
    ErrOS << "opgen-opt: read " << NumFunctions << " operators from "
          << Config.InputFile << " in " << format("%.1f", Total.ReadMs)
          << " ms";
    if (Total.NumPasses)
      ErrOS << ", then ran " << Total.NumPasses << " passes in "
            << format("%.1f", Total.PassesMs) << " ms";
    ErrOS << "\n";
  }
  return success();
}

int opgen::optMain(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
  prepareToolProcess();
  cl::OptionCategory Cat("opgen-opt options");
  cl::opt<std::string> Input(cl::Positional,
                             cl::desc("<native_functions.yaml>"), cl::init("-"),
                             cl::cat(Cat));
  cl::opt<std::string> Tags(
      "tags", cl::desc("tags.yaml (default: tags.yaml beside the input)"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::opt<std::string> Out("o", cl::desc("Output file (default: stdout)"),
                           cl::value_desc("file"), cl::init("-"), cl::cat(Cat));
  // --emit takes an emitter's name (Emitters.def) or a file set's; the
  // values come from the registry, so a new emitter needs no flag here.
  cl::opt<std::string> Emit("emit", cl::desc("What to emit"), cl::init("yaml"),
                            cl::value_desc("emitter"), cl::cat(Cat));
  cl::opt<std::string> TemplateDir(
      "template-dir",
      cl::desc("Templates for emitters that write files (default: "
               "templates/ beside the input's folder)"),
      cl::value_desc("dir"), cl::cat(Cat));
  cl::opt<bool> Verify("verify-diagnostics",
                       cl::desc("Check expected-error comments in the input"),
                       cl::cat(Cat));
  cl::opt<bool> Split("split-input-file",
                      cl::desc("Read `# -----` separated parts one by one"),
                      cl::cat(Cat));
  cl::opt<bool> Summary(
      "summary", cl::desc("Print operators read and time taken to stderr"),
      cl::cat(Cat));
  enum class ReleaseFlag { Auto, V1_13, V2_6, V2_14 };
  cl::opt<ReleaseFlag> Release(
      "release", cl::desc("The torchgen release whose checks apply"),
      cl::init(ReleaseFlag::Auto),
      cl::values(clEnumValN(ReleaseFlag::Auto, "auto",
                            "guessed from the tags tags.yaml declares "
                            "(default)"),
                 clEnumValN(ReleaseFlag::V1_13, "1.13", "PyTorch 1.13"),
                 clEnumValN(ReleaseFlag::V2_6, "2.6", "PyTorch 2.6"),
                 clEnumValN(ReleaseFlag::V2_14, "2.14", "PyTorch 2.14")),
      cl::cat(Cat));
  cl::opt<unsigned> Threads(
      "threads",
      cl::desc("Threads for reading (default: one per core); the output is "
               "the same for any number"),
      cl::init(0), cl::cat(Cat));
  cl::opt<YamlReading> YamlReader(
      "yaml-reader", cl::desc("How to read native_functions.yaml's YAML"),
      cl::init(YamlReading::Fast),
      cl::values(clEnumValN(YamlReading::Fast, "fast",
                            "the fast reader, LLVM's YAMLParser for what it "
                            "declines (default)"),
                 clEnumValN(YamlReading::LLVM, "llvm", "LLVM's YAMLParser"),
                 clEnumValN(YamlReading::Check, "check",
                            "both, reporting any difference")),
      cl::Hidden, cl::cat(Cat));
  cl::opt<std::string> Passes(
      "passes",
      cl::desc("Comma-separated passes to run (`default`: "
               "torchgen's pipeline); none by default, as in opt"),
      cl::value_desc("a,b,c"), cl::cat(Cat));
  cl::opt<std::string> BackendYamlPath(
      "backend-yaml", cl::desc("An external backend's yaml (backend-index)"),
      cl::value_desc("file"), cl::cat(Cat));
  cl::list<std::string> PrintBefore(
      "print-ir-before", cl::desc("Print the IR before this pass"),
      cl::value_desc("pass"), cl::CommaSeparated, cl::cat(Cat));
  cl::list<std::string> PrintAfter(
      "print-ir-after", cl::desc("Print the IR after this pass"),
      cl::value_desc("pass"), cl::CommaSeparated, cl::cat(Cat));
  cl::opt<bool> PrintAfterAll("print-ir-after-all",
                              cl::desc("Print the IR after every pass"),
                              cl::cat(Cat));
  cl::opt<bool> PrintAfterFailure(
      "print-ir-after-failure",
      cl::desc("Print the IR after a pass that failed"), cl::cat(Cat));
  cl::opt<bool> TimePasses("time-passes",
                           cl::desc("Time each pass and print a report"),
                           cl::cat(Cat));
  cl::opt<bool> VerifyEach("verify-each",
                           cl::desc("Verify the IR after each pass (default)"),
                           cl::init(true), cl::cat(Cat));
  cl::opt<bool> ListPasses("list-passes",
                           cl::desc("List the registered passes and exit"),
                           cl::cat(Cat));
  cl::HideUnrelatedOptions(Cat);
  std::string EmitHelp = "What to emit: none";
  for (const EmitterInfo &I : getRegisteredEmitters())
    EmitHelp += ", " + I.Name.str();
  Emit.setDescription(EmitHelp);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "opgen-opt " << OPGEN_VERSION
       << "\n  reads PyTorch native_functions.yaml (1.13 to 2.14)\n";
  });
  if (!cl::ParseCommandLineOptions(Argc, Argv,
                                   "opgen-opt: read native_functions.yaml "
                                   "into opgen's operator IR\n",
                                   &errs()))
    return 1;
  OptConfig C;
  C.InputFile = Input;
  C.TagsFile = Tags;
  C.OutputFile = Out;
  C.TemplateDir = TemplateDir;
  C.Emit = Emit;
  C.VerifyDiagnostics = Verify;
  C.SplitInputFile = Split;
  C.Summary = Summary;
  switch (Release) {
  case ReleaseFlag::Auto:
    break;
  case ReleaseFlag::V1_13:
    C.Release = TorchRelease::V1_13;
    break;
  case ReleaseFlag::V2_6:
    C.Release = TorchRelease::V2_6;
    break;
  case ReleaseFlag::V2_14:
    C.Release = TorchRelease::V2_14;
    break;
  }
  C.Threads = Threads;
  C.YamlReader = YamlReader;
  C.DisableFree = true;
  C.Passes = Passes;
  C.BackendYaml = BackendYamlPath;
  C.PrintIRBefore.assign(PrintBefore.begin(), PrintBefore.end());
  C.PrintIRAfter.assign(PrintAfter.begin(), PrintAfter.end());
  C.PrintIRAfterAll = PrintAfterAll;
  C.PrintIRAfterFailure = PrintAfterFailure;
  C.TimePasses = TimePasses;
  C.VerifyEach = VerifyEach;
  C.ListPasses = ListPasses;
  return failed(runOpt(C, errs())) ? 1 : 0;
}
