//===- ToolFlags.cpp - Settings every opgen tool takes alike --------------===//

#include "opgen/Tools/ToolFlags.h"
#include "opgen/Support/ToolProcess.h"
#include "opgen/Tools/FrontEnd.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

#if defined(__unix__) || defined(__APPLE__)
#include <sys/ioctl.h>
#include <unistd.h>
#endif

using namespace opgen;
using namespace llvm;

/// The width a source line is cut to when stderr is not a terminal. clang
/// cuts nothing then (-fmessage-length=0), which lets a 400 KB line into a
/// build log whole. A log has no width, but a reader wants the line: this is
/// twice the longest line of PyTorch's native_functions.yaml (500), so real
/// lines show whole and only a pathological one is cut.
static constexpr unsigned LogWidth = 1024;

ToolEnvironment ToolEnvironment::fromProcess() {
  ToolEnvironment E;
  auto Get = [](const char *Name) -> std::optional<std::string> {
    if (const char *V = std::getenv(Name))
      return std::string(V);
    return std::nullopt;
  };
  E.NoColor = Get("NO_COLOR");
  E.Columns = Get("COLUMNS");
  E.SourcePath = Get("OPGEN_SOURCE_PATH");
  E.StderrIsTerminal = sys::Process::StandardErrIsDisplayed();
#if defined(TIOCGWINSZ)
  struct winsize W;
  if (E.StderrIsTerminal && ioctl(STDERR_FILENO, TIOCGWINSZ, &W) == 0)
    E.TerminalColumns = W.ws_col;
#endif
  return E;
}

RunFlags::RunFlags(cl::OptionCategory &Cat, StringRef SummaryDesc)
    : ListOutputs("list-outputs",
                  cl::desc("Print `would write PATH` for every file the run "
                           "would write; write none"),
                  cl::cat(Cat)),
      Depfile("depfile",
              cl::desc("Write a Makefile-syntax depfile naming every file "
                       "read"),
              cl::value_desc("file"), cl::cat(Cat)),
      Threads("threads",
              cl::desc("Threads (default: one per core); the files are the "
                       "same for any number"),
              cl::init(0), cl::cat(Cat)),
      Summary("summary", cl::desc(SummaryDesc), cl::cat(Cat)) {}

DiagnosticFlags::DiagnosticFlags(cl::OptionCategory &Cat)
    : NoColor("no-color",
              cl::desc("Print no colors (the default when stderr is not a "
                       "terminal or NO_COLOR is set); --color forces them"),
              cl::cat(Cat)),
      ErrorLimit("error-limit",
                 cl::desc("Print at most N errors, then how many more there "
                          "were (default 20, as clang's -ferror-limit; 0: no "
                          "limit)"),
                 cl::value_desc("N"), cl::init(20), cl::cat(Cat)),
      WarningsAsErrors(
          "warnings-as-errors",
          cl::desc("Report warnings (input torchgen accepts but which is "
                   "almost surely a mistake) as errors: exit status 1, "
                   "nothing written"),
          cl::cat(Cat)),
      WarningsAsErrorsShort("Werror",
                            cl::desc("Alias for --warnings-as-errors"),
                            cl::aliasopt(WarningsAsErrors)),
      NoWarnings("no-warnings",
                 cl::desc("Print no warnings (wins over "
                          "--warnings-as-errors, as clang's -w)"),
                 cl::cat(Cat)),
      NoWarningsShort("w", cl::desc("Alias for --no-warnings"),
                      cl::aliasopt(NoWarnings)) {}

OutputFaultFlag::OutputFaultFlag(cl::OptionCategory &Cat)
    : Value("inject-output-fault",
            cl::desc("Make writing fail (`enospc:N`: the N-th file) or the "
                     "process die (`kill:N`: after N files are in place), for "
                     "tests"),
            cl::value_desc("fault:N"), cl::Hidden, cl::cat(Cat)) {}

PrintSourcePathFlag::PrintSourcePathFlag(cl::OptionCategory &Cat)
    : Value("print-source-path",
            cl::desc("Print the ATen folder the run would read (--source-path, "
                     "or the one found without it) and exit"),
            cl::cat(Cat)) {}

std::optional<OutputFaults> OutputFaultFlag::resolve(StringRef ToolName) {
  Expected<OutputFaults> Faults = parseOutputFaults(Value);
  if (Faults)
    return *Faults;
  WithColor::error(errs(), ToolName)
      << "--inject-output-fault: " << toString(Faults.takeError()) << "\n";
  return std::nullopt;
}

DiagnosticOptions DiagnosticFlags::resolve(const ToolEnvironment &Env) {
  DiagnosticOptions O;
  O.ErrorLimit = ErrorLimit;
  O.WarningsAsErrors = WarningsAsErrors;
  O.IgnoreWarnings = NoWarnings;
  // no-color.org: NO_COLOR turns the default off, a flag overrides it.
  cl::Option *Color = cl::getRegisteredOptions().lookup("color");
  bool ColorGiven = Color && Color->getNumOccurrences();
  bool NoColorLast =
      NoColor && (!ColorGiven || NoColor.getPosition() > Color->getPosition());
  if (NoColorLast)
    O.ShowColors = false;
  else if (ColorGiven) {
    // LLVM's reading of --color[=bool]; asked of a stream that prints
    // nothing, since a WithColor writes its escapes on being made.
    raw_null_ostream Null;
    O.ShowColors = WithColor(Null).colorsEnabled();
  } else if (Env.NoColor && !Env.NoColor->empty())
    O.ShowColors = false;
  else
    O.ShowColors = Env.StderrIsTerminal && errs().has_colors();
  if (Color)
    Color->addOccurrence(Color->getPosition(), "color",
                         O.ShowColors ? "true" : "false", /*MultiArg=*/true);

  // As clang: a terminal's width (COLUMNS first, as LLVM reads it).
  unsigned Columns = 0;
  if (Env.StderrIsTerminal) {
    if (!Env.Columns || !to_integer(*Env.Columns, Columns, 10))
      Columns = Env.TerminalColumns;
  }
  O.MessageWidth = Columns ? Columns : LogWidth;
  return O;
}

