//===- RegisterDispatchKeys.cpp - Register<Key>_N.cpp for in-tree keys ----===//
//
// torchgen.gen writes Register<Key>_N.cpp and Register<Key>Everything.cpp for
// every in-tree dispatch key (gen_source_files): the key's wrappers, their
// registrations with the dispatcher and the key's direct C++ API
// (at::cpu::add), sharded by root name (four shards for CPU). Each group's
// code is RegisterDispatchDefinitions.ini substituted on its own, in the
// namespace of its kernel. What one group generates is
// RegisterDispatchKeyEmitter's, shared with external backends.
//
//===----------------------------------------------------------------------===//

#include "opgen/Emit/ATen/AtenGroups.h"
#include "opgen/Emit/ATen/KernelTable.h"
#include "opgen/Emit/CppApiWrappers.h"
#include "opgen/Emit/Dest/Namespaces.h"
#include "opgen/Emit/Dest/RegisterDispatchKey.h"
#include "opgen/Emit/Emitters.h"
#include "opgen/Emit/FileManager.h"
#include "opgen/IR/DispatchKey.h"
#include "opgen/Support/Parallel.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <set>

using namespace opgen;
using namespace llvm;

namespace {
/// One key's Register<Key>.cpp.
class KeyRegistrations {
public:
  KeyRegistrations(EmitContext &EC, DispatchKey Key, const BackendIndex &Index,
                   std::vector<const BackendMetadata *> Kernels)
      : EC(EC), M(EC.M), Key(Key), Index(Index),
        E(EC.Ctx, EC.M, Index, std::move(Kernels)),
        FM(getDispatchKeyFiles(EC, Key)) {
    E.useWrapperCache(EC);
  }

  /// Each group's definitions, on threads; fails after reporting.
  LogicalResult makeDefinitions();
  /// The key's files from them (no diagnostics: safe to run beside other
  /// keys' on threads).
  void makeFiles();
  /// Claim and add the files made, reporting their problems.
  LogicalResult addFiles() { return FM.addSharded(std::move(Files)); }

private:
  /// get_native_function_definitions for one group: its lines, without the
  /// empty ones; none after reporting a problem.
  std::optional<std::string> definitions(const FunctionGroup &G);
  std::vector<std::string> operatorHeaders() const;

  EmitContext &EC;
  const Module &M;
  DispatchKey Key;
  const BackendIndex &Index;
  RegisterDispatchKeyEmitter E;
  FileManager &FM;
  std::vector<std::optional<std::string>> Texts;
  ShardedFiles Files;
};
} // namespace

std::optional<std::string>
KeyRegistrations::definitions(const FunctionGroup &G) {
  std::vector<std::string> Namespaced, Anonymous, Regs;
  if (failed(E.emit(G, RegisterTarget::NamespacedDefinition, Namespaced)))
    return std::nullopt;
  if (Namespaced.empty())
    return std::string();
  if (failed(E.emit(G, RegisterTarget::AnonymousDefinition, Anonymous)) ||
      failed(E.emit(G, RegisterTarget::Registration, Regs)))
    return std::nullopt;
  std::optional<std::string> KernelNS = E.getKernelNamespace(G);
  if (!KernelNS)
    return std::nullopt;
  // The kernel namespace less its `::native` (at::native -> at).
  std::string NS;
  for (StringRef Rest = *KernelNS;;) {
    size_t At = Rest.find("::native");
    NS += Rest.take_front(At).str();
    if (At == StringRef::npos)
      break;
    Rest = Rest.drop_front(At + 8);
  }
  std::string KeyName = toString(Key).str();
  std::string Body;
  if (!Regs.empty() && !EC.Options.SkipDispatcherOpRegistration) {
    const NativeFunction &F =
        M.Functions[G.IsGroup ? G.Functional : G.Function];
    Body =
        "\nTORCH_LIBRARY_IMPL(" + F.Namespace + ", " + KeyName + ", m) {\n    ";
    for (size_t I = 0; I != Regs.size(); ++I) {
      if (I)
        Body += '\n';
      Body += Regs[I];
    }
    Body += "\n}";
  }
  auto [Prologue, Epilogue] = getNamespaceLines(NS);
  // Once per group: an array of values, not a StringMap.
  TemplateValue Values[] = {std::move(Prologue),
                            std::move(Epilogue),
                            std::move(Anonymous),
                            std::move(Body),
                            "",
                            StringRef(KeyName).lower(),
                            std::move(Namespaced)};
  TemplateArg Args[] = {{"ns_prologue", &Values[0]},
                        {"ns_epilogue", &Values[1]},
                        {"dispatch_anonymous_definitions", &Values[2]},
                        {"static_init_dispatch_registrations", &Values[3]},
                        {"deferred_dispatch_registrations", &Values[4]},
                        {"dispatch_namespace", &Values[5]},
                        {"dispatch_namespaced_definitions", &Values[6]}};
  std::optional<std::string> Text =
      FM.substitute("RegisterDispatchDefinitions.ini", Args);
  if (!Text)
    return std::nullopt;
  // torchgen splits the text at newlines and substitutes the lines as a
  // list, which drops the empty ones: done in place (a copy of 10 MB a run
  // less).
  dropEmptyLines(*Text);
  return Text;
}

