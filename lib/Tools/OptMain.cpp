//===- OptMain.cpp - The opgen-opt driver as a library --------------------===//

#include "opgen/Tools/OptMain.h"
#include "opgen/Emit/IREmitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Support/DiagnosticVerifier.h"
#include "opgen/Support/OutputFile.h"

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

LogicalResult opgen::runOpt(const OptConfig &Config, raw_ostream &ErrOS) {
  auto Start = std::chrono::steady_clock::now();
  auto ReadDone = Start;
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

  unsigned Threads = Config.Threads
                         ? Config.Threads
                         : std::max(1u, std::thread::hardware_concurrency());

  std::string Output;
  raw_string_ostream OS(Output);
  bool Ok = true;
  size_t NumFunctions = 0;
  for (auto &Buf : splitInput(std::move(*Input), Config.SplitInputFile)) {
    Context Ctx(ErrOS);
    std::optional<DiagnosticVerifier> Verifier;
    if (Config.VerifyDiagnostics)
      Verifier.emplace(Ctx.getDiags());
    Module M;
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
            Threads));
    // The summary times reading: from the start to the IR being complete,
    // not printing it or freeing it.
    ReadDone = std::chrono::steady_clock::now();
    if (Verifier) {
      Ok &= succeeded(Verifier->verify(ErrOS));
      continue;
    }
    if (!Read) {
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
    }
  }
  if (!Ok)
    return failure();
  if (Config.Emit != OptConfig::EmitKind::None) {
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
          << Config.InputFile << " in " << format("%.1f", Ms) << " ms\n";
  }
  return success();
}

int opgen::optMain(int Argc, char **Argv) {
  InitLLVM X(Argc, Argv);
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
                 clEnumValN(OptConfig::EmitKind::None, "none", "nothing")),
      cl::cat(Cat));
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
  C.Emit = Emit;
  C.VerifyDiagnostics = Verify;
  C.SplitInputFile = Split;
  C.Summary = Summary;
  C.Release = Release;
  C.Threads = Threads;
  return failed(runOpt(C, errs())) ? 1 : 0;
}
