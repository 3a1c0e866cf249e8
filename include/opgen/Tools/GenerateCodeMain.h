//===- GenerateCodeMain.h - opgen-generate-code as a library ----*- C++ -*-===//
//
// opgen-generate-code replaces PyTorch's second code generation,
//
//   python tools/setup_helpers/generate_code.py --native-functions-path ...
//       --tags-path ... [--subset ...] [--disable-autograd] ...
//
// run from the root of a PyTorch checkout: libtorch's autograd sources
// (gen_autograd), libtorch_python's bindings (gen_autograd_python), the
// tests' annotated_fn_args.py (gen_annotated) and the ViewMeta classes'
// Python binding, the same files in the same folders, byte for byte. Fill a
// GenerateCodeConfig and call runGenerateCode, or call generateCodeMain with
// a command line.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_GENERATECODEMAIN_H
#define OPGEN_TOOLS_GENERATECODEMAIN_H

#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/LogicalResult.h"
#include "opgen/Support/OutputFile.h"

#include <optional>
#include <string>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

struct GenerateCodeConfig {
  /// generate_code.py's flags.
  std::string NativeFunctionsPath, TagsPath = "aten/src/ATen/native/tags.yaml";
  std::string GenDir = ".";
  std::optional<std::string> InstallDir;
  /// `libtorch`, `pybindings`, `python`, or none for all three.
  std::optional<std::string> Subset;
  bool DisableAutograd = false;
  std::optional<std::string> SelectedOpListPath, OperatorsYamlPath;
  /// Accepted for the lazy TorchScript backend, which is not written yet.
  bool ForceSchemaRegistration = false, GenLazyTsBackend = false,
       PerOperatorHeaders = false;
  /// The autograd folder; empty: generate_code's (tools/autograd of the
  /// checkout run from), else the packaged one beside the ATen folder of
  /// native_functions.yaml (`torchgen/packaged/autograd`).
  std::string AutogradDir;
  DiagnosticOptions Diagnostics;
  bool ListOutputs = false;
  std::string Depfile;
  unsigned Threads = 0;
  bool DisableFree = false;
  bool Summary = false;
  OutputFaults Faults;
};

/// Run one configuration. Diagnostics go to \p ErrOS, --list-outputs to
/// \p OutOS. Nothing is written when an error was reported.
LogicalResult runGenerateCode(const GenerateCodeConfig &Config,
                              llvm::raw_ostream &OutOS,
                              llvm::raw_ostream &ErrOS);

/// Parse the command line and run; returns the exit status.
int generateCodeMain(int Argc, char **Argv);

} // namespace opgen

#endif // OPGEN_TOOLS_GENERATECODEMAIN_H