std::vector<std::string> KeyRegistrations::operatorHeaders() const {
  std::string NS = StringRef(toString(Key)).lower();
  bool Functions = hasDispatchKeyFunctions(Key, EC.Options);
  if (!EC.Options.PerOperatorHeaders) {
    std::vector<std::string> H{"#include <ATen/NativeFunctions.h>"};
    if (Key == DispatchKey::CompositeExplicitAutogradNonFunctional)
      H.push_back("#include <ATen/Functions.h>");
    if (Functions)
      H.push_back("#include <ATen/" + toString(Key).str() + "Functions.h>");
    return H;
  }
  // The root names of the groups the key registers something of.
  std::set<std::string> H;
  for (const FunctionGroup &G : *M.Groups) {
    FunctionId Primary = !G.IsGroup              ? G.Function
                         : Index.UseOutAsPrimary ? G.Out
                                                 : G.Functional;
    bool Registered = E.getKernel(M.Functions[Primary]);
    if (!Registered && G.IsGroup)
      Registered = llvm::any_of(G.members(), [&](FunctionId Id) {
        return E.getKernel(M.Functions[Id]) != nullptr;
      });
    if (!Registered && G.IsGroup && G.Structured &&
        (Key == DispatchKey::Meta ||
         Key == DispatchKey::CompositeExplicitAutogradNonFunctional))
      Registered = true;
    if (!Registered)
      continue;
    const NativeFunction &F =
        M.Functions[G.IsGroup ? G.Functional : G.Function];
    const std::string &Root = F.Names ? F.Names->Root : F.rootName();
    H.insert("#include <ATen/ops/" + Root + "_native.h>");
    if (Key == DispatchKey::CompositeExplicitAutogradNonFunctional)
      H.insert("#include <ATen/ops/" + Root + ".h>");
    if (Functions)
      H.insert("#include <ATen/ops/" + Root + "_" + NS + "_dispatch.h>");
  }
  return {H.begin(), H.end()};
}

LogicalResult KeyRegistrations::makeDefinitions() {
  size_t N = M.Groups->size();
  Texts.assign(N, std::nullopt);
  DiagnosticEngine &Diags = EC.Ctx.getDiags();
  Diags.beginDeferred();
  EC.Ctx.getThreadPool().parallelFor(EC.Options.Threads, N, [&](size_t I) {
    Texts[I] = definitions((*M.Groups)[I]);
  });
  Diags.flushDeferred();
  return success(llvm::none_of(Texts, [](const auto &T) { return !T; }));
}

