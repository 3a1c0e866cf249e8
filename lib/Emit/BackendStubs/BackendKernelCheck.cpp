//===- BackendKernelCheck.cpp - Does the backend define every kernel? -----===//
//
// torchgen's error_on_missing_kernels, for `--impl-path`: a cheap textual
// check that turns a link error into a message. Each line's last
// `Class::name(` counts as a definition of `name` unless a colon comes
// right before `Class` (`torch_xla::XLANativeFunctions::f(...)` is a call).
//
//===----------------------------------------------------------------------===//

#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/BackendStubs/BackendStubs.h"
#include "opgen/Support/PythonText.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <map>

using namespace opgen;
using namespace llvm;

/// Count `Class::name(` definitions as torchgen's regex
/// `(.*)Class::\s*([\w\d]*)\(` with findall does.
static StringMap<unsigned> countDefinitions(StringRef Text, StringRef Class) {
  StringMap<unsigned> Counts;
  std::string Needle = (Class + "::").str();
  size_t Pos = 0, N = Text.size();
  while (Pos < N) {
    size_t LineEnd = Text.find('\n', Pos);
    if (LineEnd == StringRef::npos)
      LineEnd = N;
    // The greedy `(.*)` prefers the last occurrence on the line that
    // completes a match.
    std::vector<size_t> Starts;
    for (size_t I = Text.find(Needle, Pos); I != StringRef::npos && I < LineEnd;
         I = Text.find(Needle, I + 1))
      Starts.push_back(I);
    bool Matched = false;
    for (auto It = Starts.rbegin(); It != Starts.rend(); ++It) {
      size_t J = *It + Needle.size();
      while (J < N && isPythonSpace(Text[J]))
        ++J;
      size_t NameStart = J;
      while (J < N && (isAlnum(Text[J]) || Text[J] == '_'))
        ++J;
      if (J >= N || Text[J] != '(')
        continue;
      StringRef Before = Text.slice(Pos, *It);
      if (!Before.endswith(":"))
        ++Counts[Text.slice(NameStart, J)];
      Pos = J + 1;
      Matched = true;
      break;
    }
    if (!Matched)
      Pos = LineEnd + 1;
  }
  return Counts;
}

LogicalResult opgen::checkBackendKernels(Context &Ctx, const Module &M,
                                         StringRef ImplPath) {
  DiagnosticEngine &D = Ctx.getDiags();
  if (!M.Backend || !M.Backend->BackendKey || !M.BackendIndices)
    return success();
  const BackendConfig &B = *M.Backend;
  ErrorOr<std::unique_ptr<MemoryBuffer>> Buf = MemoryBuffer::getFile(ImplPath);
  if (!Buf) {
    D.fileError(ImplPath, "cannot read the kernel definitions: " +
                              Buf.getError().message());
    return failure();
  }
  std::string Class = getBackendClassName(B);

  // Operator -> kernel name, from the backend and autograd indices.
  std::map<OperatorName, std::string> KernelOf;
  for (std::optional<DispatchKey> K : {B.BackendKey, B.AutogradKey}) {
    if (!K)
      continue;
    const BackendIndex *I = M.getBackendIndex(*K);
    if (!I)
      continue;
    for (const auto &[Name, Meta] : I->Index)
      KernelOf[Name] = Meta.Kernel;
  }
  // Kernel name -> the functions using it, in native_functions.yaml order.
  std::vector<std::pair<std::string, std::vector<const NativeFunction *>>>
      ByKernel;
  StringMap<size_t> Slot;
  for (const NativeFunction &F : M.Functions) {
    auto It = KernelOf.find(F.Func.Name);
    // torchgen's check could leave out full_codegen operators, but
    // gen_backend_stubs does not ask it to: their kernels are expected too.
    if (It == KernelOf.end())
      continue;
    auto [S, New] = Slot.try_emplace(It->second, ByKernel.size());
    if (New)
      ByKernel.push_back({It->second, {}});
    ByKernel[S->second].second.push_back(&F);
  }

  StringMap<unsigned> Found = countDefinitions((*Buf)->getBuffer(), Class);
  std::string File = sys::path::filename(ImplPath).str();
  bool Ok = true;
  for (const auto &[Kernel, Funcs] : ByKernel) {
    unsigned Have = Found.lookup(Kernel);
    if (Have == Funcs.size())
      continue;
    Ok = false;
    SMLoc Loc = B.getLocation(Funcs.front()->Func.Name);
    if (!Loc.isValid())
      Loc = B.BackendLoc;
    D.error(Loc, Class + " is missing a kernel definition for `" + Kernel +
                     "`: found " + Twine(Have) + " in " + File + ", expected " +
                     Twine(Funcs.size()));
    for (const NativeFunction *F : Funcs)
      D.note(F->FuncLoc, "expected: " + DispatcherSignature(*F).decl() +
                             " (for `" + F->Func.Name.str() + "`)");
  }
  return success(Ok);
}
