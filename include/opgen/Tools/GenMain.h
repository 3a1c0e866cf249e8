//===- GenMain.h - opgen, torchgen.gen's replacement, as a library -*- C++
//-*-===//
//
// opgen replaces `python -m torchgen.gen`, the command PyTorch's build runs
// to write ATen's generated sources: it takes the same flags, reads the same
// native_functions.yaml, tags.yaml and templates, and writes the same files,
// byte for byte. Fill a GenConfig and call runGen, or call genMain with a
// command line.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_GENMAIN_H
#define OPGEN_TOOLS_GENMAIN_H

#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/LogicalResult.h"
#include "opgen/Support/OutputFile.h"

#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

/// Every setting of one opgen run; the names follow torchgen.gen's flags.
struct GenConfig {
  /// The ATen folder: native/native_functions.yaml, native/tags.yaml and
  /// templates/ (-s).
  std::string SourcePath = "aten/src/ATen";
  /// Where SourcePath came from when --source-path was omitted (see
  /// findSourcePath), for --summary; empty: given.
  std::string SourcePathOrigin;
  /// Colors, the error limit, the width of source lines.
  DiagnosticOptions Diagnostics;
  /// Write the lists of outputs (CMake `set()`s) to this file and to one
  /// beside it per further output folder (-o).
  std::string OutputDependencies;
  bool DryRun = false;
  /// A dry run that prints `would write PATH` for every file the run would
  /// write (what a build system declares as the outputs).
  bool ListOutputs = false;
  /// Write a Makefile-syntax depfile naming every file the run read (see
  /// Support/Depfile.h); its target is the first file listed.
  std::string Depfile;
  bool PerOperatorHeaders = false;
  std::string InstallDir = "build/aten/src/ATen";
  std::string AotiInstallDir = "torch/csrc/inductor/aoti_torch/generated";
  /// Empty: <install>/core.
  std::string HeaderOnlyInstallDir;
  bool Rocm = false, Mps = false, Xpu = false, Mtia = false;
  /// --op-registration-whitelist: set when given, even empty (which then
  /// selects no operator, as with torchgen).
  std::optional<std::vector<std::string>> OpRegistrationWhitelist;
  std::string OpSelectionYamlPath;
  std::optional<std::vector<std::string>> BackendWhitelist;
  std::vector<std::string> StaticDispatchBackends;
  bool SkipDispatcherOpRegistration = false;
  bool ForceSchemaRegistration = false;
  /// Of `headers`, `sources`, `declarations_yaml`; all three by default.
  std::vector<std::string> Generate = {"headers", "sources",
                                       "declarations_yaml"};
  bool UpdateAotiCShim = false;
  bool ExtendAotiCShim = false;
  /// torchgen's aoti/fallback_ops.py; empty: the one beside the source
  /// path's torchgen (<torchgen>/packaged/ATen or <root>/aten/src/ATen).
  std::string AotiFallbackOps;
  /// Threads; 0: one per core. The files do not depend on it.
  unsigned Threads = 0;
  /// Print what was read and written, and the time taken, to the error
  /// stream.
  bool Summary = false;
  /// Leave the IR allocated at exit (the tool's process ends right after).
  bool DisableFree = false;
  /// Faults for the output layer to make (tests: --inject-output-fault).
  OutputFaults Faults;
};

/// Run one configuration. Diagnostics and the summary go to \p ErrOS, the
/// --list-outputs report to \p OutOS. Nothing is written when an error was
/// reported.
LogicalResult runGen(const GenConfig &Config, llvm::raw_ostream &OutOS,
                     llvm::raw_ostream &ErrOS);
/// runGen reporting to standard output.
LogicalResult runGen(const GenConfig &Config, llvm::raw_ostream &ErrOS);

/// Parse torchgen.gen's command line (both spellings of every flag) and
/// run; returns the exit status.
int genMain(int Argc, char **Argv);

} // namespace opgen

#endif // OPGEN_TOOLS_GENMAIN_H
