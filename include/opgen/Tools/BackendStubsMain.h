//===- BackendStubsMain.h - opgen-backend-stubs as a library ----*- C++ -*-===//
//
// opgen-backend-stubs replaces `python -m torchgen.gen_backend_stubs`: it
// reads native_functions.yaml and a backend yaml and writes the backend's
// <Key>NativeFunctions.h, Register<Key>.cpp and RegisterAutograd<Key>.cpp.
// Fill a BackendStubsConfig and call runBackendStubs, or call
// backendStubsMain with a command line.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_BACKENDSTUBSMAIN_H
#define OPGEN_TOOLS_BACKENDSTUBSMAIN_H

#include "opgen/Support/Diagnostics.h"
#include "opgen/Support/LogicalResult.h"
#include "opgen/Support/OutputFile.h"

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

struct BackendStubsConfig {
  /// The backend yaml (-s).
  std::string SourceYaml;
  /// The output folder (-o), as written: the generated code includes the
  /// header through this spelling.
  std::string OutputDir;
  /// The ATen folder with native/native_functions.yaml, native/tags.yaml
  /// and templates/.
  std::string SourcePath;
  /// Where SourcePath came from when --source-path was omitted (see
  /// findSourcePath), for --summary; empty: given.
  std::string SourcePathOrigin;
  /// Colors, the error limit, the width of source lines.
  DiagnosticOptions Diagnostics;
  /// A C++ file with the kernel definitions to check (--impl-path).
  std::string ImplPath;
  /// Report the files that would be written, write none.
  bool DryRun = false;
  /// Write a Makefile-syntax depfile naming every file the run read (see
  /// Support/Depfile.h); its target is the first file written.
  std::string Depfile;
  /// Threads for reading native_functions.yaml; 0: one per core.
  unsigned Threads = 0;
  /// Leave the IR allocated at the end (the tool's process exits right
  /// after); an embedding program keeps the default.
  bool DisableFree = false;
  /// Print what was read and generated, and the time of each step, to the
  /// error stream.
  bool Summary = false;
  /// Faults for the output layer to make (tests: --inject-output-fault).
  OutputFaults Faults;
};

/// Run one configuration. Diagnostics go to \p ErrOS, the --dry-run report
/// to \p OutOS. Nothing is written when an error was reported.
LogicalResult runBackendStubs(const BackendStubsConfig &Config,
                              llvm::raw_ostream &OutOS,
                              llvm::raw_ostream &ErrOS);

/// Parse the command line (gen_backend_stubs' flags in both spellings) and
/// run; returns the exit status.
int backendStubsMain(int Argc, char **Argv);

} // namespace opgen

#endif // OPGEN_TOOLS_BACKENDSTUBSMAIN_H
