//===- AutogradMain.h - opgen-autograd as a library -------------*- C++ -*-===//
//
// opgen-autograd replaces
//
//   python -m torchgen.packaged.autograd.gen_autograd NATIVE TAGS OUT
//   AUTOGRAD_DIR
//
// the libtorch half of PyTorch's generate_code.py: from native_functions.yaml,
// tags.yaml and the autograd folder (derivatives.yaml, the templates and the
// generators' policy tables) it writes libtorch's autograd sources, the
// same files byte for byte. Fill an AutogradConfig and call runAutograd, or
// call autogradMain with a command line.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_AUTOGRADMAIN_H
#define OPGEN_TOOLS_AUTOGRADMAIN_H

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

struct AutogradConfig {
  /// gen_autograd's positional arguments.
  std::string NativeFunctions, Tags, OutputDir, AutogradDir;
  /// The torchgen package folder whose gen_autograd the run stands in for;
  /// the `@generated from` banners name the templates relative to it.
  /// Empty: guessed from AutogradDir's layout.
  std::string TorchgenDir;
  /// generate_code's --disable-autograd: only Functions, ViewFuncs and
  /// variable_factories.h.
  bool DisableAutograd = false;
  /// A selective build: a selection yaml, or operator names (each a root
  /// used for training, as generate_code's selected-op list makes them).
  std::string OpSelectionYamlPath;
  std::optional<std::vector<std::string>> OpRegistrationWhitelist;
  /// Colors, the error limit, warnings as errors.
  DiagnosticOptions Diagnostics;
  /// Print `would write PATH` for each file; write none.
  bool ListOutputs = false;
  /// Write a Makefile-syntax depfile naming every file read; its target
  /// is the first file written.
  std::string Depfile;
  /// Threads; 0: one per core. The files are the same for any number.
  unsigned Threads = 0;
  /// Leave the IR allocated at the end (a tool's process exits right after).
  bool DisableFree = false;
  /// Print what was read and written, and the time of each step.
  bool Summary = false;
  /// Faults for the output layer to make (tests).
  OutputFaults Faults;
};

/// Run one configuration. Diagnostics go to \p ErrOS, --list-outputs to
/// \p OutOS. Nothing is written when an error was reported.
LogicalResult runAutograd(const AutogradConfig &Config,
                          llvm::raw_ostream &OutOS, llvm::raw_ostream &ErrOS);

/// Parse the command line and run; returns the exit status.
int autogradMain(int Argc, char **Argv);

} // namespace opgen

#endif // OPGEN_TOOLS_AUTOGRADMAIN_H
