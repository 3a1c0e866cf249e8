//===- Emitters.h - The registry of emitters --------------------*- C++ -*-===//
//
// An emitter reads a Module (never the yaml or the parser) and produces text
// or files. Each is one function in a file named for what it writes, listed
// once in Emitters.def. Tools pick emitters by name (opgen-opt's --emit) or
// by file set (opgen-backend-stubs generates the `backend-stubs` set).
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_EMIT_EMITTERS_H
#define OPGEN_EMIT_EMITTERS_H

#include "opgen/Emit/FileManager.h"
#include "opgen/IR/AotiFallbackOps.h"
#include "opgen/IR/AutogradTables.h"
#include "opgen/IR/Context.h"
#include "opgen/IR/Module.h"
#include "opgen/PythonApi/PythonBindingModel.h"
#include "opgen/Support/LogicalResult.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace opgen {

class CppWrapperCache;
struct AutogradModel;
struct LazyTensorOptions;

/// Settings of a run that emitters may read (the tools fill them from their
/// flags; emitters never read flags).
struct EmitOptions {
  /// The output folder as the user wrote it: some files name it (an
  /// external backend's Register<Key>.cpp includes its header through it).
  std::string OutputDirSpelling;
  /// Threads an emitter may use; the bytes never depend on it.
  unsigned Threads = 1;

  // torchgen.gen's settings (the `aten` file set).
  /// One header per operator in ops/ (--per-operator-headers); the umbrella
  /// headers then include those.
  bool PerOperatorHeaders = false;
  /// CUDA read as ROCm/HIP (--rocm).
  bool Rocm = false;
  /// Which of torchgen.gen's groups of files to write (--generate).
  bool GenerateHeaders = true;
  bool GenerateSources = true;
  bool GenerateDeclarationsYaml = true;
  /// Register no operator with the dispatcher
  /// (--skip-dispatcher-op-registration).
  bool SkipDispatcherOpRegistration = false;
  /// Register every schema, selected or not (--force-schema-registration).
  bool ForceSchemaRegistration = false;
  /// Backends whose kernels are called directly (--static-dispatch-backend),
  /// in the order given.
  std::vector<DispatchKey> StaticDispatchBackends;
  /// The only keys besides the generic (Composite*) ones to generate code
  /// for, by name (--backend-whitelist); none or empty: every key.
  std::optional<std::vector<std::string>> BackendWhitelist;
  /// AOTInductor's C shims: the fallback operators (fallback_ops.py; null:
  /// no shims), the devices in torchgen's order (none: the aten shims),
  /// whether to rewrite the checked-in headers (--update-aoti-c-shim) and
  /// whether the operators are out-of-tree ones (--extend-aoti-c-shim).
  const AotiFallbackOps *AotiOps = nullptr;
  std::vector<std::optional<DispatchKey>> AotiBackends;
  bool UpdateAotiCShim = false;
  bool ExtendAotiCShim = false;
  // gen_autograd's settings (the `autograd` file set). Its templates are
  // the file managers' (the autograd folder's templates/).
  /// The templates folder as torchgen's banners name it, relative to
  /// torchgen's own folder (its template_dir_for_comments):
  /// `packaged/autograd/templates`, `../tools/autograd/templates`.
  std::string AutogradTemplateDirForComments = "packaged/autograd/templates";
  /// The generators' policy tables, read from the autograd folder; null when
  /// none were read.
  const AutogradTables *AutogradPolicy = nullptr;
  /// Which functions get a Python binding, and their signatures
  /// (gen_python_functions.py's skip tables, deprecated.yaml); null when
  /// they were not read.
  const PythonBindingModel *PythonBindings = nullptr;
  /// --disable-autograd: no VariableType, ADInplaceOrViewType or TraceType
  /// (what generate_code.py's flag leaves out).
  bool DisableAutograd = false;

  // gen_lazy_tensor's settings (the `lazy` file set); null: torchgen's
  // defaults (run_gen_lazy_tensor's).
  const LazyTensorOptions *Lazy = nullptr;

  /// Where the notices torchgen prints on standard output go (the
  /// AOTInductor check's `<header> not found`); null: nowhere, as for an
  /// embedding program. The library never prints by itself.
  llvm::raw_ostream *NoticeOS = nullptr;
};

/// The folders one torchgen command writes into. Each has a file manager of
/// its own, whose list of outputs is one `set()` of --output-dependencies.
enum class OutputFolder : unsigned {
  Install,    ///< --install-dir (torchgen's cpu_fm)
  Core,       ///< <install>/core
  Ops,        ///< <install>/ops, the per-operator headers
  HeaderOnly, ///< --headeronly-install-dir (enum_tag.h)
  CpuVec,     ///< cpu_vec_fm: the ufunc CPU kernels (same folder as Install)
  Cuda,       ///< cuda_fm (same folder as Install)
  Xpu,        ///< with --xpu (same folder as Install)
  Aoti,       ///< --aoti-install-dir
};
constexpr unsigned NumOutputFolders = 8;

