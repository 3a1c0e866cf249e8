//===- FrontEnd.h - Inputs to a checked, transformed Module -----*- C++ -*-===//
//
// Every tool starts the same way: read tags.yaml, native_functions.yaml and
// optionally an external backend's yaml and a selective build's operators
// into one Module, verify it, and run
// a pipeline of passes. The front end does that once for all of them (the
// tools, the fuzzers, an embedding program), so that what a module holds and
// what has been checked does not depend on who read it.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_FRONTEND_H
#define OPGEN_TOOLS_FRONTEND_H

#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/Parse/BackendYamlReader.h"
#include "opgen/Parse/NativeYamlReader.h"
#include "opgen/Pass/PassManager.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/StringRef.h"

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// The inputs, each a buffer already in the Context's SourceMgr (see
/// loadFile), or 0 for none. Only native_functions.yaml is required.
struct FrontEndInputs {
  unsigned NativeYaml = 0;
  unsigned TagsYaml = 0;
  unsigned BackendYaml = 0;
  /// Whose reading of the backend yaml applies: gen_lazy_tensor's rejects
  /// what gen_backend_stubs only warns about (`non_native`, `ir_gen`).
  BackendYamlReading BackendReading = BackendYamlReading::BackendStubs;
  /// A selection yaml (--op-selection-yaml-path).
  unsigned SelectionYaml = 0;
  /// --op-registration-whitelist's names, when the flag was given (an empty
  /// list selects no operator). At most one of the two selections is given.
  std::optional<std::vector<std::string>> OpRegistrationWhitelist;
  /// Whether the whitelist's operators are used for training (see
  /// readOpRegistrationWhitelist).
  bool WhitelistForTraining = false;
  /// derivatives.yaml, read into Module::Derivatives.
  unsigned DerivativesYaml = 0;
  /// deprecated.yaml, read into Module::Deprecated.
  unsigned DeprecatedYaml = 0;
};

/// How long each stage of a front-end run took (for --summary).
struct FrontEndTimings {
  double ReadMs = 0;   ///< reading and verifying the inputs
  double PassesMs = 0; ///< the pipeline
  unsigned NumPasses = 0;
};

struct FrontEndOptions {
  /// The torchgen release whose checks apply; guessed from the tags
  /// tags.yaml declares when unset.
  std::optional<TorchRelease> Release;
  /// Threads for reading and for passes; results do not depend on it.
  unsigned Threads = 1;
  YamlReading Reading = YamlReading::Fast;
  /// Dispatch keys to read as if not written (Module::IgnoredDispatchKeys).
  std::vector<DispatchKey> IgnoredDispatchKeys;
  /// The pipeline to run, as -passes= takes it (see buildPipeline).
  std::string Pipeline;
  /// How the pass manager prints, times and verifies; PrintIR and OS are
  /// the caller's to set.
  PassInstrumentation Instrumentation;
  /// When set, receives the time each stage took.
  FrontEndTimings *Timings = nullptr;
};

/// The options a tool's run reads with: \p Threads (0: one per core), the
/// default pipeline, no re-verification after each pass (the tests check
/// the IR; a production run need not), pass output to \p ErrOS.
FrontEndOptions getToolFrontEndOptions(unsigned Threads,
                                       llvm::raw_ostream &ErrOS);

/// The dispatch keys torchgen.gen reads as if not written unless its flags
/// ask for them: MPS's without --mps, XPU's without --xpu (neither with
/// --update-aoti-c-shim), MTIA without --mtia.
std::vector<DispatchKey> getTorchgenIgnoredKeys(bool Mps, bool Xpu, bool Mtia,
                                                bool UpdateAotiCShim);

/// The inputs of torchgen's ATen folder (`--source-path`).
struct AtenPaths {
  std::string NativeYaml; ///< native/native_functions.yaml
  std::string TagsYaml;   ///< native/tags.yaml
  std::string Templates;  ///< templates/
  explicit AtenPaths(llvm::StringRef SourcePath);
};

/// The inputs of torchgen's autograd folder (gen_autograd's AUTOGRAD_DIR:
/// torchgen/packaged/autograd, or a PyTorch checkout's tools/autograd).
struct AutogradPaths {
  std::string DerivativesYaml; ///< derivatives.yaml
  std::string DeprecatedYaml;  ///< deprecated.yaml
  std::string Templates;       ///< templates/
};
AutogradPaths getAutogradPaths(llvm::StringRef AutogradDir);

/// The autograd generators' policy tables, read from the modules of
/// \p AutogradDir (Parse/AutogradTablesReader.h); \p OnLoad, if given, sees
/// each module's buffer (opgen-opt's --verify-diagnostics reads its
/// expectations). Failure after reporting.
LogicalResult
loadAutogradTables(Context &Ctx, llvm::StringRef AutogradDir,
                   AutogradTables &Out,
                   const std::function<void(unsigned)> &OnLoad = {});

/// gen_python_functions.py's tables, read from \p AutogradDir as
/// loadAutogradTables reads the others.
LogicalResult
loadPythonBindingTables(Context &Ctx, llvm::StringRef AutogradDir,
                        PythonBindingTables &Out,
                        const std::function<void(unsigned)> &OnLoad = {});

/// How torchgen's banners name the autograd templates: the templates
/// folder relative to torchgen's own folder, as os.path.relpath gives it.
/// torchgen's folder is \p TorchgenDir when given; else, for an autograd
/// folder `<X>/torchgen/packaged/autograd`, `<X>/torchgen`, and for any
/// other (a PyTorch checkout's `<root>/tools/autograd`), `torchgen` two
/// levels up (`<root>/torchgen`).
std::string getAutogradTemplateDirForComments(llvm::StringRef AutogradDir,
                                              llvm::StringRef TorchgenDir = "");

/// A tool run's Context and Module. With \p DisableFree they are left
/// allocated at exit (the process ends right after, and freeing thousands
/// of functions costs a noticeable share of a run, as clang's
/// -disable-free avoids); BuryPointer keeps them reachable for leak
/// checkers. An embedding program keeps the default.
class ToolIR {
public:
  ToolIR(llvm::raw_ostream &ErrOS, bool DisableFree)
      : Ctx(std::make_unique<Context>(ErrOS)), M(std::make_unique<Module>()),
        DisableFree(DisableFree) {}
  ~ToolIR();
  Context &getContext() { return *Ctx; }
  Module &getModule() { return *M; }

private:
  std::unique_ptr<Context> Ctx;
  std::unique_ptr<Module> M;
  bool DisableFree;
};

/// A pass manager for \p Spec: pass names separated by commas, where
/// `default` stands for torchgen's pipeline; empty runs no pass. Reports an
/// unknown name to the Context's diagnostics.
std::optional<PassManager> buildPipeline(Context &Ctx, llvm::StringRef Spec);

/// Read the inputs into \p M (which must hold no functions; tags it already
/// holds are kept, for callers that have no tags.yaml), verify what was read,
/// and run the pipeline. A selection goes into M.Selection. Every problem is a
/// diagnostic; a backend yaml with problems of its own is still checked against
/// the native functions, so that everything wrong with it is reported at once.
LogicalResult runFrontEnd(Context &Ctx, const FrontEndInputs &In,
                          const FrontEndOptions &Options, Module &M);

} // namespace opgen

#endif // OPGEN_TOOLS_FRONTEND_H
