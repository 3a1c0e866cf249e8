//===- OptMain.cpp - The opgen-opt driver as a library --------------------===//

#include "opgen/Tools/OptMain.h"
#include "opgen/Emit/BackendStubs.h"
#include "opgen/Emit/IREmitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Parse/BackendYamlReader.h"
#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Pass/PassManager.h"
#include "opgen/Support/DiagnosticVerifier.h"
#include "opgen/Support/OutputFile.h"
#include "opgen/Support/ToolProcess.h"
#include "opgen/Tools/BackendStubsMain.h"
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

/// One input (or one split of it) read into a fresh Context.
struct Chunk {
  std::unique_ptr<MemoryBuffer> Buffer;
};

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

/// Build the pipeline named by \p Spec ("a,b", "default" or empty).
static std::optional<PassManager> buildPipeline(StringRef Spec,
                                                raw_ostream &ErrOS) {
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
      WithColor::error(ErrOS, "opgen-opt")
          << "unknown pass '" << Name << "'; --list-passes shows them\n";
      return std::nullopt;
    }
    PM.addPass(std::move(P));
  }
  return PM;
}

LogicalResult opgen::runOpt(const OptConfig &Config, raw_ostream &ErrOS) {
  if (Config.ListPasses) {
    outs() << "Passes (-passes=a,b,c; -passes=default runs";
    for (StringRef D : getDefaultPipeline())
      outs() << " " << D;
    outs() << "):\n";
    for (const PassInfo &I : getRegisteredPasses())
      outs() << "  " << I.Argument << "\n    " << I.Description << "\n";
    return success();
  }
  std::optional<PassManager> PM = buildPipeline(Config.Passes, ErrOS);
  if (!PM)
    return failure();
  for (const std::vector<std::string> *Names :
       {&Config.PrintIRBefore, &Config.PrintIRAfter})
    for (const std::string &N : *Names)
      if (!createPass(N)) {
        WithColor::error(ErrOS, "opgen-opt")
            << "unknown pass '" << N << "' in --print-ir-before/after\n";
        return failure();
      }
  PassInstrumentation Instr;
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

  auto Start = std::chrono::steady_clock::now();
  auto ReadDone = Start;
  double PassesMs = 0;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Input =
      MemoryBuffer::getFileOrSTDIN(Config.InputFile, /*IsText=*/true);
  if (!Input) {
    WithColor::error(ErrOS, "opgen-opt")
        << "cannot read '" << Config.InputFile
        << "': " << Input.getError().message() << "\n";
    return failure();
  }
  std::string TagsFile = Config.TagsFile;
  if (TagsFile.empty() && Config.InputFile != "-") {
    SmallString<256> Beside(sys::path::parent_path(Config.InputFile));
    sys::path::append(Beside, "tags.yaml");
    if (sys::fs::exists(Beside))
      TagsFile = std::string(Beside);
  }

  std::optional<TorchRelease> Release;
  if (Config.Release != "auto") {
    Release = parseTorchRelease(Config.Release);
    if (!Release) {
      WithColor::error(ErrOS, "opgen-opt")
          << "unknown release '" << Config.Release
          << "'; expected 1.13, 2.6, 2.14 or auto\n";
      return failure();
    }
  }

  std::optional<YamlReading> Reading;
  if (Config.YamlReader == "fast")
    Reading = YamlReading::Fast;
  else if (Config.YamlReader == "llvm")
    Reading = YamlReading::LLVM;
  else if (Config.YamlReader == "check")
    Reading = YamlReading::Check;
  if (!Reading) {
    WithColor::error(ErrOS, "opgen-opt")
        << "unknown --yaml-reader '" << Config.YamlReader
        << "'; expected fast, llvm or check\n";
    return failure();
  }

  unsigned Threads = Config.Threads
                         ? Config.Threads
                         : std::max(1u, std::thread::hardware_concurrency());

  bool Stubs = Config.Emit == OptConfig::EmitKind::BackendStubs;
  if (Stubs && (Config.BackendYaml.empty() || Config.OutputFile == "-")) {
    WithColor::error(ErrOS, "opgen-opt")
        << "--emit=backend-stubs needs --backend-yaml and -o <folder>\n";
    return failure();
  }
  std::string TemplateDir = Config.TemplateDir;
  if (TemplateDir.empty() && Config.InputFile != "-") {
    SmallString<256> Beside(sys::path::parent_path(sys::path::parent_path(
        Config.InputFile.empty() ? "." : Config.InputFile)));
    sys::path::append(Beside, "templates");
    TemplateDir = std::string(Beside);
  }
  std::vector<GeneratedFile> Files;

  std::string Output;
  raw_string_ostream OS(Output);
  bool Ok = true;
  size_t NumFunctions = 0;
  for (auto &Buf : splitInput(std::move(*Input), Config.SplitInputFile)) {
    // With DisableFree the context and module outlive the loop: the
    // process exits right after, and freeing thousands of functions costs
    // a noticeable share of a run (as clang's -disable-free avoids);
    // BuryPointer keeps them reachable for leak checkers.
    auto CtxOwner = std::make_unique<Context>(ErrOS);
    Context &Ctx = *CtxOwner;
    auto ModuleOwner = std::make_unique<Module>();
    Module &M = *ModuleOwner;
    auto KeepAlive = make_scope_exit([&] {
      if (Config.DisableFree) {
        llvm::BuryPointer(std::move(ModuleOwner));
        llvm::BuryPointer(std::move(CtxOwner));
      }
    });
    std::optional<DiagnosticVerifier> Verifier;
    if (Config.VerifyDiagnostics)
      Verifier.emplace(Ctx.getDiags());
    if (!TagsFile.empty()) {
      if (unsigned TagsID = loadFile(Ctx, TagsFile))
        (void)readTagsYaml(Ctx, TagsID, M.ValidTags);
    }
    unsigned ID =
        Ctx.getSourceMgr().AddNewSourceBuffer(std::move(Buf), SMLoc());
    if (Verifier)
      Verifier->addExpectations(ID);
    bool Read =
        Ctx.getDiags().getNumErrors() == 0 &&
        succeeded(readNativeFunctionsYaml(
            Ctx, ID, M, Release ? *Release : guessTorchRelease(M.ValidTags),
            Threads, *Reading));
    // The summary times reading: from the start to the IR being complete,
    // not printing it or freeing it.
    ReadDone = std::chrono::steady_clock::now();
    // Passes run in --verify-diagnostics mode too, so their diagnostics (and
    // those about a backend yaml, whose expectations count as well) are
    // checked like the reader's.
    bool Passed = Read;
    BackendYaml B;
    if (Read) {
      PassContext PC{Ctx};
      PC.Threads = Threads;
      PC.BackendYamlOut = &B;
      if (!Config.BackendYaml.empty()) {
        PC.BackendYamlBuffer = loadFile(Ctx, Config.BackendYaml);
        if (!PC.BackendYamlBuffer)
          Passed = false;
        else if (Verifier)
          Verifier->addExpectations(PC.BackendYamlBuffer);
      }
      if (Passed && failed(PM->run(M, PC, Instr)))
        Passed = false;
      PassesMs += std::chrono::duration<double, std::milli>(
                      std::chrono::steady_clock::now() - ReadDone)
                      .count();
    }
    if (Verifier) {
      Ok &= succeeded(Verifier->verify(ErrOS));
      continue;
    }
    if (!Passed) {
      Ok = false;
      continue;
    }
    NumFunctions += M.Functions.size();
    switch (Config.Emit) {
    case OptConfig::EmitKind::None:
      break;
    case OptConfig::EmitKind::Schemas:
      emitSchemas(M, OS);
      break;
    case OptConfig::EmitKind::Json:
      emitJson(M, OS);
      break;
    case OptConfig::EmitKind::Yaml:
      emitYaml(M, OS);
      break;
    case OptConfig::EmitKind::CppApi:
      if (Error E = emitCppApi(M, OS)) {
        WithColor::error(ErrOS, "opgen-opt") << toString(std::move(E)) << "\n";
        Ok = false;
      }
      break;
    case OptConfig::EmitKind::BackendStubs: {
      BackendStubsOptions O;
      O.TemplateDir = TemplateDir;
      O.OutputDirSpelling = Config.OutputFile;
      O.Threads = Threads;
      if (failed(emitBackendStubs(Ctx, M, B, O, Files)))
        Ok = false;
      break;
    }
    }
  }
  if (!Ok)
    return failure();
  if (Stubs) {
    if (failed(
            writeGeneratedFiles(Config.OutputFile, Files, ErrOS, "opgen-opt")))
      return failure();
  } else if (Config.Emit != OptConfig::EmitKind::None) {
    if (Expected<WriteStatus> W =
            writeFileIfChanged(Config.OutputFile, OS.str());
        !W) {
      WithColor::error(ErrOS, "opgen-opt") << toString(W.takeError()) << "\n";
      return failure();
    }
  }
  if (Config.Summary) {
    double Ms =
        std::chrono::duration<double, std::milli>(ReadDone - Start).count();
    ErrOS << "opgen-opt: read " << NumFunctions << " operators from "
          << Config.InputFile << " in " << format("%.1f", Ms) << " ms";
    if (!PM->getPasses().empty())
      ErrOS << ", then ran " << PM->getPasses().size() << " passes in "
            << format("%.1f", PassesMs) << " ms";
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
  cl::opt<OptConfig::EmitKind> Emit(
      "emit", cl::desc("What to print"), cl::init(OptConfig::EmitKind::Yaml),
      cl::values(clEnumValN(OptConfig::EmitKind::Yaml, "yaml",
                            "the IR as native_functions.yaml text (default)"),
                 clEnumValN(OptConfig::EmitKind::Json, "json",
                            "the IR-JSON comparison document"),
                 clEnumValN(OptConfig::EmitKind::Schemas, "schemas",
                            "one schema per line"),
                 clEnumValN(OptConfig::EmitKind::BackendStubs, "backend-stubs",
                            "the --backend-yaml backend's C++ files (as "
                            "gen_backend_stubs writes them) into the -o "
                            "folder"),
                 clEnumValN(OptConfig::EmitKind::CppApi, "cpp-api",
                            "the C++ API's names and signatures per function "
                            "(API-DUMP.md; needs -passes=default)"),
                 clEnumValN(OptConfig::EmitKind::None, "none", "nothing")),
      cl::cat(Cat));
  cl::opt<std::string> TemplateDir(
      "template-dir",
      cl::desc("Templates for --emit=backend-stubs (default: templates/ "
               "beside the input's folder)"),
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
  cl::opt<std::string> Release(
      "release",
      cl::desc("torchgen release whose checks apply: 1.13, 2.6, 2.14 or auto "
               "(guessed from tags.yaml)"),
      cl::init("auto"), cl::cat(Cat));
  cl::opt<unsigned> Threads(
      "threads",
      cl::desc("Threads for reading (default: one per core); the output is "
               "the same for any number"),
      cl::init(0), cl::cat(Cat));
  cl::opt<std::string> YamlReader(
      "yaml-reader",
      cl::desc("How to read native_functions.yaml's YAML: fast (default; "
               "LLVM's YAMLParser for what the fast reader declines), llvm, "
               "or check (both, reporting any difference)"),
      cl::init("fast"), cl::Hidden, cl::cat(Cat));
  cl::opt<std::string> Passes(
      "passes",
      cl::desc("Comma-separated passes to run (`default`: "
               "torchgen's pipeline); none by default, as in opt"),
      cl::value_desc("a,b,c"), cl::cat(Cat));
  cl::opt<std::string> BackendYaml(
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
  C.Release = Release;
  C.Threads = Threads;
  C.YamlReader = YamlReader;
  C.DisableFree = true;
  C.Passes = Passes;
  C.BackendYaml = BackendYaml;
  C.PrintIRBefore.assign(PrintBefore.begin(), PrintBefore.end());
  C.PrintIRAfter.assign(PrintAfter.begin(), PrintAfter.end());
  C.PrintIRAfterAll = PrintAfterAll;
  C.PrintIRAfterFailure = PrintAfterFailure;
  C.TimePasses = TimePasses;
  C.VerifyEach = VerifyEach;
  C.ListPasses = ListPasses;
  return failed(runOpt(C, errs())) ? 1 : 0;
}