void KeyRegistrations::makeFiles() {
  size_t N = M.Groups->size();
  // Reserved: a ShardItem is copied, not moved, when the vector grows.
  std::vector<ShardItem> Items;
  Items.reserve(N);
  for (size_t I = 0; I != N; ++I) {
    if (Texts[I]->empty())
      continue;
    const FunctionGroup &G = (*M.Groups)[I];
    const NativeFunction &F =
        M.Functions[G.IsGroup ? G.Functional : G.Function];
    ShardItem &Item = Items.emplace_back();
    Item.Key = F.Names ? F.Names->Root : F.rootName();
    Item.Env["dispatch_definitions"] =
        std::vector<std::string>{std::move(*Texts[I])};
  }

  bool Cuda = getFlags(Key) & DK_Cuda;
  TemplateEnv Base;
  Base["extra_cuda_headers"] =
      !Cuda ? ""
      : EC.Options.Rocm
          ? "#include <c10/hip/HIPGuard.h>\n#include "
            "<ATen/hip/ATenHIPGeneral.h>\n#include "
            "<ATen/hip/HIPDevice.h>\n#include <ATen/hip/HIPContext.h>"
          : "#include <c10/cuda/CUDAGuard.h>\n#include "
            "<ATen/cuda/ATenCUDAGeneral.h>\n#include "
            "<ATen/cuda/CUDADevice.h>\n#include <ATen/cuda/CUDAContext.h>";
  Base["external_backend_headers"] = "";
  Base["dispatch_headers"] = getRegistrationHeaders(
      Index, EC.Options.PerOperatorHeaders, EC.Options.Rocm);
  Base["ops_headers"] = operatorHeaders();
  // CompositeImplicitAutogradNestedTensor uses none of the helpers, which
  // -Werror=unused-function would reject.
  Base["dispatch_helpers"] =
      Key == DispatchKey::CompositeImplicitAutogradNestedTensor
          ? std::vector<std::string>()
          : getRegistrationHelpers(Index);
  Files = FM.makeSharded("Register" + toString(Key).str() + ".cpp",
                         "RegisterDispatchKey.cpp", std::move(Items),
                         Key == DispatchKey::CPU ? 4 : 1, Base,
                         {"dispatch_definitions"});
  // The files keep the items they refer to; the rest goes.
  Texts.clear();
}

LogicalResult opgen::emitRegisterDispatchKeys(EmitContext &EC) {
  if (!EC.Options.GenerateSources)
    return success();
  if (failed(checkCppApiModule(EC, "Register<Key>.cpp", /*NeedsGroups=*/true)))
    return failure();
  const Module &M = EC.M;
  KernelTable Kernels(M);
  // A key no function names gets torchgen's default index: key Undefined,
  // no kernels.
  BackendIndex Empty;
  std::vector<std::unique_ptr<KeyRegistrations>> Keys;
  for (DispatchKey K : getGenDispatchKeys(M, EC.Options)) {
    const BackendIndex *Index = &Empty;
    std::vector<const BackendMetadata *> ByFunction(M.Functions.size());
    for (size_t Slot = 0; Slot != Kernels.numKeys(); ++Slot)
      if (Kernels.indices()[Slot]->Key == K) {
        Index = Kernels.indices()[Slot];
        for (FunctionId Id = 0; Id != M.Functions.size(); ++Id)
          ByFunction[Id] = Kernels.kernel(Slot, Id);
      }
    Keys.push_back(std::make_unique<KeyRegistrations>(EC, K, *Index,
                                                      std::move(ByFunction)));
  }
  // Each key's definitions on every thread, key after key (their
  // diagnostics in order); then the files of all keys at once, one key a
  // thread: made key by key, joining the 22 keys' files left a core idle
  // for about 45 M instructions a run.
  bool Ok = true;
  for (auto &K : Keys)
    Ok &= succeeded(K->makeDefinitions());
  if (!Ok)
    return failure();
  EC.Ctx.getThreadPool().parallelFor(EC.Options.Threads, Keys.size(),
                                     [&](size_t I) { Keys[I]->makeFiles(); });
  for (auto &K : Keys)
    Ok &= succeeded(K->addFiles());
  return success(Ok);
}
