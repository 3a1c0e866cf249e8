//===- BackendStubs.cpp - An external backend's C++ glue ------------------===//

#include "opgen/Emit/BackendStubs/BackendStubs.h"
#include "opgen/CppApi/CppTypes.h"
#include "opgen/Emit/CodeTemplate.h"
#include "opgen/Emit/Dest/Namespaces.h"
#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <map>
#include <memory>
#include <set>

using namespace opgen;
using namespace llvm;

std::string opgen::getBackendClassName(const BackendConfig &B) {
  if (B.ClassName)
    return *B.ClassName;
  return (B.BackendKey ? toString(*B.BackendKey).str() : B.Backend) +
         "NativeFunctions";
}

namespace {
/// Everything the generation of one backend needs, checked up front.
class BackendStubsEmitter {
public:
  BackendStubsEmitter(EmitContext &EC)
      : Ctx(EC.Ctx), D(Ctx.getDiags()), M(EC.M), B(*EC.M.Backend),
        O(EC.Options), Files(*EC.Files) {}

  LogicalResult run();

private:
  LogicalResult checkTypes(const BackendIndex &I);
  std::vector<std::string> declarations(const BackendIndex &I) const;
  /// One index's registrations and wrapper definitions, in group order.
  struct Registrations {
    std::vector<std::string> Regs, Defs;
  };
  LogicalResult registrations(const BackendIndex &I, Registrations &R);
  /// `Register<Key>.cpp`'s text, from \p R; null after reporting.
  std::optional<std::string> registrationFile(const BackendIndex &I,
                                              Registrations R);

  Context &Ctx;
  DiagnosticEngine &D;
  const Module &M;
  const BackendConfig &B;
  const EmitOptions &O;
  FileManager &Files;
  std::string ClassName;
  /// Functions by name, made once per run.
  std::unique_ptr<FunctionIndex> Functions;
};
} // namespace

/// The C++ API must know every type of the functions we generate code for.
/// The groups are checked on threads, and what they found reported in
/// their order.
LogicalResult BackendStubsEmitter::checkTypes(const BackendIndex &I) {
  std::vector<const BackendMetadata *> Kernels =
      getKernelsByFunction(M, I, *Functions);
  const std::vector<FunctionGroup> &Groups = *M.Groups;
  std::vector<char> Bad(Groups.size());
  Ctx.getThreadPool().parallelFor(O.Threads, Groups.size(), [&](size_t K) {
    SmallVector<FunctionId, 4> Ids = Groups[K].members();
    if (any_of(Ids, [&](FunctionId Id) { return Kernels[Id] != nullptr; }))
      Bad[K] = any_of(Ids, [&](FunctionId Id) {
        return checkCppTypes(M.Functions[Id].Func).has_value();
      });
  });
  bool Ok = true;
  for (size_t K = 0; K != Groups.size(); ++K) {
    if (!Bad[K])
      continue;
    for (FunctionId Id : Groups[K].members()) {
      const NativeFunction &F = M.Functions[Id];
      if (std::optional<std::string> Why = checkCppTypes(F.Func)) {
        D.error(F.FuncLoc,
                "cannot generate C++ for `" + F.Func.Name.str() + "`: " + *Why);
        Ok = false;
      }
    }
  }
  return success(Ok);
}

std::vector<std::string>
BackendStubsEmitter::declarations(const BackendIndex &I) const {
  std::vector<const BackendMetadata *> Kernels =
      getKernelsByFunction(M, I, *Functions);
  // A backend may give several operators one kernel name; each declaration
  // is written once, sorted. Spelt on threads, one slot a function.
  std::vector<std::string> Spelt(M.Functions.size());
  Ctx.getThreadPool().parallelFor(
      O.Threads, M.Functions.size(), [&](size_t Id) {
        const BackendMetadata *Meta = Kernels[Id];
        if (!Meta || StringRef(Meta->Kernel).contains("legacy::"))
          return;
        const std::string &Kernel = Meta->Kernel;
        DispatcherSignature Sig(M.Functions[Id], "",
                                StringRef(Kernel).contains("_symint"));
        Spelt[Id] = "static " + Sig.decl(&Kernel) + ";";
      });
  std::set<std::string> Decls;
  for (const FunctionGroup &G : *M.Groups)
    for (FunctionId Id : G.members())
      if (!Spelt[Id].empty())
        Decls.insert(std::move(Spelt[Id]));
  return {Decls.begin(), Decls.end()};
}