std::optional<FoundSourcePath> opgen::findSourcePath(const ToolEnvironment &Env,
                                                     bool GenDefault,
                                                     std::string &Error) {
  std::string Tried;
  if (GenDefault) {
    static const char *const Default = "aten/src/ATen";
    if (sys::fs::exists(AtenPaths(Default).NativeYaml))
      return FoundSourcePath{Default, "torchgen.gen's default"};
    Tried = "no aten/src/ATen in the working folder, ";
  }
  if (Env.SourcePath && !Env.SourcePath->empty())
    return FoundSourcePath{*Env.SourcePath, "OPGEN_SOURCE_PATH"};
  Tried += "OPGEN_SOURCE_PATH is not set, ";
  // Python starts only here, when nothing cheaper named a folder.
  std::string Why;
  std::optional<std::string> Out = captureProgramOutput(
      "python3",
      {"-c", "import torchgen, os; print(os.path.dirname(torchgen.__file__))"},
      Why);
  StringRef Dir = Out ? StringRef(*Out).trim() : StringRef();
  if (!Dir.empty()) {
    SmallString<256> Checkout(sys::path::parent_path(Dir));
    sys::path::append(Checkout, "aten", "src");
    if (sys::fs::is_directory(Checkout)) {
      sys::path::append(Checkout, "ATen");
      return FoundSourcePath{std::string(Checkout),
                             "the PyTorch checkout of python3's torchgen"};
    }
    SmallString<256> Packaged(Dir);
    sys::path::append(Packaged, "packaged", "ATen");
    return FoundSourcePath{std::string(Packaged), "python3's torchgen"};
  }
  if (Out)
    Why = "it printed no folder";
  Error = "no ATen folder: --source-path is not given, " + Tried +
          "and python3 cannot import torchgen (" + Why + ")";
  return std::nullopt;
}

LogicalResult opgen::checkAtenFolder(DiagnosticEngine &D, StringRef Path,
                                     StringRef Origin) {
  std::string From = Origin.empty() ? "" : " (from " + Origin.str() + ")";
  if (!sys::fs::is_directory(Path)) {
    D.fileError(Path, "not an ATen folder: " +
                          Twine(sys::fs::exists(Path) ? "not a folder"
                                                      : "no such folder") +
                          From);
    return failure();
  }
  AtenPaths P(Path);
  SmallVector<StringRef, 3> Missing;
  if (!sys::fs::exists(P.NativeYaml))
    Missing.push_back("native/native_functions.yaml");
  if (!sys::fs::exists(P.TagsYaml))
    Missing.push_back("native/tags.yaml");
  if (!sys::fs::is_directory(P.Templates))
    Missing.push_back("templates/");
  if (Missing.empty())
    return success();
  std::string List = Missing[0].str();
  for (size_t I = 1; I < Missing.size(); ++I)
    List += (I + 1 == Missing.size() ? " or " : ", ") + Missing[I].str();
  D.fileError(Path, "not an ATen folder: no " + List + From);
  return failure();
}

bool opgen::findSourcePathOrReport(const ToolEnvironment &Env, bool GenDefault,
                                   StringRef ToolName, std::string &Path,
                                   std::string &Origin) {
  std::string Error;
  std::optional<FoundSourcePath> Found = findSourcePath(Env, GenDefault, Error);
  if (!Found) {
    WithColor::error(errs(), ToolName) << Error << "\n";
    return false;
  }
  Path = Found->Path;
  Origin = Found->Origin;
  return true;
}

LogicalResult opgen::openAtenFolder(DiagnosticEngine &D, raw_ostream &ErrOS,
                                    StringRef ToolName, bool Summary,
                                    StringRef Path, StringRef Origin) {
  if (Summary)
    ErrOS << ToolName << ": ATen folder " << Path << " ("
          << (Origin.empty() ? StringRef("--source-path") : Origin) << ")\n";
  return checkAtenFolder(D, Path, Origin);
}

std::vector<std::string> opgen::expandListFlags(int Argc, char **Argv,
                                                ArrayRef<StringRef> ListFlags) {
  std::vector<std::string> Args;
  for (int I = 0; I < Argc; ++I) {
    StringRef A = Argv[I];
    if (I == 0 || !A.startswith("--") || A.contains('=') ||
        !is_contained(ListFlags, A.drop_front(2))) {
      Args.push_back(A.str());
      continue;
    }
    bool Any = false;
    while (I + 1 < Argc && !StringRef(Argv[I + 1]).startswith("-")) {
      Args.push_back((A + "=" + Argv[++I]).str());
      Any = true;
    }
    if (!Any)
      Args.push_back((A + "=").str());
  }
  return Args;
}
