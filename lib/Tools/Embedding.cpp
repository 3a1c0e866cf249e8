//===- Embedding.cpp - opgen as a library for other programs --------------===//

#include "opgen/Tools/Embedding.h"
#include "opgen/Tools/OutputFolders.h"

#include "llvm/Support/MemoryBuffer.h"

using namespace opgen;
using namespace llvm;

unsigned opgen::loadInput(Context &Ctx, const InputSource &S) {
  if (!S.Text)
    return loadFile(Ctx, S.Name);
  return Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(*S.Text, S.Name), SMLoc());
}

FrontEndOptions opgen::getTorchgenGenOptions(unsigned Threads) {
  FrontEndOptions O;
  O.Threads = Threads;
  O.Pipeline = "default";
  O.IgnoredDispatchKeys = getTorchgenIgnoredKeys(
      /*Mps=*/false, /*Xpu=*/false, /*Mtia=*/false, /*UpdateAotiCShim=*/false);
  return O;
}

OperatorModel::OperatorModel(DiagnosticEngine::Handler Handler) {
  // Always a handler, so that nothing reaches a stream even if the engine's
  // defaults change.
  if (!Handler)
    Handler = [](const SMDiagnostic &) {};
  Ctx.getDiags().setHandler(std::move(Handler));
}

LogicalResult OperatorModel::read(const ModelInputs &In,
                                  const FrontEndOptions &Options) {
  if (Read) {
    Ctx.getDiags().error(SMLoc(), "an operator model reads its inputs once");
    return failure();
  }
  Read = true;
  if (In.NativeFunctions.empty()) {
    Ctx.getDiags().error(SMLoc(), "no native_functions.yaml to read");
    return failure();
  }
  FrontEndInputs FI;
  // Load every input before reading any, so that each unreadable file is
  // reported, as the tools do.
  FI.NativeYaml = loadInput(Ctx, In.NativeFunctions);
  if (!In.Tags.empty())
    FI.TagsYaml = loadInput(Ctx, In.Tags);
  if (!In.BackendYaml.empty())
    FI.BackendYaml = loadInput(Ctx, In.BackendYaml);
  if (!In.SelectionYaml.empty())
    FI.SelectionYaml = loadInput(Ctx, In.SelectionYaml);
  if (getNumErrors())
    return failure();
  ReadOk = succeeded(runFrontEnd(Ctx, FI, Options, M));
  return success(ReadOk);
}

LogicalResult OperatorModel::emitText(StringRef Emitter, std::string &Out,
                                      const EmitOptions &Options) {
  const EmitterInfo *E = findEmitter(Emitter);
  if (!E || E->writesFiles()) {
    Ctx.getDiags().error(SMLoc(), "`" + Emitter + "` is not a text emitter");
    return failure();
  }
  if (!ReadOk) {
    Ctx.getDiags().error(SMLoc(), "no operators were read to emit from");
    return failure();
  }
  raw_string_ostream OS(Out);
  EmitContext EC{Ctx, M, Options};
  return runTextEmitter(EC, *E, OS);
}

LogicalResult OperatorModel::emitFiles(StringRef EmitterOrSet,
                                       StringRef TemplateDir,
                                       std::vector<GeneratedFile> &Out,
                                       const EmitOptions &Options,
                                       StringRef OutputDir) {
  // One file emitter, or a whole set, as opgen-opt --emit takes them.
  std::vector<const EmitterInfo *> Set;
  if (const EmitterInfo *E = findEmitter(EmitterOrSet)) {
    if (E->writesFiles())
      Set = {E};
  } else {
    Set = getFileSet(EmitterOrSet);
  }
  if (Set.empty()) {
    Ctx.getDiags().error(SMLoc(), "`" + EmitterOrSet +
                                      "` is neither an emitter that writes "
                                      "files nor a file set");
    return failure();
  }
  if (!ReadOk) {
    Ctx.getDiags().error(SMLoc(), "no operators were read to emit from");
    return failure();
  }
  const FileSetInfo *Info = findFileSet(Set.front()->FileSet);
  EmitOptions EO = Options;
  if (EO.OutputDirSpelling.empty())
    EO.OutputDirSpelling = OutputDir.str();
  TemplateCache Templates(TemplateDir.str());
  OutputFolders Folders(Ctx, Templates,
                        getFileSetFolders(*Info, OutputDir.str()),
                        Info->Generator.str(), /*DryRun=*/true);
  EmitContext EC{Ctx, M, EO};
  Folders.bind(EC);
  if (failed(runFileEmitters(EC, Set)) || getNumErrors())
    return failure();
  for (const std::unique_ptr<FileManager> &FM : Folders.getManagers())
    for (const GeneratedFile &F : FM->getFiles())
      Out.push_back({FM->getOutputDir() + "/" + F.Name, F.Data});
  return success();
}
