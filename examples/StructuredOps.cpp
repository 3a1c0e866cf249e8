//===- StructuredOps.cpp - A program that embeds opgen --------------------===//
//
// Reads PyTorch's native_functions.yaml (and the tags.yaml beside it), runs
// torchgen's default pipeline, and prints the structured operators that have
// a kernel for one dispatch key, with the functions that delegate to them:
//
//   structured-ops <ATen>/native/native_functions.yaml [dispatch key]
//
//===----------------------------------------------------------------------===//

#include "opgen/IR/FunctionIndex.h"
#include "opgen/Tools/Embedding.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

using namespace opgen;

int main(int argc, char **argv) {
  if (argc != 2 && argc != 3) {
    llvm::errs() << "usage: " << argv[0]
                 << " native_functions.yaml [dispatch key]\n";
    return 2;
  }
  llvm::StringRef KeyName = argc == 3 ? argv[2] : "CPU";
  std::optional<DispatchKey> Key = parseDispatchKey(KeyName);
  if (!Key) {
    llvm::errs() << "unknown dispatch key `" << KeyName << "`\n";
    return 2;
  }

  // opgen prints nothing itself: every diagnostic comes here.
  OperatorModel Model([](const llvm::SMDiagnostic &D) {
    D.print(nullptr, llvm::errs(), /*ShowColors=*/false);
  });
  ModelInputs In;
  In.NativeFunctions = InputSource::file(argv[1]);
  llvm::SmallString<256> Tags(llvm::sys::path::parent_path(argv[1]));
  llvm::sys::path::append(Tags, "tags.yaml");
  In.Tags = InputSource::file(Tags);
  if (failed(Model.read(In, getTorchgenGenOptions())))
    return 1;

  // The default pipeline grouped the functions and built a backend index per
  // dispatch key. A structured group's out function holds the kernel; its
  // functional and inplace variants delegate to it.
  const Module &M = Model.getModule();
  std::vector<const FunctionGroup *> GroupOfOut(M.Functions.size());
  for (const FunctionGroup &G : *M.Groups)
    if (G.IsGroup && G.Structured)
      GroupOfOut[G.Out] = &G;

  const BackendIndex *Index = M.getBackendIndex(*Key);
  if (!Index) {
    llvm::errs() << "no kernel has dispatch key " << KeyName << "\n";
    return 1;
  }
  FunctionIndex Functions(M);
  unsigned Count = 0;
  for (const auto &[Name, Kernel] : Index->Index) {
    std::optional<FunctionId> Id = Functions.find(Name);
    if (!Kernel.Structured || !Id || !GroupOfOut[*Id])
      continue;
    const FunctionGroup &G = *GroupOfOut[*Id];
    llvm::outs() << Name << " -> " << Kernel.Kernel << " (";
    llvm::outs() << M.Functions[G.Functional].Func.Name;
    if (G.Inplace)
      llvm::outs() << ", " << M.Functions[*G.Inplace].Func.Name;
    llvm::outs() << ")\n";
    ++Count;
  }
  llvm::outs() << Count << " structured operators have a " << KeyName
               << " kernel\n";
  return 0;
}
