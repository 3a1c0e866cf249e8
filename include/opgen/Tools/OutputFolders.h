//===- OutputFolders.h - The folders a file set writes into -----*- C++ -*-===//
//
// torchgen.gen writes into several folders (the install folder, its core/
// and ops/, the header-only and AOTInductor folders), each through a file
// manager of its own whose outputs make one `set()` of
// --output-dependencies. OutputFolders makes them for a run, binds them to
// an EmitContext, and writes everything only once every file was made.
//
//===----------------------------------------------------------------------===//

#ifndef OPGEN_TOOLS_OUTPUTFOLDERS_H
#define OPGEN_TOOLS_OUTPUTFOLDERS_H

#include "opgen/Emit/Emitters.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace opgen {

/// One output folder.
struct OutputFolderSpec {
  OutputFolder Which;
  std::string Dir;
  /// The prefix of its --output-dependencies list; none: not listed.
  std::optional<std::string> ListPrefix;
};

/// torchgen.gen's folders, in the order of its --output-dependencies lists.
/// Folder names are joined with `/`, as torchgen joins them (CMake reads
/// them).
std::vector<OutputFolderSpec> getAtenFolders(const std::string &InstallDir,
                                             const std::string &HeaderOnlyDir,
                                             const std::string &AotiDir,
                                             bool Xpu);

/// The folders file set \p Set writes into under \p OutputDir: torchgen.gen's
/// (core/ and aoti/ under it) for the `aten` set, \p OutputDir alone for
/// the others.
std::vector<OutputFolderSpec> getFileSetFolders(const FileSetInfo &Set,
                                                const std::string &OutputDir);

class OutputFolders {
public:
  /// A file manager per folder, all with \p Generator and \p Templates.
  OutputFolders(Context &Ctx, TemplateCache &Templates,
                std::vector<OutputFolderSpec> Specs,
                const std::string &Generator, bool DryRun);

  /// Point \p EC's file managers at these folders.
  void bind(EmitContext &EC) const;
  /// Every file made, in all folders.
  size_t getNumFiles() const;
  /// One file manager per folder, in the order of the specs.
  const std::vector<std::unique_ptr<FileManager>> &getManagers() const {
    return Managers;
  }
  /// Write every folder's files (see FileManager::commit); with
  /// \p EveryFolder, make each folder first even if no file goes there, as
  /// torchgen.gen does (its ops/ in default mode). \p Faults is for tests.
  LogicalResult commit(unsigned Threads = 1, bool EveryFolder = false,
                       const OutputFaults &Faults = {});
  /// Write each listed folder's `set()` to `<prefix><name of Depfile>`
  /// beside \p Depfile, named `<prefix><stem of Depfile>`, as torchgen's
  /// write_outputs does (in a dry run too).
  LogicalResult writeOutputLists(llvm::StringRef Depfile,
                                 llvm::raw_ostream &ErrOS) const;

private:
  Context &Ctx;
  std::vector<OutputFolderSpec> Specs;
  std::vector<std::unique_ptr<FileManager>> Managers;
};

} // namespace opgen

#endif // OPGEN_TOOLS_OUTPUTFOLDERS_H
