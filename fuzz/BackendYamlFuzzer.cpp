//===- BackendYamlFuzzer.cpp - libFuzzer target for backend yamls ---------===//
//
// The input is an external backend's yaml. It goes through the default pass
// pipeline over FuzzInputs.h's small native_functions.yaml and, when accepted,
// through the backend stubs emitter and the --impl-path check (the input
// doubles as the kernel file). Nothing may crash, and an accepted yaml must
// give at most three files, all with content.
//
//===----------------------------------------------------------------------===//

#include "FuzzInputs.h"

#include "opgen/Emit/BackendStubs/BackendStubs.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/IR/Context.h"
#include "opgen/Tools/FrontEnd.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

using namespace opgen;
using namespace llvm;
using namespace opgen::fuzz;

/// Small templates with the placeholders of torchgen's, so that every value
/// the emitter fills in is substituted somewhere.
static const char *const Templates[][2] = {
    {"DispatchKeyNativeFunctions.h",
     "// ${generated_comment}\n${namespace_prologue}\nstruct ${class_name} "
     "{\n${dispatch_declarations}\n};\n${namespace_epilogue}\n"
     "$BackendName $DispatchKey\n"},
    {"RegisterDispatchDefinitions.ini",
     "${ns_prologue}\nnamespace {\n${dispatch_anonymous_definitions}\n"
     "${static_init_dispatch_registrations}\n}\n"
     "${deferred_dispatch_registrations}\nnamespace ${dispatch_namespace} "
     "{\n${dispatch_namespaced_definitions}\n}\n${ns_epilogue}\n"},
    {"RegisterDispatchKey.cpp",
     "// ${generated_comment}\n$extra_cuda_headers\n"
     "$external_backend_headers\n$dispatch_headers\n$ops_headers\n"
     "namespace at {\n$dispatch_helpers\n}\n$dispatch_definitions\n"
     "$DispatchKey $dispatch_namespace\n"},
};

static std::string TemplateDir, KernelFile;

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  SmallString<128> Dir;
  if (sys::fs::createUniqueDirectory("opgen-fuzz-templates", Dir))
    return 0;
  TemplateDir = std::string(Dir);
  for (const auto &T : Templates) {
    SmallString<128> Path(Dir);
    sys::path::append(Path, T[0]);
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    OS << T[1];
  }
  SmallString<128> Kernels(Dir);
  sys::path::append(Kernels, "kernels.cpp");
  KernelFile = std::string(Kernels);
  // Leave no temporary folder behind.
  std::atexit([] {
    for (const auto &T : Templates) {
      SmallString<128> Path(TemplateDir);
      sys::path::append(Path, T[0]);
      sys::fs::remove(Path);
    }
    sys::fs::remove(KernelFile);
    sys::fs::remove(TemplateDir);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  StringRef Input(reinterpret_cast<const char *>(Data), Size);
  Context Ctx(nulls());
  FrontEndInputs In;
  In.TagsYaml = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBuffer(TagsYaml, "tags.yaml"), SMLoc());
  In.NativeYaml = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBuffer(NativeFunctions, "native_functions.yaml"),
      SMLoc());
  In.BackendYaml = Ctx.getSourceMgr().AddNewSourceBuffer(
      MemoryBuffer::getMemBufferCopy(Input, "backend.yaml"), SMLoc());
  FrontEndOptions FO;
  FO.Pipeline = "default";
  Module M;
  if (failed(runFrontEnd(Ctx, In, FO, M))) {
    // The fixed inputs must read; only the backend yaml may be rejected.
    if (M.Functions.empty())
      __builtin_trap();
    return 0;
  }

  {
    std::error_code EC;
    raw_fd_ostream OS(KernelFile, EC);
    OS << Input;
  }
  (void)checkBackendKernels(Ctx, M, KernelFile);

  EmitOptions EO;
  EO.OutputDirSpelling = "out";
  TemplateCache TC{TemplateDir};
  FileManager Files(Ctx, TC, "out",
                    findFileSet("backend-stubs")->Generator.str(),
                    /*DryRun=*/true);
  EmitContext EC{Ctx, M, EO, &Files};
  if (failed(runFileEmitters(EC, getFileSet("backend-stubs"))))
    return 0;
  if (Files.getFiles().size() > 3)
    __builtin_trap();
  for (const GeneratedFile &F : Files.getFiles())
    if (F.Name.empty() || F.content().empty())
      __builtin_trap();
  return 0;
}
