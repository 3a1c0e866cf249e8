//===- ToolFlags.h - Settings every opgen tool takes alike ------*- C++ -*-===//
//
// The diagnostics flags (--color, --no-color, --error-limit) and how a tool
// finds the ATen folder when --source-path is omitted. A tool's main reads
// the environment once (ToolEnvironment::fromProcess) and passes it in:
// nothing else in opgen looks at environment variables.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_TOOLFLAGS_H
#define OPGEN_TOOLS_TOOLFLAGS_H

#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/LogicalResult.h"
#include "opgen/Support/OutputFile.h"

#include "llvm/Support/CommandLine.h"

#include <optional>
#include <string>

namespace opgen {

/// What the tools read from their environment.
struct ToolEnvironment {
  /// NO_COLOR (no-color.org): when set and not empty, no colors unless
  /// --color asks for them.
  std::optional<std::string> NoColor;
  /// COLUMNS: the terminal's width, when stderr is one.
  std::optional<std::string> Columns;
  /// OPGEN_SOURCE_PATH: the ATen folder when --source-path is omitted.
  std::optional<std::string> SourcePath;
  /// Whether stderr is a terminal and, if known, how wide it is (0: not
  /// known).
  bool StderrIsTerminal = false;
  unsigned TerminalColumns = 0;

  /// Read them from this process; only a tool's main calls this.
  static ToolEnvironment fromProcess();
};

/// The run flags of the tools that stand in for one torchgen command and
/// write a fixed set of files (opgen-autograd, opgen-generate-code):
/// --list-outputs, --depfile, --threads and --summary, in \p Cat;
/// \p SummaryDesc says what --summary prints.
struct RunFlags {
  RunFlags(llvm::cl::OptionCategory &Cat, llvm::StringRef SummaryDesc);
  llvm::cl::opt<bool> ListOutputs;
  llvm::cl::opt<std::string> Depfile;
  llvm::cl::opt<unsigned> Threads;
  llvm::cl::opt<bool> Summary;
};

/// --no-color, --error-limit, --warnings-as-errors (-Werror) and
/// --no-warnings (-w), in \p Cat. --color is LLVM's own flag
/// (WithColor's, which every LLVM tool takes): `--color` forces colors,
/// `--color=false` is --no-color; the last of the two given wins.
class DiagnosticFlags {
public:
  explicit DiagnosticFlags(llvm::cl::OptionCategory &Cat);
  /// Once the command line is parsed: the options for the tool's
  /// diagnostics. LLVM's --color is set to the same answer, so that the
  /// tool's own messages (WithColor::error) agree with its diagnostics.
  DiagnosticOptions resolve(const ToolEnvironment &Env);

private:
  llvm::cl::opt<bool> NoColor;
  llvm::cl::opt<unsigned> ErrorLimit;
  llvm::cl::opt<bool> WarningsAsErrors;
  llvm::cl::alias WarningsAsErrorsShort;
  llvm::cl::opt<bool> NoWarnings;
  llvm::cl::alias NoWarningsShort;
};

/// The hidden --inject-output-fault flag every tool takes (tests make writing
/// fail or the tool die part-way with it; see docs/Outputs.md).
class OutputFaultFlag {
public:
  explicit OutputFaultFlag(llvm::cl::OptionCategory &Cat);
  /// Once the command line is parsed: the faults to make, or nothing after
  /// printing why the value is wrong.
  std::optional<OutputFaults> resolve(llvm::StringRef ToolName);

private:
  llvm::cl::opt<std::string> Value;
};

/// --print-source-path, for the tools that read an ATen folder: print the
/// one a run would read (given, or found as torchgen finds it) and exit.
/// Build rules ask it when they configure, to pass the folder and depend
/// on its yamls.
class PrintSourcePathFlag {
public:
  explicit PrintSourcePathFlag(llvm::cl::OptionCategory &Cat);
  bool given() const { return Value; }

private:
  llvm::cl::opt<bool> Value;
};

/// argparse's `nargs='*'` flags take the words after them (`--generate
/// headers sources`); LLVM's parser takes one value per occurrence. Rewrite
/// `--flag a b` as `--flag=a --flag=b`, and a bare `--flag` (an empty list,
/// which is not the same as no flag) as `--flag=`, for each flag of
/// \p ListFlags (named without the dashes).
std::vector<std::string>
expandListFlags(int Argc, char **Argv,
                llvm::ArrayRef<llvm::StringRef> ListFlags);

/// An ATen folder found without --source-path, and where it came from.
struct FoundSourcePath {
  std::string Path;
  std::string Origin;
};

/// The ATen folder for a tool run without --source-path. In order:
/// torchgen.gen's own default, aten/src/ATen in the working folder, when
/// \p GenDefault and it holds native/native_functions.yaml (so every command
/// line torchgen takes reads what torchgen reads); OPGEN_SOURCE_PATH; the
/// torchgen that `python3` imports (beside it, a PyTorch checkout's
/// aten/src/ATen, else its packaged/ATen, as gen_backend_stubs chooses).
/// Nullopt, with \p Error saying what was tried, when none is found.
std::optional<FoundSourcePath>
findSourcePath(const ToolEnvironment &Env, bool GenDefault, std::string &Error);
/// findSourcePath for a tool's main: the folder into \p Path and
/// \p Origin, or false after printing why there is none.
bool findSourcePathOrReport(const ToolEnvironment &Env, bool GenDefault,
                            llvm::StringRef ToolName, std::string &Path,
                            std::string &Origin);

/// Report, as one error, what \p Path lacks to be an ATen folder
/// (native/native_functions.yaml, native/tags.yaml, templates/); \p Origin,
/// if not empty, says where the path came from.
LogicalResult checkAtenFolder(DiagnosticEngine &D, llvm::StringRef Path,
                              llvm::StringRef Origin);

/// As a tool starts: with \p Summary, say which ATen folder it reads and
/// where that came from; then checkAtenFolder.
LogicalResult openAtenFolder(DiagnosticEngine &D, llvm::raw_ostream &ErrOS,
                             llvm::StringRef ToolName, bool Summary,
                             llvm::StringRef Path, llvm::StringRef Origin);

} // namespace opgen

#endif // OPGEN_TOOLS_TOOLFLAGS_H