LogicalResult BackendStubsEmitter::registrations(const BackendIndex &I,
                                                 Registrations &R) {
  RegisterDispatchKeyEmitter E(Ctx, M, I, ClassName, Functions.get());
  E.setOperatorLocations(
      [&](const OperatorName &Name) { return B.getLocation(Name); });
  // Groups are independent: generate them on threads into per-group slots,
  // then join the slots in order so the output does not depend on the
  // thread count. Diagnostics are sorted by location when flushed.
  size_t N = M.Groups->size();
  std::vector<std::vector<std::string>> Regs(N), Wrappers(N);
  std::vector<char> Failed(N, 0);
  D.beginDeferred();
  Ctx.getThreadPool().parallelFor(O.Threads, N, [&](size_t K) {
    const FunctionGroup &G = (*M.Groups)[K];
    Failed[K] =
        failed(E.emit(G, RegisterTarget::Registration, Regs[K])) ||
        failed(E.emit(G, RegisterTarget::AnonymousDefinition, Wrappers[K]));
  });
  D.flushDeferred();
  if (llvm::is_contained(Failed, 1))
    return failure();
  for (size_t K = 0; K != N; ++K) {
    for (std::string &S : Regs[K])
      R.Regs.push_back(std::move(S));
    for (std::string &S : Wrappers[K])
      R.Defs.push_back(std::move(S));
  }
  return success();
}

std::optional<std::string>
BackendStubsEmitter::registrationFile(const BackendIndex &I, Registrations R) {
  std::string Key = toString(I.Key).str();
  std::string Lower = StringRef(Key).lower();
  TemplateEnv Static;
  Static["dispatch_key"] = Key;
  Static["dispatch_registrations_body"] = std::move(R.Regs);
  Expected<std::string> StaticInit =
      CodeTemplate("TORCH_LIBRARY_IMPL(aten, $dispatch_key, m) {\n"
                   "    $dispatch_registrations_body\n}",
                   "static registrations")
          .substitute(Static);
  if (!StaticInit) {
    D.error(SMLoc(), toString(StaticInit.takeError()));
    return std::nullopt;
  }

  auto [Prologue, Epilogue] = getNamespaceLines("at");
  TemplateEnv Defs;
  Defs["ns_prologue"] = Prologue;
  Defs["ns_epilogue"] = Epilogue;
  Defs["static_init_dispatch_registrations"] = std::move(*StaticInit);
  Defs["deferred_dispatch_registrations"] = "";
  Defs["dispatch_namespace"] = Lower;
  Defs["dispatch_namespaced_definitions"] = "";
  Defs["dispatch_anonymous_definitions"] = std::move(R.Defs);
  std::optional<std::string> DefsText =
      Files.substitute("RegisterDispatchDefinitions.ini", std::move(Defs));
  if (!DefsText)
    return std::nullopt;
  // torchgen splits the definitions at newlines and substitutes the lines
  // as a list, which drops the empty ones; the text without its empty lines
  // substitutes the same, without a string per line.
  std::string DefLines;
  DefLines.reserve(DefsText->size());
  for (StringRef Rest = *DefsText; !Rest.empty();) {
    auto [Line, Tail] = Rest.split('\n');
    if (!Line.empty()) {
      DefLines += Line;
      DefLines += '\n';
    }
    Rest = Tail;
  }

  TemplateEnv Env;
  Env["extra_cuda_headers"] = "";
  Env["external_backend_headers"] = "#include \"" + O.OutputDirSpelling + "/" +
                                    toString(*B.BackendKey).str() +
                                    "NativeFunctions.h\"";
  Env["ops_headers"] = "#include <ATen/Functions.h>";
  Env["DispatchKey"] = Key;
  Env["dispatch_namespace"] = Lower;
  Env["dispatch_headers"] =
      getRegistrationHeaders(I, /*PerOperatorHeaders=*/false, /*Rocm=*/false);
  Env["dispatch_helpers"] = getRegistrationHelpers(I);
  Env["dispatch_definitions"] = std::move(DefLines);
  return Files.substitute("RegisterDispatchKey.cpp", std::move(Env));
}

