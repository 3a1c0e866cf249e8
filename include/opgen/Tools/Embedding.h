//===- Embedding.h - opgen as a library for other programs ------*- C++ -*-===//
//
// A program that wants PyTorch's operator model without Python (a compiler,
// a checker) embeds opgen through this header. It is a thin layer over the
// front end (FrontEnd.h) and the emitter registry (Emitters.h), which the
// tools use too, so an embedding program reads exactly what `opgen` reads:
//
//  - inputs come from files or from buffers the caller holds;
//  - every diagnostic goes to a handler the caller installs, as MLIR's
//    DiagnosticEngine does: nothing is printed, nothing calls exit();
//  - an OperatorModel owns all of its state (there is no global state), so
//    several models can be used on several threads at once, and give the
//    same results as separate processes;
//  - emitters run into memory; no file is written.
//
// docs/Embedding.md describes it, with examples/ as a whole program.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_EMBEDDING_H
#define OPGEN_TOOLS_EMBEDDING_H

#include "opgen/Emit/Emitters.h"
#include "opgen/Tools/FrontEnd.h"

#include "llvm/Support/raw_ostream.h"

#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// One input: a file to read, or text the caller already holds.
struct InputSource {
  /// The file's path; for a buffer, the name diagnostics give it.
  std::string Name;
  /// The buffer's contents; none: read the file \c Name.
  std::optional<std::string> Text;

  static InputSource file(llvm::StringRef Path) {
    return {Path.str(), std::nullopt};
  }
  static InputSource buffer(llvm::StringRef Name, llvm::StringRef Text) {
    return {Name.str(), Text.str()};
  }
  /// No input given.
  bool empty() const { return Name.empty() && !Text; }
};

/// Put \p S into \p Ctx's SourceMgr (a buffer is copied) and return its
/// buffer id, or 0 after reporting why the file cannot be read.
unsigned loadInput(Context &Ctx, const InputSource &S);

/// What an OperatorModel reads. Only native_functions.yaml is required.
struct ModelInputs {
  InputSource NativeFunctions;
  InputSource Tags;
  /// An external backend's yaml (torchgen's --source-yaml).
  InputSource BackendYaml;
  /// A selective build's operators (--op-selection-yaml-path).
  InputSource SelectionYaml;
};

/// The front end as torchgen.gen runs it without flags: the default
/// pipeline, and the MPS, XPU and MTIA kernels read as if not written. A
/// module read so gives the `aten` file set's bytes.
FrontEndOptions getTorchgenGenOptions(unsigned Threads = 1);

/// The operators of one native_functions.yaml, read, checked and
/// transformed, with the Context that owns their buffers and diagnostics.
class OperatorModel {
public:
  /// Every diagnostic goes to \p Handler (with its location, kind and
  /// message), never to a stream; with no handler they are dropped, and
  /// getNumErrors still counts them.
  explicit OperatorModel(DiagnosticEngine::Handler Handler = nullptr);
  OperatorModel(const OperatorModel &) = delete;
  OperatorModel &operator=(const OperatorModel &) = delete;

  /// Read the inputs and run \p Options.Pipeline (see buildPipeline:
  /// `default` is torchgen's). A model reads once; a failure leaves it
  /// unusable for emitting.
  LogicalResult read(const ModelInputs &In,
                     const FrontEndOptions &Options = getTorchgenGenOptions());

  /// The functions, and once the pipeline ran, their groups, view groups
  /// and backend indices (see Module.h).
  const Module &getModule() const { return M; }
  Context &getContext() { return Ctx; }
  unsigned getNumErrors() { return Ctx.getDiags().getNumErrors(); }

  /// Run the text emitter \p Emitter (`yaml`, `cpp-api`, ...; opgen-opt
  /// --list-emitters names them) and append what it prints to \p Out.
  LogicalResult emitText(llvm::StringRef Emitter, std::string &Out,
                         const EmitOptions &Options = EmitOptions());

  /// Run the file emitter or file set \p EmitterOrSet (`functions-header`,
  /// `aten`, `backend-stubs`, ...) with the templates of \p TemplateDir, as
  /// the tools would into \p OutputDir, but write nothing: \p Out receives
  /// each file as `<folder>/<name>` (the aten set's core/, ops/ and aoti/
  /// folders are under \p OutputDir), folder by folder, in the order the
  /// emitters made them.
  LogicalResult emitFiles(llvm::StringRef EmitterOrSet,
                          llvm::StringRef TemplateDir,
                          std::vector<GeneratedFile> &Out,
                          const EmitOptions &Options = EmitOptions(),
                          llvm::StringRef OutputDir = "out");

private:
  /// A Context must print somewhere; with the handler set it never does.
  llvm::raw_null_ostream NullOS;
  Context Ctx{NullOS};
  Module M;
  bool Read = false;
  bool ReadOk = false;
};

} // namespace opgen

#endif // OPGEN_TOOLS_EMBEDDING_H
