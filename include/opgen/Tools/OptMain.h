//===- OptMain.h - The opgen-opt driver as a library ------------*- C++ -*-===//
//
// opgen-opt reads native_functions.yaml into the IR and prints it. The driver
// lives here so other tools can embed it: fill an OptConfig and call
// runOpt, or call optMain with a command line.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_OPTMAIN_H
#define OPGEN_TOOLS_OPTMAIN_H

#include "opgen/Parse/NativeYamlReader.h"
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

/// Every setting of one opgen-opt run.
struct OptConfig {
  /// native_functions.yaml to read; "-" is standard input.
  std::string InputFile = "-";
  /// tags.yaml; empty means `tags.yaml` beside the input, if there is one.
  std::string TagsFile;
  /// Where the output goes; "-" is standard output. For emitters that write
  /// files, the output folder.
  std::string OutputFile = "-";
  /// The templates for emitters that write files; empty means `templates`
  /// beside the input's folder (ATen/native/../templates).
  std::string TemplateDir;
  /// An emitter's name (Emitters.def), a file set's, or "none".
  std::string Emit = "yaml";
  /// Check `expected-error` comments instead of printing diagnostics.
  bool VerifyDiagnostics = false;
  /// Treat `# -----` lines as separators between independent inputs.
  bool SplitInputFile = false;
  /// The torchgen release whose checks apply; unset guesses it from the
  /// tags that tags.yaml declares.
  std::optional<TorchRelease> Release;
  /// Comma-separated pass names; "default" is torchgen's pipeline. Empty
  /// runs no pass, as opt does.
  std::string Passes;
  /// An external backend yaml for the backend-index pass.
  std::string BackendYaml;
  /// A selective build's operators: a selection yaml, or the names of
  /// --op-registration-whitelist (an empty list selects none).
  std::string OpSelectionYaml;
  std::optional<std::vector<std::string>> OpRegistrationWhitelist;
  /// torchgen.gen's --per-operator-headers, for the emitters of its files.
  bool PerOperatorHeaders = false;
  /// The lazy tensor emitters' settings, as a real build passes them
  /// (getLazyPreset); empty: run_gen_lazy_tensor's defaults.
  std::string LazyPreset;
  /// torchgen's aoti/fallback_ops.py, read (and its expected-error comments
  /// checked) for the aoti-shims emitter; empty: none, and no shims.
  std::string AotiFallbackOps;
  /// torchgen's autograd folder (derivatives.yaml, the templates and the
  /// generators' tables), for the autograd emitters; empty: none.
  std::string AutogradDir;
  /// A deprecated.yaml read on its own (--deprecated-yaml), for the tests of
  /// its reader; else AutogradDir's, when it has one.
  std::string DeprecatedYaml;
  /// Pass-manager instrumentation: print the IR (as --emit=yaml) before or
  /// after the named passes, after all, or after a failing pass; time the
  /// passes; verify the IR after each pass.
  std::vector<std::string> PrintIRBefore, PrintIRAfter;
  bool PrintIRAfterAll = false;
  bool PrintIRAfterFailure = false;
  bool TimePasses = false;
  bool VerifyEach = true;
  /// Print the registered passes and exit.
  bool ListPasses = false;
  /// Print the registered emitters and file sets and exit.
  bool ListEmitters = false;
  /// Threads for reading; 0 means one per core. Output does not depend on it.
  unsigned Threads = 0;
  /// The fast YAML reader (libyaml for what it declines), libyaml only, or
  /// both, reporting differences.
  YamlReading YamlReader = YamlReading::Fast;
  /// Leave the IR allocated at the end (the opgen-opt process exits right
  /// after); an embedding program keeps the default.
  bool DisableFree = false;
  /// Print a one-line summary (operators read, time) to the error stream.
  bool Summary = false;
  /// Colors, the error limit, the width of source lines (each split of the
  /// input has a limit of its own).
  DiagnosticOptions Diagnostics;
  /// Faults for the output layer to make (tests: --inject-output-fault).
  OutputFaults Faults;
};

/// Run one configuration. Diagnostics and the summary go to \p ErrOS.
LogicalResult runOpt(const OptConfig &Config, llvm::raw_ostream &ErrOS);

/// Parse the opgen-opt command line into a config and run it; returns the
/// process exit status.
int optMain(int Argc, char **Argv);

} // namespace opgen

#endif // OPGEN_TOOLS_OPTMAIN_H