/// What an emitter works with.
struct EmitContext {
  Context &Ctx;
  const Module &M;
  const EmitOptions &Options;
  /// Where file emitters write (the Install folder); text emitters do not
  /// use it.
  FileManager *Files = nullptr;
  /// The other folders of a file set that writes into several; null where
  /// the tool has none, and then files() gives the Install folder's.
  std::array<FileManager *, NumOutputFolders> Folders{};
  /// Each function's C++ API wrappers, made once per run for the emitters
  /// that share them (getCppWrapperCache); null until first asked for.
  std::shared_ptr<CppWrapperCache> Wrappers{};
  /// What derivatives.yaml says of each function (AutogradApi), made once
  /// per run by the tool that read one; null otherwise.
  const AutogradModel *Autograd = nullptr;

  FileManager &files(OutputFolder F = OutputFolder::Install) const {
    FileManager *FM = Folders[static_cast<unsigned>(F)];
    return FM ? *FM : *Files;
  }
};

using TextEmitterFn = LogicalResult (*)(EmitContext &, llvm::raw_ostream &);
using FileEmitterFn = LogicalResult (*)(EmitContext &);

#define OPGEN_TEXT_EMITTER(Name, Function, Releases, Description)              \
  LogicalResult Function(EmitContext &, llvm::raw_ostream &);
#define OPGEN_FILE_EMITTER(Name, Function, FileSet, Releases, Description)     \
  LogicalResult Function(EmitContext &);
#include "opgen/Emit/Emitters.def"

/// Which releases' modules an emitter handles.
enum class EmitterReleases { AnyRelease, Torchgen2_14 };

/// A registered emitter.
struct EmitterInfo {
  llvm::StringRef Name;
  llvm::StringRef Description;
  /// Empty for text emitters.
  llvm::StringRef FileSet;
  EmitterReleases Releases = EmitterReleases::AnyRelease;
  TextEmitterFn Text = nullptr;
  FileEmitterFn Files = nullptr;
  /// Reads EmitContext::Autograd (OPGEN_AUTOGRAD_FILE_EMITTER).
  bool NeedsAutograd = false;
  bool writesFiles() const { return Files != nullptr; }
};

/// A registered file set.
struct FileSetInfo {
  /// Whose templates the set fills.
  enum TemplateFolder {
    AtenTemplates,    ///< ATen's, beside the input native_functions.yaml
    AutogradTemplates ///< the autograd folder's (AutogradPaths::Templates)
  };
  llvm::StringRef Name;
  /// What the files' `@generated by` banners name as their generator.
  llvm::StringRef Generator;
  TemplateFolder Templates;
  llvm::StringRef Description;
};

/// The file set named \p Name, or null.
const FileSetInfo *findFileSet(llvm::StringRef Name);

/// Every file set, in Emitters.def order.
llvm::ArrayRef<FileSetInfo> getRegisteredFileSets();

/// Every emitter, in Emitters.def order.
llvm::ArrayRef<EmitterInfo> getRegisteredEmitters();

/// The emitter named \p Name, or null.
const EmitterInfo *findEmitter(llvm::StringRef Name);

/// The file emitters of \p FileSet, in registry order; empty if none.
std::vector<const EmitterInfo *> getFileSet(llvm::StringRef FileSet);

/// Run text emitter \p E into \p OS, after checking that it handles the
/// module's release.
LogicalResult runTextEmitter(EmitContext &EC, const EmitterInfo &E,
                             llvm::raw_ostream &OS);

/// Run the file emitters of \p Set (a file set's name, or one file
/// emitter's) into \p EC.Files. Stops at the first that fails.
LogicalResult runFileEmitters(EmitContext &EC,
                              llvm::ArrayRef<const EmitterInfo *> Set);

/// As runFileEmitters, for a set some of whose emitters need the autograd
/// model, which \p MakeModel makes (setting \p EC.Autograd, or failing):
/// the emitters that do not need it begin on one thread, after \p First
/// (what every emitter needs, such as the policy tables), while MakeModel
/// runs on the others; on two cores they fill the time MakeModel's serial
/// parts leave idle. First's and MakeModel's diagnostics are delivered
/// together in source order, as if they ran alone before any emitter; the
/// early emitters' are kept back and, if there were any, every emitter is
/// run again in order after them, so that what is printed never depends on
/// timing.
LogicalResult
runFileEmittersWith(EmitContext &EC, llvm::ArrayRef<const EmitterInfo *> Set,
                    llvm::function_ref<LogicalResult()> First,
                    llvm::function_ref<LogicalResult()> MakeModel);

} // namespace opgen

#endif // OPGEN_EMIT_EMITTERS_H