LogicalResult BackendStubsEmitter::run() {
  if (!M.Groups || !M.BackendIndices) {
    D.error(B.BackendLoc, "generating backend stubs needs the default "
                          "pipeline (groups and backend indices) to have run");
    return failure();
  }
  std::string Key = toString(*B.BackendKey).str();
  const BackendIndex *BackendI = M.getBackendIndex(*B.BackendKey);
  if (!BackendI) {
    D.error(B.BackendLoc, "no backend index for `" + Key +
                              "`; run the backend-index pass with this yaml");
    return failure();
  }
  const BackendIndex &Backend = *BackendI;
  const BackendIndex *Autograd =
      B.AutogradKey ? M.getBackendIndex(*B.AutogradKey) : nullptr;
  ClassName = getBackendClassName(B);
  Functions = std::make_unique<FunctionIndex>(M);

  // (A `symint:` entry for an operator without SymInt arguments, which
  // torchgen cannot declare, is backend-index's error.)
  bool Ok = succeeded(checkTypes(Backend));
  if (Autograd)
    Ok &= succeeded(checkTypes(*Autograd));
  if (!Ok)
    return failure();

  // Problems are reported in the order of a run that made the files one
  // after another: the header's template, each index's registrations, then
  // the registration files' templates.
  if (!Files.loadTemplate("DispatchKeyNativeFunctions.h"))
    return failure();
  Registrations Forward, Backward;
  if (failed(registrations(Backend, Forward)) ||
      (Autograd && failed(registrations(*Autograd, Backward))))
    return failure();
  if (!Files.loadTemplate("RegisterDispatchDefinitions.ini") ||
      !Files.loadTemplate("RegisterDispatchKey.cpp"))
    return failure();
  // The header's declarations report nothing: one thread spells them while
  // the other substitutes the registration files' templates, the longest
  // serial step of a run (about 0.6 ms of torch_xla's 15; spelling the
  // declarations alongside took 0.1 ms off the run).
  std::vector<std::string> Decls;
  std::optional<std::string> ForwardFile, BackwardFile;
  Ctx.getThreadPool().parallelFor(O.Threads, 2, [&](size_t Task) {
    if (Task == 0) {
      Decls = declarations(Backend);
      if (Autograd) {
        std::vector<std::string> More = declarations(*Autograd);
        Decls.insert(Decls.end(), More.begin(), More.end());
      }
      return;
    }
    ForwardFile = registrationFile(Backend, std::move(Forward));
    if (ForwardFile && Autograd)
      BackwardFile = registrationFile(*Autograd, std::move(Backward));
  });
  auto [Prologue, Epilogue] = getNamespaceLines(B.CppNamespace);
  TemplateEnv Env;
  Env["generated_comment"] =
      "Autogenerated file by gen_backend_stubs.py. Do not edit directly!";
  Env["namespace_prologue"] = Prologue;
  Env["class_name"] = ClassName;
  Env["namespace_epilogue"] = Epilogue;
  Env["dispatch_declarations"] = std::move(Decls);
  Env["BackendName"] = "";
  Env["DispatchKey"] = Key;
  if (failed(Files.writeWithTemplate(Key + "NativeFunctions.h",
                                     "DispatchKeyNativeFunctions.h",
                                     std::move(Env))))
    return failure();
  if (!ForwardFile || failed(Files.writeText("Register" + Key + ".cpp",
                                             std::move(*ForwardFile))))
    return failure();
  if (Autograd &&
      (!BackwardFile || failed(Files.writeText(
                            "Register" + toString(Autograd->Key).str() + ".cpp",
                            std::move(*BackwardFile)))))
    return failure();
  return success();
}

LogicalResult opgen::emitBackendStubFiles(EmitContext &EC) {
  if (!EC.M.Backend) {
    EC.Ctx.getDiags().error(SMLoc(), "the backend-stubs emitter needs a "
                                     "backend yaml (--backend-yaml)");
    return failure();
  }
  // Nothing to generate for a backend without operators of its own, as with
  // torchgen (a backend may start from an empty list).
  if (!EC.M.Backend->BackendKey)
    return success();
  return BackendStubsEmitter(EC).run();
}
